/**
 * Receipt positions of the expense form (spec §2, §4, §5) as plain data: the list, the member
 * chips, the item menu's actions, and what the items make of the expense. Money is integer cents;
 * every split is the domain's, so the form shows exactly what the server will store.
 */
import {
  type Cents,
  type ItemSplit,
  type ItemSplitProblem,
  isItemAssigned,
  itemParticipants,
  itemSplitMemberIds,
  type Position,
  type SnapshotItem,
  splitItem,
  splitItems,
  sumCents,
  toggleItemMember,
} from '@dolya/domain';
import type { BotDraft, Expense } from '../../lib/api-types';

/** One position as the form holds it. */
export interface FormItem {
  /** A stable key for the list: the stored id, or one made for a new position. */
  key: string;
  /** The stored item this is; absent until the expense is saved with it. */
  id?: string;
  name: string;
  /** Quantity; 1 when added by hand. */
  number: number;
  amountCents: Cents;
  split: ItemSplit;
}

const NOBODY: ItemSplit = { method: 'members', memberIds: [] };
let made = 0;

/** A key for a position that has no id yet. */
function newKey(): string {
  made += 1;
  return `new-${made}`;
}

export function itemsFromExpense(expense: Pick<Expense, 'items'>): FormItem[] {
  return expense.items.map((item) => ({ key: item.id, ...item }));
}

/** The bot's receipt lines: each a members split of the people it named. */
export function itemsFromBotDraft(botDraft: BotDraft): FormItem[] {
  return botDraft.expense.items.map((item) => ({
    key: newKey(),
    name: item.name,
    number: 1,
    amountCents: item.amountCents,
    split: { method: 'members', memberIds: item.participantIds },
  }));
}

/** The snapshot (the items as first recognised), read-only, in the same shape. */
export function itemsFromSnapshot(snapshot: readonly SnapshotItem[]): FormItem[] {
  return snapshot.map((item, index) => ({ key: `original-${index}`, ...item }));
}

/** A position added by hand: nobody on it yet. */
export function addItem(items: readonly FormItem[], position: Position): FormItem[] {
  return [...items, { key: newKey(), ...position, split: NOBODY }];
}

/**
 * A position edited by hand. A numeric split typed for the old amount is kept only while it still
 * shares the new amount out; otherwise the item goes back to a plain members split of the same people.
 */
export function editItem(
  items: readonly FormItem[],
  key: string,
  position: Position,
  memberOrder: readonly string[],
): FormItem[] {
  return items.map((item) => {
    if (item.key !== key) return item;
    const split = splitStillFits(item.split, position.amountCents, memberOrder)
      ? item.split
      : ({ method: 'members', memberIds: itemParticipants(item.split, memberOrder) } as const);
    return { ...item, ...position, split };
  });
}

function splitStillFits(split: ItemSplit, amountCents: Cents, memberOrder: readonly string[]): boolean {
  try {
    splitItem(amountCents, split, memberOrder);
    return true;
  } catch {
    return false;
  }
}

export function deleteItem(items: readonly FormItem[], key: string): FormItem[] {
  return items.filter((item) => item.key !== key);
}

export function setItemSplit(items: readonly FormItem[], key: string, split: ItemSplit): FormItem[] {
  return items.map((item) => (item.key === key ? { ...item, split } : item));
}

/** A member chip pressed on an item: the member joins or leaves it (a numeric split becomes members). */
export function toggleMemberOnItem(
  items: readonly FormItem[],
  key: string,
  memberId: string,
  memberOrder: readonly string[],
): FormItem[] {
  return setItemSplit(
    items,
    key,
    toggleItemMember(items.find((item) => item.key === key)?.split ?? NOBODY, memberId, memberOrder),
  );
}

/** The item menu's "assign to all": every member of the list shares it equally. */
export function assignAll(items: readonly FormItem[], key: string, memberIds: readonly string[]): FormItem[] {
  return setItemSplit(items, key, { method: 'members', memberIds: [...memberIds] });
}

/** The item menu's "remove all": nobody on it. */
export function removeAll(items: readonly FormItem[], key: string): FormItem[] {
  return setItemSplit(items, key, NOBODY);
}

/** Whether a member takes part in an item. */
export function isOnItem(item: FormItem, memberId: string, memberOrder: readonly string[]): boolean {
  return itemParticipants(item.split, memberOrder).includes(memberId);
}

/** Spec §4: once any item has someone on it, the items decide the expense. */
export function itemsAssigned(items: readonly FormItem[]): boolean {
  return items.some((item) => isItemAssigned(item.split));
}

export interface ItemTotals {
  /** Each item's parts, in the items' order; {} for an item nobody is on. */
  parts: Record<string, Cents>[];
  /** Each member's sum over the items, exact. */
  perMember: Record<string, Cents>;
  /** The sum of the item amounts: the expense's amount. */
  totalCents: Cents;
  /** What items nobody is on add up to. */
  unassignedCents: Cents;
}

/** What the items make of the expense; items the domain cannot split count as unassigned. */
export function itemTotals(items: readonly FormItem[], memberOrder: readonly string[]): ItemTotals {
  const splittable = items.map((item) =>
    splitStillFits(item.split, item.amountCents, memberOrder) ? item.split : NOBODY,
  );
  const result = splitItems(
    items.map((item, index) => ({ amountCents: item.amountCents, split: splittable[index]! })),
    memberOrder,
  );
  return {
    parts: result.items,
    perMember: result.totals,
    totalCents: result.totalCents,
    unassignedCents: sumCents(
      items.filter((_, index) => !isItemAssigned(splittable[index]!)).map((item) => item.amountCents),
    ),
  };
}

/** Every member an item list names, for the form's rows of removed seats. */
export function itemMemberIds(items: readonly { split: ItemSplit }[]): string[] {
  return [...new Set(items.flatMap((item) => itemSplitMemberIds(item.split)))];
}

/** The items as expenses.create / expenses.update take them. */
export function itemsToApi(items: readonly FormItem[]) {
  return items.map(({ id, name, number, amountCents, split }) => ({
    ...(id ? { id } : {}),
    name,
    number,
    amountCents,
    split,
  }));
}

export type { ItemSplitProblem };
