import { randomUUID } from 'node:crypto';
import {
  categories,
  type Database,
  expenseItems,
  expensePayers,
  expenseSplits,
  expenses,
  inTransaction,
  together,
} from '@dolya/db';
import {
  type Cents,
  type ExpenseInput,
  formatCents,
  itemSplitMemberIds,
  type SeriesScope,
} from '@dolya/domain';
import { and, eq, isNull, or } from 'drizzle-orm';
import { AppError } from '../errors';
import { type MemberRow, requireMember } from './access';
import {
  checkItemIds,
  checkSnapshot,
  itemsAsInput,
  mayManageItems,
  requireChipChangesOnly,
  requireSnapshotUnchanged,
  storedItems,
} from './expense-items';
import { groupSeats } from './expense-queries';
import { type ResolvedExpense, resolveExpense } from './expense-rules';
import { rowOf } from './group-rows';
import { type ExpenseChanges, type LogDetails, writeLog } from './logs';
import { addExpense, applyTotalsDelta, type ExpenseMoney, storedExpenseMoney } from './member-totals';

type ExpenseRow = typeof expenses.$inferSelect;

async function resolveCategory(db: Database, groupId: string, category: ExpenseInput['category']) {
  const id = typeof category === 'string' ? category : category?.id;
  if (!id) return null;
  const [row] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(and(eq(categories.id, id), or(isNull(categories.groupId), eq(categories.groupId, groupId))));
  if (!row) throw new AppError('VALIDATION_ERROR', 'category: unknown category', 'category');
  return row.id;
}

/** The money an expense holds: its payer and split rows. */
function moneyOf(resolved: ResolvedExpense): ExpenseMoney {
  return {
    amountCents: resolved.amountCents,
    paidById: resolved.payerId,
    settlement: resolved.isSettlement,
    payers: resolved.payers,
    splits: Object.entries(resolved.splits).map(([memberId, amountCents]) => ({ memberId, amountCents })),
  };
}

/** Writes the payer, split (and item) rows of an expense; returns the money they hold. */
async function writeParts(
  db: Database,
  expenseId: string,
  groupId: string,
  resolved: ResolvedExpense,
  { withItems }: { withItems: boolean },
): Promise<ExpenseMoney> {
  const money = moneyOf(resolved);
  const { payers, splits } = money;
  // Independent statements, sent together (pipelined on a transaction's connection).
  await together([
    db.insert(expensePayers).values(payers.map((payer) => ({ ...payer, expenseId, groupId }))),
    splits.length
      ? db.insert(expenseSplits).values(splits.map((split) => ({ ...split, expenseId, groupId })))
      : undefined,
    withItems && resolved.items.length
      ? db
          .insert(expenseItems)
          .values(resolved.items.map((item, position) => ({ ...item, expenseId, groupId, position })))
      : undefined,
  ]);
  return money;
}

/** The expense row's columns of an amount paid in another currency: all five, or all null. */
function originalColumns({ original }: ResolvedExpense) {
  return {
    originalCurrency: original?.currency ?? null,
    originalAmountCents: original?.amountCents ?? null,
    exchangeRate: original?.rate ?? null,
    rateDate: original?.rateDate ?? null,
    rateSource: original?.rateSource ?? null,
  };
}

type Described = Pick<
  ResolvedExpense,
  'name' | 'amountCents' | 'isSettlement' | 'settlementFromId' | 'settlementToId'
>;

function seatName(seats: MemberRow[], id: string | null): string {
  return seats.find((s) => s.id === id)?.name ?? '?';
}

function describe(
  expense: Described & Partial<Pick<ResolvedExpense, 'original'>>,
  seats: MemberRow[],
  currency: string,
): string {
  const { original } = expense;
  const converted = `${formatCents(expense.amountCents)} ${currency}`;
  const amount = original
    ? `${formatCents(original.amountCents)} ${original.currency} -> ${converted} at ${original.rate}`
    : converted;
  if (!expense.isSettlement) return `"${expense.name}" (${amount})`;
  const from = seatName(seats, expense.settlementFromId);
  return `a payment of ${amount} from ${from} to ${seatName(seats, expense.settlementToId)}`;
}

/** What a log row of an expense carries; a settlement also names who paid whom, as they were called then. */
function logDetails(
  expenseId: string,
  expense: Described & Partial<Pick<ResolvedExpense, 'original' | 'payers'>>,
  seats: MemberRow[],
  currency: string,
): LogDetails {
  const details: LogDetails = { expenseId, name: expense.name, amountCents: expense.amountCents, currency };
  if (expense.original) {
    details.original = {
      currency: expense.original.currency,
      amountCents: expense.original.amountCents,
      rate: expense.original.rate,
    };
  }
  if (expense.payers && expense.payers.length > 1) {
    details.payers = expense.payers.map(({ memberId, amountCents }) => ({
      memberId,
      name: seatName(seats, memberId),
      amountCents,
    }));
  }
  if (!expense.isSettlement) return details;
  return {
    ...details,
    fromName: seatName(seats, expense.settlementFromId),
    toName: seatName(seats, expense.settlementToId),
  };
}

interface ComparedExpense {
  name: string;
  amountCents: Cents;
  date: Date;
  notes: string | null;
  categoryId: string | null;
  splits: readonly { memberId: string; amountCents: Cents }[];
}

/** What an edit changed, for its log line (issue 27: "changed Taxi" said nothing of what); none: undefined. */
function expenseChanges(
  was: ComparedExpense & { paidByMemberId: string },
  now: ComparedExpense & { payerId: string; isSettlement: boolean },
  seats: MemberRow[],
): ExpenseChanges | undefined {
  const changes: ExpenseChanges = {};
  if (was.name !== now.name) changes.name = { from: was.name, to: now.name };
  if (was.amountCents !== now.amountCents)
    changes.amountCents = { from: was.amountCents, to: now.amountCents };
  if (was.paidByMemberId !== now.payerId) {
    changes.payer = { from: seatName(seats, was.paidByMemberId), to: seatName(seats, now.payerId) };
  }
  if (was.date.getTime() !== now.date.getTime()) changes.date = true;
  const splitKey = (splits: ComparedExpense['splits']) =>
    splits
      .filter((s) => s.amountCents !== 0)
      .map((s) => `${s.memberId}:${s.amountCents}`)
      .sort()
      .join(',');
  // A settlement's split is its recipient, named in its own line already.
  if (!now.isSettlement && splitKey(was.splits) !== splitKey(now.splits)) changes.split = true;
  if ((was.notes ?? '') !== (now.notes ?? '')) changes.notes = true;
  if (was.categoryId !== now.categoryId) changes.category = true;
  return Object.keys(changes).length > 0 ? changes : undefined;
}

function dateOf(input: ExpenseInput, fallback: Date): Date {
  return input.date ? new Date(input.date) : fallback;
}

export async function createExpense(db: Database, userId: string, groupId: string, input: ExpenseInput) {
  // Statements that do not wait for each other's answers are sent together: a create is three
  // round trips to PostgreSQL (check and read, the expense row, the rest), not ten.
  return inTransaction(db, async (tx) => {
    const [{ member, group }, seats] = await together([
      requireMember(tx, groupId, userId),
      groupSeats(tx, groupId),
    ]);
    return insertExpense(tx, { groupId, currency: group.currency, seats, actor: member, input });
  });
}

/** One expense to write: by a member, or by the system (an occurrence of a recurring series). */
export interface NewExpense {
  groupId: string;
  currency: string;
  seats: MemberRow[];
  /** The member who adds it; null: the system, which logs it as the series' occurrence. */
  actor: MemberRow | null;
  input: ExpenseInput;
  /** The system's expense: its creator (the series') and which occurrence of which series it is. */
  createdByMemberId?: string | null;
  series?: { id: string; index: number };
}

/**
 * Writes an expense inside the caller's transaction: checks it against the seats, the row, its
 * payer/split/item rows, the member totals and its log line.
 */
export async function insertExpense(
  tx: Database,
  { groupId, currency, seats, actor, input, createdByMemberId, series }: NewExpense,
): Promise<{ id: string }> {
  const resolved = resolveExpense(input, seats, new Set(), currency);
  checkItemIds(input.items ?? [], []);
  if (input.snapshot) checkSnapshot(input.snapshot, seats);
  const expenseId = randomUUID();
  await tx.insert(expenses).values({
    id: expenseId,
    groupId,
    name: resolved.name,
    amountCents: resolved.amountCents,
    paidByMemberId: resolved.payerId,
    date: dateOf(input, new Date()),
    notes: input.notes || null,
    isSettlement: resolved.isSettlement,
    settlementFromId: resolved.settlementFromId,
    settlementToId: resolved.settlementToId,
    createdByMemberId: actor?.id ?? createdByMemberId ?? null,
    categoryId: await resolveCategory(tx, groupId, input.category),
    splitMethod: resolved.splitMethod,
    sharesInput: resolved.sharesInput,
    percentagesInput: resolved.percentagesInput,
    snapshot: input.snapshot ?? null,
    seriesId: series?.id ?? null,
    seriesIndex: series?.index ?? null,
    ...originalColumns(resolved),
  });
  const money = moneyOf(resolved);
  const details = logDetails(expenseId, resolved, seats, currency);
  await together([
    writeParts(tx, expenseId, groupId, resolved, { withItems: true }),
    applyTotalsDelta(tx, groupId, addExpense(new Map(), money, 1)),
    writeLog(tx, {
      groupId,
      actorMemberId: actor?.id ?? null,
      action: resolved.isSettlement ? 'SETTLEMENT_CREATED' : 'EXPENSE_CREATED',
      message: actor
        ? `${actor.name} added ${describe(resolved, seats, currency)}`
        : `Repeated ${describe(resolved, seats, currency)}`,
      details: series ? { ...details, seriesId: series.id, seriesIndex: series.index } : details,
    }),
  ]);
  return { id: expenseId };
}

/**
 * The group's live expense, locked for the caller's change, and the caller's seat in the group;
 * one 404 for "no such expense", "not in this group" and "not yours to see".
 */
async function requireExpense(db: Database, userId: string, groupId: string, expenseId: string) {
  const [expense] = await db
    .select()
    .from(expenses)
    .where(and(rowOf(expenses, groupId, expenseId), isNull(expenses.deletedAt)))
    .for('update');
  if (!expense) throw new AppError('EXPENSE_NOT_FOUND', 'Expense not found');
  try {
    return { expense, ...(await requireMember(db, groupId, userId)) };
  } catch {
    throw new AppError('EXPENSE_NOT_FOUND', 'Expense not found');
  }
}

export interface ExpenseRef {
  groupId: string;
  expenseId: string;
}

/** The group's live expense, locked, and the caller's seat; a stale `version` is refused with CONFLICT. */
export async function lockExpenseForEdit(
  tx: Database,
  userId: string,
  { groupId, expenseId }: ExpenseRef,
  version: number | undefined,
) {
  const found = await requireExpense(tx, userId, groupId, expenseId);
  if (version !== undefined && version !== found.expense.version) {
    throw new AppError(
      'CONFLICT',
      'Someone changed this expense meanwhile; reload it and try again',
      'version',
    );
  }
  return found;
}

export async function updateExpense(db: Database, userId: string, ref: ExpenseRef, input: ExpenseInput) {
  return inTransaction(db, async (tx) => {
    const { expense, member, group } = await lockExpenseForEdit(tx, userId, ref, input.version);
    const seats = await groupSeats(tx, expense.groupId);
    await rewriteExpense(tx, { expense, member, seats, currency: group.currency, input });
    return { id: ref.expenseId, version: expense.version + 1 };
  });
}

export interface Rewrite {
  /** The stored expense, locked. */
  expense: ExpenseRow;
  member: MemberRow;
  seats: MemberRow[];
  currency: string;
  input: ExpenseInput;
  /** An expense of a recurring series: which of its expenses the edit is for, said in the log. */
  seriesScope?: SeriesScope | undefined;
}

/**
 * Writes an edit of a locked expense: the row, its payer/split (and item) rows, the member totals
 * and its log line. `moneyChanged`: its name, amount, payers, split or currency changed (what a
 * series' expense must say the scope of).
 */
export async function rewriteExpense(
  tx: Database,
  { expense, member, seats, currency, input, seriesScope }: Rewrite,
): Promise<{ moneyChanged: boolean }> {
  const expenseId = expense.id;
  const before = await storedExpenseMoney(tx, expense);
  // Without items the stored ones stay, and the splits still follow from them.
  const stored = await storedItems(tx, expense);
  const sentItems = input.items ?? itemsAsInput(stored);
  const resolved = resolveExpense(
    { ...input, items: sentItems },
    seats,
    await referencedSeats(tx, expense, before),
    currency,
  );
  if (input.items != null) {
    checkItemIds(input.items, stored);
    if (!mayManageItems(member, expense)) requireChipChangesOnly(stored, resolved.items);
  }
  requireSnapshotUnchanged(input.snapshot, expense.snapshot);
  const categoryId =
    input.category === undefined
      ? expense.categoryId
      : await resolveCategory(tx, expense.groupId, input.category);
  const original = originalColumns(resolved);
  await tx
    .update(expenses)
    .set({
      name: resolved.name,
      amountCents: resolved.amountCents,
      paidByMemberId: resolved.payerId,
      date: dateOf(input, expense.date),
      notes: input.notes === undefined ? expense.notes : input.notes || null,
      isSettlement: resolved.isSettlement,
      settlementFromId: resolved.settlementFromId,
      settlementToId: resolved.settlementToId,
      categoryId,
      splitMethod: resolved.splitMethod,
      sharesInput: resolved.sharesInput,
      percentagesInput: resolved.percentagesInput,
      ...original,
      version: expense.version + 1,
      updatedAt: new Date(),
    })
    .where(rowOf(expenses, expense.groupId, expenseId));
  await tx
    .delete(expensePayers)
    .where(and(eq(expensePayers.groupId, expense.groupId), eq(expensePayers.expenseId, expenseId)));
  await tx
    .delete(expenseSplits)
    .where(and(eq(expenseSplits.groupId, expense.groupId), eq(expenseSplits.expenseId, expenseId)));
  // Items are replaced only when the client sent them; the documented client omits them outside the receipt view.
  const replaceItems = input.items != null;
  if (replaceItems) {
    await tx
      .delete(expenseItems)
      .where(and(eq(expenseItems.groupId, expense.groupId), eq(expenseItems.expenseId, expenseId)));
  }
  const after = await writeParts(tx, expenseId, expense.groupId, resolved, { withItems: replaceItems });
  const changes = expenseChanges(
    { ...expense, splits: before.splits },
    {
      ...resolved,
      date: dateOf(input, expense.date),
      notes: input.notes === undefined ? expense.notes : input.notes || null,
      categoryId: input.category === undefined ? expense.categoryId : categoryId,
      splits: after.splits,
    },
    seats,
  );
  // One delta (old rows out, new rows in), so the totals' rows are locked once, in order.
  await applyTotalsDelta(tx, expense.groupId, addExpense(addExpense(new Map(), before, -1), after, 1));
  const scopeText =
    seriesScope === 'following' ? ' (this and the following)' : seriesScope ? ' (only this one)' : '';
  await writeLog(tx, {
    groupId: expense.groupId,
    actorMemberId: member.id,
    action: resolved.isSettlement ? 'SETTLEMENT_UPDATED' : 'EXPENSE_UPDATED',
    message: `${member.name} changed ${describe(resolved, seats, currency)}${scopeText}`,
    details: {
      ...logDetails(expenseId, resolved, seats, currency),
      ...(changes ? { changes } : {}),
      ...(seriesScope && expense.seriesId ? { seriesId: expense.seriesId, seriesScope } : {}),
    },
  });
  const moneyKey = (money: ExpenseMoney) =>
    [
      ...money.payers.map((p) => `p${p.memberId}:${p.amountCents}`),
      ...money.splits.filter((s) => s.amountCents !== 0).map((s) => `s${s.memberId}:${s.amountCents}`),
    ]
      .sort()
      .join(',');
  const moneyChanged =
    expense.name !== resolved.name ||
    expense.amountCents !== resolved.amountCents ||
    moneyKey(before) !== moneyKey(after) ||
    expense.originalCurrency !== original.originalCurrency ||
    expense.originalAmountCents !== original.originalAmountCents;
  return { moneyChanged };
}

/**
 * Seats the stored expense names anywhere a client sends back on edit: payer, settlement ends,
 * splits, and the keys of its typed-in shares, percentages and item splits (a zero share too).
 */
async function referencedSeats(
  db: Database,
  expense: ExpenseRow,
  stored: ExpenseMoney,
): Promise<Set<string>> {
  const itemRows = await db
    .select({ split: expenseItems.split })
    .from(expenseItems)
    .where(and(eq(expenseItems.groupId, expense.groupId), eq(expenseItems.expenseId, expense.id)));
  const itemSeats = itemRows.flatMap(({ split }) => itemSplitMemberIds(split));
  return new Set(
    [
      expense.paidByMemberId,
      expense.settlementFromId,
      expense.settlementToId,
      ...stored.splits.map((r) => r.memberId),
      ...Object.keys(expense.sharesInput ?? {}),
      ...Object.keys(expense.percentagesInput ?? {}),
      ...itemSeats,
    ].filter((id): id is string => !!id),
  );
}

export async function deleteExpense(db: Database, userId: string, { groupId, expenseId }: ExpenseRef) {
  await db.transaction(async (tx) => {
    const { expense, member, group } = await requireExpense(tx, userId, groupId, expenseId);
    await tx
      .update(expenses)
      .set({ deletedAt: new Date() })
      .where(rowOf(expenses, groupId, expenseId));
    const money = await storedExpenseMoney(tx, expense);
    await applyTotalsDelta(tx, expense.groupId, addExpense(new Map(), money, -1));
    const seats = expense.isSettlement ? await groupSeats(tx, expense.groupId) : [];
    await writeLog(tx, {
      groupId: expense.groupId,
      actorMemberId: member.id,
      action: expense.isSettlement ? 'SETTLEMENT_DELETED' : 'EXPENSE_DELETED',
      message: `${member.name} deleted ${describe(expense, seats, group.currency)}`,
      details: logDetails(expenseId, expense, seats, group.currency),
    });
  });
}

/**
 * Brings a deleted expense or settlement back, as it was, with its log line: for a group admin
 * or the member who created it (else FORBIDDEN). Restoring one that is live already changes
 * nothing and succeeds, so a retried restore is harmless.
 */
export async function restoreExpense(db: Database, userId: string, { groupId, expenseId }: ExpenseRef) {
  return db.transaction(async (tx) => {
    const { member, group } = await requireMember(tx, groupId, userId);
    const [expense] = await tx
      .select()
      .from(expenses)
      .where(rowOf(expenses, groupId, expenseId))
      .for('update');
    if (!expense) throw new AppError('EXPENSE_NOT_FOUND', 'Expense not found');
    if (!member.isAdmin && expense.createdByMemberId !== member.id) {
      throw new AppError('FORBIDDEN', 'Only a group admin or the one who added it can restore it');
    }
    if (!expense.deletedAt) return { id: expenseId, version: expense.version, restored: false };
    await tx
      .update(expenses)
      .set({ deletedAt: null, version: expense.version + 1, updatedAt: new Date() })
      .where(rowOf(expenses, groupId, expenseId));
    const money = await storedExpenseMoney(tx, expense);
    await applyTotalsDelta(tx, groupId, addExpense(new Map(), money, 1));
    const seats = expense.isSettlement ? await groupSeats(tx, groupId) : [];
    await writeLog(tx, {
      groupId,
      actorMemberId: member.id,
      action: expense.isSettlement ? 'SETTLEMENT_RESTORED' : 'EXPENSE_RESTORED',
      message: `${member.name} restored ${describe(expense, seats, group.currency)}`,
      details: logDetails(expenseId, expense, seats, group.currency),
    });
    return { id: expenseId, version: expense.version + 1, restored: true };
  });
}
