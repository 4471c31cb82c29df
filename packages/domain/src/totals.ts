import type { Cents } from './money';

/** What one currency adds up to across a person's groups: owed to them, and owed by them. */
export interface CurrencyTotal {
  currency: string;
  /** The sum of the groups where others owe the person (positive nets). */
  owedToYouCents: Cents;
  /** The sum of the groups where the person owes (negative nets), as a positive number. */
  youOweCents: Cents;
}

/**
 * The home screen's totals: the person's net in each group (paid minus owed, settlements in),
 * summed per currency, never across currencies. Currencies come in the order first seen;
 * one where every group is settled is left out.
 */
export function totalsByCurrency(groups: readonly { currency: string; netCents: Cents }[]): CurrencyTotal[] {
  const totals = new Map<string, CurrencyTotal>();
  for (const { currency, netCents } of groups) {
    let total = totals.get(currency);
    if (!total) {
      total = { currency, owedToYouCents: 0, youOweCents: 0 };
      totals.set(currency, total);
    }
    if (netCents > 0) total.owedToYouCents += netCents;
    else total.youOweCents -= netCents;
  }
  return [...totals.values()].filter((t) => t.owedToYouCents > 0 || t.youOweCents > 0);
}
