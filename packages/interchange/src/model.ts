import type { Cents } from '@dolya/domain';

/** The files Dolya reads (issue 29). */
export type ImportFormat = 'splitwise-csv' | 'spliit-csv' | 'spliit-json';

/** A person named by the file: a column of a CSV, a participant of a JSON export. */
export interface ImportPerson {
  /** Stable within one reading: "p1", "p2"… in the file's order. */
  key: string;
  /** The name exactly as the file spells it (trimmed). */
  name: string;
}

/** Why a row (or the file) could not be read; the texts for people are the UI's (by code). */
export type ImportProblemCode =
  /** Not a file of this format at all (no header, wrong columns). */
  | 'NOT_THIS_FORMAT'
  /** The CSV itself is broken from this line on (an unclosed quote). */
  | 'BROKEN_CSV'
  | 'WRONG_COLUMN_COUNT'
  | 'BAD_DATE'
  | 'BAD_AMOUNT'
  | 'NEGATIVE_COST'
  | 'MISSING_CURRENCY'
  | 'UNKNOWN_CURRENCY'
  /** The people's columns of a row do not add up to zero. */
  | 'NETS_NOT_ZERO'
  /** What the row's payers got back is more than the row cost. */
  | 'NETS_EXCEED_COST'
  /** A Spliit CSV row whose payer had no share: the file does not say who paid. */
  | 'PAYER_UNKNOWN'
  /** A Spliit CSV row whose shares are far from its cost (more than a cent per person). */
  | 'SHARES_NOT_COST'
  | 'BAD_RATE'
  /** Not JSON, or JSON without a Spliit group's participants and expenses. */
  | 'BAD_JSON'
  /** An expense names a participant the file does not list. */
  | 'UNKNOWN_PERSON'
  /** An expense shared by no one. */
  | 'NO_SHARES';

export interface ImportProblem {
  /** 1-based line of the file where the row starts (0: the file as a whole). */
  line: number;
  code: ImportProblemCode;
  /** A plain English explanation for logs and the API's 400; screens translate `code`. */
  message: string;
}

/** The amount as paid in another currency (Spliit keeps it beside the converted cost). */
export interface ImportOriginal {
  currency: string;
  amountCents: Cents;
  /** Units of the row's currency for one unit of the original, exact decimal text. */
  rate: string;
}

/** One readable row: an expense or a repayment, with what it did to each person. */
export interface ImportRow {
  /** 1-based line where the row starts (a JSON file: the expense's place in its list). */
  line: number;
  /** YYYY-MM-DD. */
  date: string;
  description: string;
  /** The category as the file names it (localized for Splitwise); '' when none. */
  category: string;
  /** ISO 4217 code. */
  currency: string;
  /** The cost as the file gives it (a repayment: the amount repaid). */
  costCents: Cents;
  /**
   * Each person's net effect in cents (paid minus share; a repayment: sent minus received),
   * keyed by person key; people the row leaves untouched are absent. Sums to zero.
   */
  nets: Record<string, Cents>;
  /**
   * Who paid, when the file says so (Spliit): then the shares are `cost - net` for the payer
   * and `-net` for everyone else. A Splitwise CSV does not say; see ledger.ts.
   */
  paidBy?: string;
  original?: ImportOriginal;
  /** How the file split it, where it says (Spliit JSON); the nets already hold the result. */
  split?: ImportSplit;
  notes?: string;
  /** Spliit's recurrence ('DAILY', 'WEEKLY', 'MONTHLY'), where the row repeats. */
  recurrence?: string;
}

/**
 * A split as the file keeps it. `weights` per person key, in Spliit's units: 'evenly' 1 each;
 * 'shares' the shares times 100; 'percentages' hundredths of a percent (sum 10000); 'amounts'
 * minor units of the row's currency. Each person's share is the cost apportioned by them.
 */
export interface ImportSplit {
  mode: 'evenly' | 'shares' | 'percentages' | 'amounts';
  weights: Record<string, number>;
}

/** What each person's balance is in one currency according to the file itself. */
export interface ImportTotals {
  /** 1-based line of the "Total balance" row (0 when computed, not read). */
  line: number;
  currency: string;
  nets: Record<string, Cents>;
}

/** A file read into Dolya's neutral shape; nothing is written from it yet. */
export interface ImportFile {
  format: ImportFormat;
  /** The header language recognised (Splitwise), else 'en'. */
  language: string;
  /** A group name when the file has one (Spliit JSON). */
  groupName?: string;
  people: ImportPerson[];
  /** Expenses, in file order. */
  rows: ImportRow[];
  /** Repayments (Splitwise's "Payment" category, Spliit's reimbursements), in file order. */
  repayments: ImportRow[];
  /** Every row that could not be read, with its line and why, in file order. */
  problems: ImportProblem[];
  /** The file's own closing balances, one per currency (Splitwise's "Total balance" rows). */
  totals: ImportTotals[];
}
