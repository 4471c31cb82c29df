/**
 * Issue 26: receipt positions of an expense paid in another currency. The form keeps them as
 * paid, in that currency; the server stores them in the group's cents, summing exactly to the
 * converted amount (as the bot converts a receipt: each position an exact share of the converted
 * amount weighted by its own, the remainder cents to the first position).
 */
import type { Cents, ItemSplit, OriginalAmount, RateText, SnapshotItem } from '@dolya/domain';
import { centsInCurrency, convertParts, partsInCurrency } from '../../lib/fx/foreign';
import type { FormItem } from './items-model';

/** What converting a position needs of it: a stored position, a form's, or the snapshot's. */
type Priced = Pick<FormItem, 'amountCents' | 'split'>;

const byIndex = (items: readonly Priced[]) =>
  Object.fromEntries(items.map((item, index) => [String(index), item.amountCents]));
const indexOrder = (items: readonly Priced[]) => items.map((_, index) => String(index));

/** A numeric split by amounts follows its position's new amount, by the same weights. */
function splitFor(split: ItemSplit, amounts: (cents: Record<string, Cents>) => Record<string, Cents>) {
  return split.method === 'amounts' ? { method: 'amounts' as const, cents: amounts(split.cents) } : split;
}

/** Positions typed in the expense's currency, in the group's cents summing to `amountCents`. */
export function itemsInGroup(
  items: readonly FormItem[],
  amountCents: Cents,
  memberOrder: readonly string[],
): FormItem[] {
  const converted = convertParts(byIndex(items), amountCents, indexOrder(items), '0');
  return items.map((item, index) => {
    const cents = converted[String(index)] ?? 0;
    return {
      ...item,
      amountCents: cents,
      split: splitFor(item.split, (parts) => convertParts(parts, cents, memberOrder, '')),
    };
  });
}

/**
 * Stored positions (the group's cents) back in the currency paid: exact shares of the amount
 * paid, as partsInCurrency turns any stored parts back.
 */
export function itemsInCurrency<T extends Priced>(
  items: readonly T[],
  original: { amountCents: Cents; rate: RateText },
  memberOrder: readonly string[],
): T[] {
  const typed = partsInCurrency(byIndex(items), original.amountCents, original.rate, indexOrder(items), '0');
  return items.map((item, index) => {
    const cents = typed[String(index)] ?? 0;
    return {
      ...item,
      amountCents: cents,
      split: splitFor(item.split, (parts) => partsInCurrency(parts, cents, original.rate, memberOrder, '')),
    };
  });
}

/**
 * The receipt as first recognised (the snapshot, stored in the group's cents like the positions)
 * in the currency the expense was paid in, for the positions' "original" view. While it sums to the
 * expense's amount (the usual case: its money unchanged since), its positions are exact shares of
 * the amount paid, as an edit shows the positions; else (the amount or the rate edited since) each
 * is its own cents at the expense's rate, half up. In the group's currency it is as stored.
 */
export function snapshotAsPaid(
  snapshot: readonly SnapshotItem[],
  expense: { amountCents: Cents; original: OriginalAmount | null | undefined },
  memberOrder: readonly string[],
): SnapshotItem[] {
  const { original } = expense;
  if (!original || snapshot.length === 0) return [...snapshot];
  const total = snapshot.reduce((sum, item) => sum + item.amountCents, 0);
  const paidCents =
    total === expense.amountCents ? original.amountCents : centsInCurrency(total, original.rate);
  return itemsInCurrency(snapshot, { amountCents: paidCents, rate: original.rate }, memberOrder);
}
