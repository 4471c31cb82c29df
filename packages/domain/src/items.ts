import { DomainError } from './errors';
import { type Cents, sumCents } from './money';
import { splitExpense } from './split';

export interface ItemToSplit {
  amountCents: Cents;
  /** The item's members; an empty list leaves the item unallocated. */
  participantIds: readonly string[];
}

export interface ItemSplits {
  /** Per item, per member, in the items' order; keys in group order. */
  items: Record<string, Cents>[];
  /** Per member, the sum of that member's item parts; keys in group order. */
  totals: Record<string, Cents>;
  /** The expense amount: the sum of the item amounts. */
  totalCents: Cents;
}

/**
 * Receipt positions: each item is split equally among its members, the item's remainder cents
 * going to the first of its members in group order (the spec's rule for items).
 */
export function splitItems(items: readonly ItemToSplit[], memberOrder: readonly string[]): ItemSplits {
  const order = [...new Set(memberOrder)];
  const known = new Set(order);
  const parts = items.map(({ amountCents, participantIds }) => {
    for (const id of participantIds) {
      if (!known.has(id)) {
        throw new DomainError('INVALID_SPLIT', `"${id}" is not a member of this group`, 'items');
      }
    }
    const members = order.filter((id) => participantIds.includes(id));
    const first = members[0];
    if (first === undefined) return {};
    // splitExpense gives the remainder to the "payer" when they take part: here, the first member.
    const shares = Object.fromEntries(members.map((id) => [id, 1]));
    return splitExpense({ amountCents, payerId: first, memberOrder: order, method: 'shares', shares });
  });

  const totals: Record<string, Cents> = {};
  for (const id of order) {
    const mine = parts.filter((part) => Object.hasOwn(part, id)).map((part) => part[id] ?? 0);
    if (mine.length > 0) totals[id] = sumCents(mine);
  }
  return { items: parts, totals, totalCents: sumCents(items.map((item) => item.amountCents)) };
}
