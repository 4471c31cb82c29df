import type { Cents } from '@dolya/domain';

/** A seat of the group as an export names it. */
export interface ExportMember {
  id: string;
  name: string;
}

/** The amount as paid in another currency and the rate that made the entry's cost. */
export interface ExportOriginal {
  currency: string;
  amountCents: Cents;
  /** Group units for one unit of `currency`, exact decimal text. */
  rate: string;
}

/**
 * An expense or a settlement of the group, in the group's currency. For a settlement the payer is
 * the member who sent the money and the only share is the member who received it.
 */
export interface ExportEntry {
  /** YYYY-MM-DD. */
  date: string;
  description: string;
  /** The category's name as people see it; '' when none. */
  category: string;
  costCents: Cents;
  /** What each member paid, by member id. */
  payers: Record<string, Cents>;
  /** What each member's part is, by member id. */
  shares: Record<string, Cents>;
  isSettlement: boolean;
  original?: ExportOriginal;
}

/** A group as plain data, enough for the CSV export. */
export interface ExportGroup {
  name: string;
  currency: string;
  members: ExportMember[];
  /** In the order to write them (oldest first). */
  entries: ExportEntry[];
  /** YYYY-MM-DD: the date of the closing "Total balance" row. */
  exportDate: string;
}
