import { type Cents, convertCents, type RateSource, type RateText } from '@dolya/domain';

/** The rate a foreign row converts at, and how it was had. */
export interface RowRate {
  rate: RateText;
  /** YYYY-MM-DD. */
  date: string;
  source: RateSource;
}

/**
 * `total` cents apportioned by `weights` (all above zero), largest remainders first, ties to the
 * earlier one: the parts sum to exactly `total`.
 */
export function apportion(total: Cents, weights: readonly Cents[]): Cents[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum === 0) return weights.map(() => 0);
  // Floors of total * w / sum, and what each leaves over, in exact integers.
  const parts = weights.map((w) => Number((BigInt(total) * BigInt(w)) / BigInt(sum)));
  let left = total - parts.reduce((a, b) => a + b, 0);
  const order = weights
    .map((w, index) => ({ index, rest: (BigInt(total) * BigInt(w)) % BigInt(sum) }))
    .sort((a, b) => (a.rest === b.rest ? a.index - b.index : a.rest > b.rest ? -1 : 1));
  for (const { index } of order) {
    if (left <= 0) break;
    parts[index] = (parts[index] ?? 0) + 1;
    left--;
  }
  return parts;
}

/**
 * A row's amounts in the group's currency: the cost converted (round half up, as every expense in
 * another currency is), and its payers' and shares' parts apportioned from it, so each still sums
 * to the converted cost exactly.
 */
export function convertParts(
  costCents: Cents,
  rate: RateText,
  payers: readonly { key: string; cents: Cents }[],
  shares: readonly { key: string; cents: Cents }[],
) {
  const amountCents = convertCents(costCents, rate);
  const payerParts = apportion(
    amountCents,
    payers.map((p) => p.cents),
  );
  const shareParts = apportion(
    amountCents,
    shares.map((s) => s.cents),
  );
  return {
    amountCents,
    payers: payers.map((p, i) => ({ key: p.key, cents: payerParts[i] ?? 0 })).filter((p) => p.cents > 0),
    shares: shares.map((s, i) => ({ key: s.key, cents: shareParts[i] ?? 0 })),
  };
}
