/**
 * Issue 26: receipt positions of an expense paid in another currency. The form keeps them as
 * paid, in that currency; the server stores them in the group's cents, summing exactly to the
 * converted amount (as the bot converts a receipt: each position an exact share of the converted
 * amount weighted by its own, the remainder cents to the first position).
 */
import type { Cents, ItemSplit, RateText } from '@dolya/domain';
import { convertParts, partsInCurrency } from '../../lib/fx/foreign';
import type { FormItem } from './items-model';

const byIndex = (items: readonly FormItem[]) =>
  Object.fromEntries(items.map((item, index) => [String(index), item.amountCents]));
const indexOrder = (items: readonly FormItem[]) => items.map((_, index) => String(index));

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
export function itemsInCurrency(
  items: readonly FormItem[],
  original: { amountCents: Cents; rate: RateText },
  memberOrder: readonly string[],
): FormItem[] {
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
