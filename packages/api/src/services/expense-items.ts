import { type Database, expenseItems, type expenses } from '@dolya/db';
import {
  DomainError,
  type ExpenseItemInput,
  type SnapshotItem,
  sameItemSplit,
  splitItems,
} from '@dolya/domain';
import { and, asc, eq } from 'drizzle-orm';
import { AppError } from '../errors';
import type { MemberRow } from './access';
import type { ResolvedItem } from './expense-rules';

type ExpenseRow = typeof expenses.$inferSelect;
export type ItemRow = typeof expenseItems.$inferSelect;

/** The stored items of an expense, in their order. */
export async function storedItems(db: Database, expense: ExpenseRow): Promise<ItemRow[]> {
  return db
    .select()
    .from(expenseItems)
    .where(and(eq(expenseItems.groupId, expense.groupId), eq(expenseItems.expenseId, expense.id)))
    .orderBy(asc(expenseItems.position));
}

/** Stored items as a client would send them back, so an update without items is derived from them. */
export function itemsAsInput(rows: readonly ItemRow[]): ExpenseItemInput[] {
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    number: Number(row.quantity),
    amountCents: row.amountCents,
    split: row.split,
  }));
}

/**
 * Items sent with an id keep it: each id must be one of the expense's own items, once. Items
 * left out are removed (the caller replaces the whole list). A new expense has no items yet.
 */
export function checkItemIds(sent: readonly ExpenseItemInput[], stored: readonly ItemRow[]) {
  const own = new Set(stored.map((row) => row.id));
  const seen = new Set<string>();
  sent.forEach((item, index) => {
    if (!item.id) return;
    const field = `items.${index}.id`;
    if (!own.has(item.id)) {
      throw new AppError('VALIDATION_ERROR', `${field}: not an item of this expense`, field);
    }
    if (seen.has(item.id)) throw new AppError('VALIDATION_ERROR', `${field}: the same item twice`, field);
    seen.add(item.id);
  });
}

/** Whether the caller may use the item menu of this expense: a group admin or its creator (spec §6). */
export function mayManageItems(member: MemberRow, expense: ExpenseRow): boolean {
  return member.isAdmin || expense.createdByMemberId === member.id;
}

/**
 * What a member who may not use the item menu may still change: who shares each item, as the
 * member chips do. The items must stay the same items, in the same order, with the same name,
 * quantity and amount, and an item whose split changed must now be a plain members split (a chip
 * pressed on an item split by amounts, shares or percentages makes it one). Adding, deleting,
 * reordering or editing an item, or splitting it in the dialog, is the menu's: FORBIDDEN.
 */
export function requireChipChangesOnly(stored: readonly ItemRow[], sent: readonly ResolvedItem[]) {
  const forbidden = (field: string): never => {
    throw new AppError(
      'FORBIDDEN',
      "Only a group admin or the expense's creator can add, delete or edit its positions, or split them by amounts, shares or percentages",
      field,
    );
  };
  if (sent.length !== stored.length) forbidden('items');
  sent.forEach((item, index) => {
    const before = stored[index]!;
    const same =
      item.id === before.id &&
      item.name === before.name &&
      Number(item.quantity) === Number(before.quantity) &&
      item.amountCents === before.amountCents;
    if (!same) forbidden(`items.${index}`);
    if (item.split.method !== 'members' && !sameItemSplit(item.split, before.split)) {
      forbidden(`items.${index}.split`);
    }
  });
}

/**
 * The items as first recognised, checked like items (amounts above 0, splits of the group's
 * seats that share each item out), so the "original" view always adds up.
 */
export function checkSnapshot(snapshot: readonly SnapshotItem[], seats: readonly MemberRow[]) {
  snapshot.forEach((item, index) => {
    if (!Number.isSafeInteger(item.amountCents) || item.amountCents <= 0) {
      const field = `snapshot.${index}.amount`;
      throw new AppError('INVALID_AMOUNT', `${field}: must be above 0`, field);
    }
  });
  try {
    splitItems(
      snapshot,
      seats.map((s) => s.id),
    );
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    const field = error.field?.replace(/^items\./, 'snapshot.') ?? 'snapshot';
    throw new AppError(error.code, `${field}: ${error.message}`, field);
  }
}

function sameSnapshotItem(a: SnapshotItem, b: SnapshotItem): boolean {
  return (
    a.name === b.name &&
    a.number === b.number &&
    a.amountCents === b.amountCents &&
    sameItemSplit(a.split, b.split)
  );
}

/**
 * The snapshot is set once, when the expense is created, and never changed: an update may leave
 * it out or send it back as it is; anything else is refused (400, field `snapshot`).
 */
export function requireSnapshotUnchanged(
  sent: readonly SnapshotItem[] | null | undefined,
  stored: readonly SnapshotItem[] | null,
) {
  if (sent === undefined) return;
  const same =
    sent === null || stored === null
      ? sent === stored
      : sent.length === stored.length && sent.every((item, i) => sameSnapshotItem(item, stored[i]!));
  if (!same) {
    throw new AppError(
      'VALIDATION_ERROR',
      'snapshot: the items as first recognised are kept as they were and cannot be changed',
      'snapshot',
    );
  }
}
