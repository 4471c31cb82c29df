import { type ItemSplit, isItemAssigned, splitItem } from './item-split';
import { type Cents, sumCents } from './money';

/**
 * A receipt position to split: by its split, or (the bot's receipt lines) by `participantIds`,
 * shorthand for a members split among them.
 */
export type ItemToSplit =
  | { amountCents: Cents; split: ItemSplit }
  | {
      amountCents: Cents;
      /** The item's members; an empty list leaves the item unallocated. */
      participantIds: readonly string[];
    };

export interface ItemSplits {
  /** Per item, per member, in the items' order; keys in group order. */
  items: Record<string, Cents>[];
  /** Per member, the sum of that member's item parts; keys in group order. */
  totals: Record<string, Cents>;
  /** The expense amount: the sum of the item amounts. */
  totalCents: Cents;
  /** Whether any item has someone on it: then the expense is split by its items (spec §4). */
  assigned: boolean;
}

function splitOf(item: ItemToSplit): ItemSplit {
  return 'split' in item ? item.split : { method: 'members', memberIds: [...item.participantIds] };
}

/**
 * Receipt positions (spec §4): each item split its own way, exactly, its remainder cents going to
 * the first of its members in group order; each member's total is the exact sum of their parts.
 * An error names the item at fault (`items.2.split`).
 */
export function splitItems(items: readonly ItemToSplit[], memberOrder: readonly string[]): ItemSplits {
  const order = [...new Set(memberOrder)];
  const splits = items.map(splitOf);
  const parts = items.map((item, index) =>
    splitItem(item.amountCents, splits[index]!, order, `items.${index}.split`),
  );

  const totals: Record<string, Cents> = {};
  for (const id of order) {
    const mine = parts.filter((part) => Object.hasOwn(part, id)).map((part) => part[id] ?? 0);
    if (mine.length > 0) totals[id] = sumCents(mine);
  }
  return {
    items: parts,
    totals,
    totalCents: sumCents(items.map((item) => item.amountCents)),
    assigned: splits.some(isItemAssigned),
  };
}
