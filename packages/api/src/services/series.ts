import { type Database, expenseSeries, expenses, type SeriesStatus, type SeriesTemplate } from '@dolya/db';
import {
  type Cents,
  checkRecurrence,
  dayIn,
  occurrenceAt,
  occurrenceDate,
  type Recurrence,
  type RecurrenceUnit,
} from '@dolya/domain';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { AppError } from '../errors';
import { type MemberRow, requireMember } from './access';
import { type Expense, getExpense } from './expense-queries';
import { rowOf } from './group-rows';
import { type LogAction, writeLog } from './logs';
import { ruleOf } from './recurring';

/** A recurring series as clients see it: its rule, status and next day (null once it has ended). */
export interface Series {
  id: string;
  groupId: string;
  name: string;
  amountCents: Cents;
  every: number;
  unit: RecurrenceUnit;
  startDate: string;
  until: string | null;
  count: number | null;
  status: SeriesStatus;
  nextDate: string | null;
}

type SeriesRow = typeof expenseSeries.$inferSelect;

function view(row: SeriesRow): Series {
  return {
    id: row.id,
    groupId: row.groupId,
    name: row.name,
    amountCents: row.amountCents,
    every: row.every,
    unit: row.unit,
    startDate: row.startDate,
    until: row.until,
    count: row.count,
    status: row.status,
    nextDate: row.status === 'stopped' ? null : row.nextDate,
  };
}

const seriesNotFound = () => new AppError('NOT_FOUND', 'Series not found');

async function log(tx: Database, member: MemberRow, action: LogAction, row: SeriesRow, currency: string) {
  const verb = {
    SERIES_CREATED: 'made repeat',
    SERIES_PAUSED: 'paused the repeat of',
    SERIES_RESUMED: 'resumed the repeat of',
    SERIES_STOPPED: 'stopped the repeat of',
  }[action as string];
  await writeLog(tx, {
    groupId: row.groupId,
    actorMemberId: member.id,
    action,
    message: `${member.name} ${verb} "${row.name}"`,
    details: { seriesId: row.id, name: row.name, amountCents: row.amountCents, currency },
  });
}

export interface CreateSeriesInput extends Recurrence {
  groupId: string;
  expenseId: string;
}

/**
 * Makes an expense repeat: the expense becomes occurrence 0 of a new series starting on its day
 * (in the group's time zone), and the template is what it holds now. A settlement, a deleted
 * expense or one already in a series cannot.
 */
export async function createSeries(db: Database, userId: string, input: CreateSeriesInput): Promise<Series> {
  return db.transaction((tx) => startSeries(tx, userId, input));
}

/** What each occurrence repeats of an expense: its template and the series row's money columns. */
export function seriesContentOf(expense: Expense) {
  const template: SeriesTemplate = {
    paidById: expense.paidById,
    payers: expense.payers.length > 1 ? expense.payers : null,
    participants: expense.participants,
    splitCents: expense.splitMethod === 'amounts' ? expense.splitCents : null,
    notes: expense.notes,
    category: expense.category?.id ?? null,
    splitMethod: expense.splitMethod,
    sharesInput: expense.sharesInput,
    percentagesInput: expense.percentagesInput,
    items: expense.items.map(({ name, number, amountCents, split }) => ({
      name,
      number,
      amountCents,
      split,
    })),
  };
  const { original } = expense;
  return {
    name: expense.name,
    amountCents: expense.amountCents,
    originalCurrency: original?.currency ?? null,
    originalAmountCents: original?.amountCents ?? null,
    exchangeRate: original?.rate ?? null,
    rateSource: original?.rateSource ?? null,
    template,
  };
}

/**
 * createSeries inside the caller's transaction. `after`: a day the series' next occurrence must
 * come after (a rule changed on an older expense: the occurrences made since are not made again).
 */
export async function startSeries(
  tx: Database,
  userId: string,
  input: CreateSeriesInput,
  { after }: { after?: string } = {},
): Promise<Series> {
  const { groupId, expenseId } = input;
  const { member, group } = await requireMember(tx, groupId, userId);
  const [locked] = await tx
    .select({ seriesId: expenses.seriesId })
    .from(expenses)
    .where(and(rowOf(expenses, groupId, expenseId), isNull(expenses.deletedAt)))
    .for('update');
  if (!locked) throw new AppError('EXPENSE_NOT_FOUND', 'Expense not found');
  if (locked.seriesId) throw new AppError('CONFLICT', 'This expense repeats already', 'expenseId');
  const expense = await getExpense(tx, userId, { groupId, expenseId });
  if (expense.settlement) {
    throw new AppError('VALIDATION_ERROR', 'expenseId: a settlement cannot repeat', 'expenseId');
  }
  const rule: Recurrence = { every: input.every, unit: input.unit, until: input.until, count: input.count };
  const startDate = dayIn(group.timeZone, new Date(expense.date));
  checkRecurrence(rule, startDate);
  let next = occurrenceAt(startDate, rule, 1);
  while (after && next && next.date <= after) next = occurrenceAt(startDate, rule, next.index + 1);
  const [row] = await tx
    .insert(expenseSeries)
    .values({
      groupId,
      every: rule.every,
      unit: rule.unit,
      startDate,
      until: rule.until ?? null,
      count: rule.count ?? null,
      nextIndex: next?.index ?? 1,
      nextDate: next?.date ?? null,
      ...seriesContentOf(expense),
      createdByMemberId: member.id,
    })
    .returning();
  await tx
    .update(expenses)
    .set({ seriesId: row!.id, seriesIndex: 0 })
    .where(rowOf(expenses, groupId, expenseId));
  await log(tx, member, 'SERIES_CREATED', row!, group.currency);
  return view(row!);
}

export interface SeriesRef {
  groupId: string;
  seriesId: string;
}

async function changeStatus(
  db: Database,
  userId: string,
  { groupId, seriesId }: SeriesRef,
  to: SeriesStatus,
  now: Date,
): Promise<Series> {
  return db.transaction(async (tx) => {
    const { member, group } = await requireMember(tx, groupId, userId);
    const [row] = await tx
      .select()
      .from(expenseSeries)
      .where(rowOf(expenseSeries, groupId, seriesId))
      .for('update');
    if (!row) throw seriesNotFound();
    if (row.status === to) return view(row);
    if (row.status === 'stopped')
      throw new AppError('CONFLICT', 'A stopped series cannot change', 'seriesId');
    const set: Partial<SeriesRow> = { status: to, updatedAt: now };
    if (to === 'active' && row.nextDate !== null) {
      // Resuming skips what fell due while paused: the next occurrence is today's or a later one.
      const today = dayIn(group.timeZone, now);
      const rule = ruleOf(row);
      let index = row.nextIndex;
      while ((occurrenceDate(row.startDate, rule, index) ?? '9999-12-31') < today) index++;
      set.nextIndex = index;
      set.nextDate = occurrenceAt(row.startDate, rule, index)?.date ?? null;
    }
    const [changed] = await tx
      .update(expenseSeries)
      .set(set)
      .where(rowOf(expenseSeries, groupId, seriesId))
      .returning();
    const action = to === 'paused' ? 'SERIES_PAUSED' : to === 'active' ? 'SERIES_RESUMED' : 'SERIES_STOPPED';
    await log(tx, member, action, changed!, group.currency);
    return view(changed!);
  });
}

export const pauseSeries = (db: Database, userId: string, ref: SeriesRef, now = new Date()) =>
  changeStatus(db, userId, ref, 'paused', now);
export const resumeSeries = (db: Database, userId: string, ref: SeriesRef, now = new Date()) =>
  changeStatus(db, userId, ref, 'active', now);
export const stopSeries = (db: Database, userId: string, ref: SeriesRef, now = new Date()) =>
  changeStatus(db, userId, ref, 'stopped', now);

/** The group's series that still repeat (active or paused), the soonest next day first. */
export async function listSeries(db: Database, userId: string, groupId: string): Promise<Series[]> {
  await requireMember(db, groupId, userId);
  const rows = await db
    .select()
    .from(expenseSeries)
    .where(and(eq(expenseSeries.groupId, groupId), inArray(expenseSeries.status, ['active', 'paused'])))
    .orderBy(asc(expenseSeries.nextDate), asc(expenseSeries.createdAt));
  return rows.map(view);
}
