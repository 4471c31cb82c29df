import { type Database, expenseSeries, expenses, inTransaction, together } from '@dolya/db';
import { dayIn, type ExpenseInput, type RecurrenceInput, type SeriesScope } from '@dolya/domain';
import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import { AppError } from '../errors';
import type { MemberRow } from './access';
import { createExpenseConsumingDraft } from './draft-outcomes';
import { getExpense, groupSeats } from './expense-queries';
import { createExpense, type ExpenseRef, lockExpenseForEdit, rewriteExpense } from './expenses';
import { rowOf } from './group-rows';
import { seriesContentOf, startSeries, stopSeries } from './series';

/**
 * The expense screens' side of recurring expenses (issue 28): an expense created or edited with a
 * repeat rule, and an edit of a series' expense for "only this one" or "this and the following",
 * each in the one transaction of the expense's write.
 */

type SeriesRow = typeof expenseSeries.$inferSelect;
type ExpenseRow = typeof expenses.$inferSelect;

export interface NewExpenseWithRepeat {
  groupId: string;
  draftId?: string | undefined;
  expense: ExpenseInput;
  recurrence?: RecurrenceInput | null | undefined;
}

/** expenses.create: the expense, and with a rule, a series whose first occurrence it is (a bad rule writes nothing). */
export async function createExpenseWithRepeat(
  db: Database,
  userId: string,
  { groupId, draftId, expense, recurrence }: NewExpenseWithRepeat,
): Promise<{ id: string; seriesId: string | null }> {
  const create = (tx: Database) =>
    draftId
      ? createExpenseConsumingDraft(tx, userId, groupId, draftId, expense)
      : createExpense(tx, userId, groupId, expense);
  if (!recurrence) return { ...(await create(db)), seriesId: null };
  return inTransaction(db, async (tx) => {
    const created = await create(tx);
    const series = await startSeries(tx, userId, { groupId, expenseId: created.id, ...recurrence });
    return { ...created, seriesId: series.id };
  });
}

export interface SeriesEdit {
  /** A rule: the expense repeats by it from its day; null: its series stops; absent: unchanged. */
  recurrence?: RecurrenceInput | null | undefined;
  /** Required when the expense is in an active series and the edit changes its money. */
  seriesScope?: SeriesScope | undefined;
}

/**
 * expenses.update. In an active series an edit of the name, amount, payers, split or currency says
 * its scope: 'this' changes only this expense; 'following' also the series' later expenses already
 * made (each keeps its own date) and the template of the ones to come.
 */
export async function updateExpenseWithRepeat(
  db: Database,
  userId: string,
  ref: ExpenseRef,
  input: ExpenseInput,
  { recurrence, seriesScope }: SeriesEdit = {},
): Promise<{ id: string; version: number; seriesId: string | null }> {
  return inTransaction(db, async (tx) => {
    const { expense, member, group } = await lockExpenseForEdit(tx, userId, ref, input.version);
    const [seats, series] = await together([
      groupSeats(tx, ref.groupId),
      expense.seriesId ? lockSeries(tx, ref.groupId, expense.seriesId) : undefined,
    ]);
    const scope = series ? seriesScope : undefined;
    const edit = { member, seats, currency: group.currency };
    const { moneyChanged } = await rewriteExpense(tx, { ...edit, expense, input, seriesScope: scope });
    if (series?.status === 'active' && moneyChanged && !scope) {
      throw new AppError(
        'VALIDATION_ERROR',
        "seriesScope: say whether only this expense changes ('this') or the following ones too ('following')",
        'seriesScope',
      );
    }
    if (series && scope === 'following') {
      await rewriteFollowing(tx, { ...edit, expense, input });
      const edited = await getExpense(tx, userId, ref);
      await tx
        .update(expenseSeries)
        .set({ ...seriesContentOf(edited), updatedAt: new Date() })
        .where(rowOf(expenseSeries, ref.groupId, series.id));
    }
    let seriesId = expense.seriesId;
    if (recurrence !== undefined) {
      seriesId = await setRecurrence(
        tx,
        userId,
        ref,
        { expense, series, timeZone: group.timeZone },
        recurrence,
      );
    }
    return { id: ref.expenseId, version: expense.version + 1, seriesId };
  });
}

async function lockSeries(tx: Database, groupId: string, seriesId: string): Promise<SeriesRow | undefined> {
  const [row] = await tx
    .select()
    .from(expenseSeries)
    .where(rowOf(expenseSeries, groupId, seriesId))
    .for('update');
  return row;
}

/** The series' live expenses made after this one, oldest first, locked. */
async function laterOccurrences(tx: Database, expense: ExpenseRow): Promise<ExpenseRow[]> {
  if (!expense.seriesId || expense.seriesIndex === null) return [];
  return tx
    .select()
    .from(expenses)
    .where(
      and(
        eq(expenses.groupId, expense.groupId),
        eq(expenses.seriesId, expense.seriesId),
        gt(expenses.seriesIndex, expense.seriesIndex),
        isNull(expenses.deletedAt),
      ),
    )
    .orderBy(asc(expenses.seriesIndex))
    .for('update');
}

/** The same edit on each later expense of the series, each keeping its own date (and its own items' ids). */
async function rewriteFollowing(
  tx: Database,
  {
    expense,
    input,
    ...edit
  }: { expense: ExpenseRow; input: ExpenseInput; member: MemberRow; seats: MemberRow[]; currency: string },
) {
  const sameEdit: ExpenseInput = {
    ...input,
    date: undefined,
    version: undefined,
    snapshot: undefined,
    items: input.items?.map(({ id: _id, ...item }) => item),
  };
  for (const later of await laterOccurrences(tx, expense)) {
    await rewriteExpense(tx, { ...edit, expense: later, input: sameEdit, seriesScope: 'following' });
  }
}

const sameRule = (series: SeriesRow, rule: RecurrenceInput) =>
  series.every === rule.every &&
  series.unit === rule.unit &&
  series.until === (rule.until ?? null) &&
  series.count === (rule.count ?? null);

/**
 * Sets the expense's repeat rule; returns its series' id. The same rule again changes nothing. A
 * new rule on an expense of a series stops that series and starts a new one from this expense's
 * day (the expenses made before stay in the old one); occurrences already made after this one are
 * not made again by the new series.
 */
async function setRecurrence(
  tx: Database,
  userId: string,
  ref: ExpenseRef,
  { expense, series, timeZone }: { expense: ExpenseRow; series: SeriesRow | undefined; timeZone: string },
  rule: RecurrenceInput | null,
): Promise<string | null> {
  const seriesRef = series ? { groupId: ref.groupId, seriesId: series.id } : null;
  if (rule === null) {
    if (seriesRef && series?.status !== 'stopped') await stopSeries(tx, userId, seriesRef);
    return series?.id ?? null;
  }
  if (!series) return (await startSeries(tx, userId, { ...ref, ...rule })).id;
  if (series.status !== 'stopped' && sameRule(series, rule)) return series.id;
  const latest = (await laterOccurrences(tx, expense)).at(-1);
  if (seriesRef && series.status !== 'stopped') await stopSeries(tx, userId, seriesRef);
  await tx
    .update(expenses)
    .set({ seriesId: null, seriesIndex: null })
    .where(rowOf(expenses, ref.groupId, ref.expenseId));
  const after = latest ? dayIn(timeZone, latest.date) : undefined;
  return (await startSeries(tx, userId, { ...ref, ...rule }, { after })).id;
}
