import { categories, type Database, expenseItems, expenseSplits, expenses, groupMembers } from '@dolya/db';
import type { Cents, ItemSplit, SnapshotItem, SplitMethod } from '@dolya/domain';
import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import { AppError } from '../errors';
import { type MemberRow, requireMember } from './access';

type ExpenseRow = typeof expenses.$inferSelect;
type SplitRow = typeof expenseSplits.$inferSelect;

/** A receipt position (spec §3 "Expense item"), money in cents. */
export interface ExpenseItem {
  id: string;
  name: string;
  /** Quantity; 1 when added by hand. */
  number: number;
  amountCents: Cents;
  /** How the item is shared, money in cents. */
  split: ItemSplit;
}

/** An expense or a settlement as clients see it (spec §3 "Expense"), money in cents. */
export interface Expense {
  id: string;
  groupId: string;
  name: string;
  amountCents: Cents;
  paidById: string;
  /** Members with a split, in group order. */
  participants: string[];
  /** Cents per member id, in group order. */
  splitCents: Record<string, Cents>;
  /** ISO timestamp. */
  date: string;
  notes: string | null;
  settlement: boolean;
  settlementFromId: string | null;
  settlementToId: string | null;
  createdById: string | null;
  category: { id: string; name: string } | null;
  splitMethod: SplitMethod;
  sharesInput: Record<string, number> | null;
  percentagesInput: Record<string, number> | null;
  /** Names of removed members the expense still refers to. */
  memberNames: Record<string, string>;
  items: ExpenseItem[];
  /** The items as first recognised (by the bot), never changed by edits; only `expenses.get` returns it. */
  snapshot: SnapshotItem[] | null;
  /** Optimistic concurrency: send it back on update. */
  version: number;
}

/** Seats of a group in group order, removed ones included. */
export async function groupSeats(db: Database, groupId: string): Promise<MemberRow[]> {
  return db
    .select()
    .from(groupMembers)
    .where(eq(groupMembers.groupId, groupId))
    .orderBy(asc(groupMembers.position));
}

/** A row of the expense list: the expense without its snapshot (read one expense for it). */
export type ExpenseListItem = Omit<Expense, 'snapshot'>;

export async function listExpenses(
  db: Database,
  userId: string,
  groupId: string,
): Promise<ExpenseListItem[]> {
  await requireMember(db, groupId, userId);
  const rows = await db
    .select({ expense: expenses, categoryName: categories.name })
    .from(expenses)
    .leftJoin(categories, eq(categories.id, expenses.categoryId))
    .where(and(eq(expenses.groupId, groupId), isNull(expenses.deletedAt)))
    .orderBy(desc(expenses.date), desc(expenses.createdAt));
  return expenseViews(db, groupId, rows);
}

/** One live expense of a group the caller is an active member of, with its items and snapshot; 404 EXPENSE_NOT_FOUND otherwise. */
export async function getExpense(db: Database, userId: string, expenseId: string): Promise<Expense> {
  const [row] = await db
    .select({ expense: expenses, categoryName: categories.name })
    .from(expenses)
    .leftJoin(categories, eq(categories.id, expenses.categoryId))
    .where(and(eq(expenses.id, expenseId), isNull(expenses.deletedAt)));
  if (!row) throw new AppError('EXPENSE_NOT_FOUND', 'Expense not found');
  try {
    await requireMember(db, row.expense.groupId, userId);
  } catch {
    throw new AppError('EXPENSE_NOT_FOUND', 'Expense not found');
  }
  const [view] = await expenseViews(db, row.expense.groupId, [row]);
  return { ...view!, snapshot: row.expense.snapshot };
}

async function expenseViews(
  db: Database,
  groupId: string,
  rows: { expense: ExpenseRow; categoryName: string | null }[],
): Promise<Omit<Expense, 'snapshot'>[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.expense.id);
  const [splitRows, itemRows, seats] = await Promise.all([
    db
      .select()
      .from(expenseSplits)
      .where(and(eq(expenseSplits.groupId, groupId), inArray(expenseSplits.expenseId, ids))),
    db
      .select()
      .from(expenseItems)
      .where(and(eq(expenseItems.groupId, groupId), inArray(expenseItems.expenseId, ids)))
      .orderBy(asc(expenseItems.position)),
    groupSeats(db, groupId),
  ]);
  const position = new Map(seats.map((s) => [s.id, s.position]));
  const removedNames = new Map(seats.filter((s) => s.status === 'REMOVED').map((s) => [s.id, s.name]));
  const splitsByExpense = groupBy(splitRows, (s) => s.expenseId);
  const itemsByExpense = groupBy(itemRows, (i) => i.expenseId);
  const byPosition = (a: SplitRow, b: SplitRow) =>
    (position.get(a.memberId) ?? 0) - (position.get(b.memberId) ?? 0);

  return rows.map(({ expense, categoryName }) => {
    const splitList = (splitsByExpense.get(expense.id) ?? []).sort(byPosition);
    const memberNames: Record<string, string> = {};
    for (const id of [expense.paidByMemberId, ...splitList.map((s) => s.memberId)]) {
      const name = removedNames.get(id);
      if (name) memberNames[id] = name;
    }
    return {
      id: expense.id,
      groupId: expense.groupId,
      name: expense.name,
      amountCents: expense.amountCents,
      paidById: expense.paidByMemberId,
      participants: splitList.map((s) => s.memberId),
      splitCents: Object.fromEntries(splitList.map((s) => [s.memberId, s.amountCents])),
      date: expense.date.toISOString(),
      notes: expense.notes,
      settlement: expense.isSettlement,
      settlementFromId: expense.settlementFromId,
      settlementToId: expense.settlementToId,
      createdById: expense.createdByMemberId,
      category: expense.categoryId
        ? { id: expense.categoryId, name: categoryName ?? expense.categoryId }
        : null,
      splitMethod: expense.splitMethod,
      sharesInput: expense.sharesInput,
      percentagesInput: expense.percentagesInput,
      memberNames,
      items: (itemsByExpense.get(expense.id) ?? []).map((item) => ({
        id: item.id,
        name: item.name,
        number: Number(item.quantity),
        amountCents: item.amountCents,
        split: item.split,
      })),
      version: expense.version,
    };
  });
}

function groupBy<T>(rows: T[], key: (row: T) => string): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = map.get(k);
    if (list) list.push(row);
    else map.set(k, [row]);
  }
  return map;
}
