import { type Database, expenseSeries, groups } from '@dolya/db';
import {
  convertCents,
  DomainError,
  type ExpenseInput,
  middayIn,
  occurrenceAt,
  type Recurrence,
  type RecurrenceUnit,
} from '@dolya/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { ApiConfig } from '../context';
import { AppError } from '../errors';
import { groupSeats } from './expense-queries';
import { insertExpense } from './expenses';
import { exchangeRate } from './fx-rates';
import { writeLog } from './logs';
import { type PeriodicJob, startPeriodicJob } from './periodic-job';

/**
 * The recurring expenses' job (issue 28): makes every due occurrence of every active series, each
 * exactly once, however many server instances run it at the same time, and catches up after
 * downtime (a series stays due until its next day is after the group's today, so the missed
 * occurrences are made one by one, oldest first, on the next run).
 *
 * One occurrence is one transaction: it claims one due series row with
 * `SELECT ... FOR UPDATE SKIP LOCKED`, writes the expense (linked to the series and its index) and
 * moves the series' next_index/next_date on, then commits. A second runner skips the locked row
 * and takes another; once the first commits, the row is no longer due for that index, so nobody
 * makes it again. A crash in the middle rolls the whole occurrence back, to be made by the next
 * run. The unique (group_id, series_id, series_index) of expenses is a second guard behind this.
 * No session state (advisory locks, LISTEN) is used, so it works behind PgBouncer in transaction mode.
 */

export interface RecurringRunOptions {
  /** The instant to run at; today is its day in each group's time zone. */
  now?: Date;
  /** Stop after this many occurrences (the next run goes on); default 1000. */
  limit?: number;
  /** The exchange rate provider, for series that take each day's rate. */
  config?: Pick<ApiConfig, 'fxRatesUrl' | 'fxTimeoutMs'>;
  /** Called once per made occurrence (the server's log). */
  onMade?: (made: MadeOccurrence) => void;
}

export interface MadeOccurrence {
  groupId: string;
  seriesId: string;
  index: number;
  date: string;
  expenseId: string;
}

type SeriesRow = typeof expenseSeries.$inferSelect;

/** The series' rule in the domain's terms. */
export function ruleOf(series: Pick<SeriesRow, 'every' | 'unit' | 'until' | 'count'>): Recurrence {
  return {
    every: series.every,
    unit: series.unit as RecurrenceUnit,
    until: series.until,
    count: series.count,
  };
}

/** Makes the due occurrences, one transaction each, until none is due (or `limit` were made). */
export async function runDueOccurrences(
  db: Database,
  { now = new Date(), limit = 1000, config = {}, onMade }: RecurringRunOptions = {},
): Promise<MadeOccurrence[]> {
  const made: MadeOccurrence[] = [];
  while (made.length < limit) {
    const occurrence = await makeNextOccurrence(db, now, config);
    if (occurrence === 'none') break;
    if (occurrence === 'skipped') continue;
    made.push(occurrence);
    onMade?.(occurrence);
  }
  return made;
}

/** Claims one due series and makes its next occurrence, in one transaction. */
async function makeNextOccurrence(
  db: Database,
  now: Date,
  config: RecurringRunOptions['config'],
): Promise<MadeOccurrence | 'none' | 'skipped'> {
  return db.transaction(async (tx) => {
    const instant = now.toISOString();
    // The index bounds the scan: no time zone is more than a day ahead of UTC.
    const [claimed] = await tx
      .select({ series: expenseSeries, timeZone: groups.timeZone, currency: groups.currency })
      .from(expenseSeries)
      .innerJoin(groups, eq(groups.id, expenseSeries.groupId))
      .where(
        and(
          eq(expenseSeries.status, 'active'),
          sql`${expenseSeries.nextDate} is not null`,
          sql`${expenseSeries.nextDate} <= (${instant}::timestamptz at time zone 'UTC')::date + 1`,
          sql`${expenseSeries.nextDate} <= (${instant}::timestamptz at time zone ${groups.timeZone})::date`,
          sql`${groups.deletedAt} is null`,
        ),
      )
      .orderBy(expenseSeries.nextDate)
      .limit(1)
      .for('update', { of: expenseSeries, skipLocked: true });
    if (!claimed) return 'none';
    const { series, timeZone, currency } = claimed;
    const index = series.nextIndex;
    const date = series.nextDate as string;
    const following = occurrenceAt(series.startDate, ruleOf(series), index + 1);
    const advance = (status: SeriesRow['status']) =>
      tx
        .update(expenseSeries)
        .set({ nextIndex: index + 1, nextDate: following?.date ?? null, status, updatedAt: now })
        .where(and(eq(expenseSeries.groupId, series.groupId), eq(expenseSeries.id, series.id)));

    const seats = await groupSeats(tx, series.groupId);
    const input = await occurrenceInput(tx, series, date, timeZone, currency, config);
    let expenseId: string;
    try {
      // A savepoint: an occurrence the rules refuse (a payer since removed) pauses its series
      // instead of failing every run.
      ({ id: expenseId } = await tx.transaction((inner) =>
        insertExpense(inner, {
          groupId: series.groupId,
          currency,
          seats,
          actor: null,
          createdByMemberId: series.createdByMemberId,
          input,
          series: { id: series.id, index },
        }),
      ));
    } catch (error) {
      if (!(error instanceof AppError || error instanceof DomainError)) throw error;
      await tx
        .update(expenseSeries)
        .set({ status: 'paused', updatedAt: now })
        .where(and(eq(expenseSeries.groupId, series.groupId), eq(expenseSeries.id, series.id)));
      await writeLog(tx, {
        groupId: series.groupId,
        actorMemberId: null,
        action: 'SERIES_PAUSED',
        message: `Paused the repeat of "${series.name}": ${error.message}`,
        details: {
          seriesId: series.id,
          seriesIndex: index,
          name: series.name,
          amountCents: series.amountCents,
          currency,
          reason: error instanceof AppError ? error.appCode : error.code,
        },
      });
      return 'skipped';
    }
    await advance(series.status);
    return { groupId: series.groupId, seriesId: series.id, index, date, expenseId };
  });
}

/** The expenses.create input of occurrence on `date`: the template, dated at noon of that day in the group. */
async function occurrenceInput(
  tx: Database,
  series: SeriesRow,
  date: string,
  timeZone: string,
  currency: string,
  config: RecurringRunOptions['config'],
): Promise<ExpenseInput> {
  const { template } = series;
  const input: ExpenseInput = {
    ...template,
    name: series.name,
    amountCents: series.amountCents,
    date: middayIn(date, timeZone).toISOString(),
    settlement: false,
    splitMethod: template.splitMethod ?? 'shares',
  };
  if (!series.originalCurrency || series.originalAmountCents === null || series.exchangeRate === null) {
    return input;
  }
  let rate = series.exchangeRate;
  let rateSource: 'manual' | 'fetched' = 'manual';
  let rateDate = date;
  // The day's rate changes the amount in the group's currency; only a template whose parts follow
  // the amount by themselves (one payer, a split by shares or percentages, no items) takes it.
  const followsAmount =
    (template.payers?.length ?? 0) <= 1 && template.splitMethod !== 'amounts' && !template.items?.length;
  if (series.rateSource === 'fetched' && followsAmount) {
    try {
      const fetched = await exchangeRate(tx, config as ApiConfig, {
        from: series.originalCurrency,
        to: currency,
        date,
      });
      rate = fetched.rate;
      rateDate = fetched.date;
      rateSource = 'fetched';
    } catch (error) {
      // No rate for the day: the series' own rate, said to be typed.
      if (!(error instanceof AppError)) throw error;
    }
  }
  return {
    ...input,
    amountCents: convertCents(series.originalAmountCents, rate),
    paidById: followsAmount ? (template.payers?.[0]?.memberId ?? template.paidById) : template.paidById,
    payers: followsAmount ? null : template.payers,
    original: {
      currency: series.originalCurrency,
      amountCents: series.originalAmountCents,
      rate,
      rateDate,
      rateSource,
    },
  };
}

export type RecurringJob = PeriodicJob<MadeOccurrence[]>;

/**
 * Starts the job in this process: a run at once (the catch-up after downtime), then one every
 * `intervalMs` (default a minute). Every instance may start it: the row locks share the work out.
 * Idle, a run is one indexed query. A failed run is reported to `onError` and retried on the next tick.
 */
export function startRecurringJob(
  db: Database,
  {
    intervalMs = 60_000,
    onError,
    now = () => new Date(),
    ...options
  }: Omit<RecurringRunOptions, 'now'> & {
    intervalMs?: number;
    onError?: (error: unknown) => void;
    now?: () => Date;
  } = {},
): RecurringJob {
  return startPeriodicJob(() => runDueOccurrences(db, { ...options, now: now() }), { intervalMs, onError });
}
