import { type Database, expenseSeries, expenses } from '@dolya/db';
import { checkRecurrence, dayIn, occurrenceAt, type Recurrence, type RecurrenceUnit } from '@dolya/domain';
import { and, eq } from 'drizzle-orm';
import { AppError } from '../errors';
import type { DraftRow } from './bot-drafts';
import type { DraftDisplay, DraftProposal } from './draft-proposal';
import { rowOf } from './group-rows';
import { startSeries } from './series';

/**
 * A bot draft that repeats (issue 28: «аренда 45000 каждый месяц»). The rule is kept in the
 * draft's display (drafts made before it have none), shown with its next day, and Save makes the
 * expense the first of a series in Save's transaction, so a second Save, which finds the draft
 * closed, makes no second series.
 */

/** A draft's repeat as its author sees it: the rule and the day of the next expense it makes. */
export interface DraftRepeat {
  every: number;
  unit: RecurrenceUnit;
  until: string | null;
  count: number | null;
  /** The next occurrence after the expense's day (null once the rule ends before it). */
  nextDate: string | null;
}

/** The proposal's rule, checked from today in the group's time zone; a repayment cannot repeat. */
export function draftRepeat(proposal: DraftProposal, timeZone: string, now = new Date()): Recurrence | null {
  const sent = proposal.repeat;
  if (!sent) return null;
  if (proposal.settlement) {
    throw new AppError('VALIDATION_ERROR', 'repeat: a settlement cannot repeat', 'repeat');
  }
  const rule: Recurrence = {
    every: sent.every,
    unit: sent.unit,
    until: sent.until ?? null,
    count: sent.count ?? null,
  };
  checkRecurrence(rule, dayIn(timeZone, now));
  return rule;
}

/**
 * The repeat shown with a draft: while open, from today (the day Save dates the expense); once
 * saved, its expense's series as it is (none when the web form saved it without a repeat).
 */
export async function draftRepeatView(
  db: Database,
  row: DraftRow,
  timeZone: string,
  now = new Date(),
): Promise<DraftRepeat | null> {
  const rule = (row.display as unknown as DraftDisplay).repeat;
  if (row.expenseId) return savedSeries(db, row.groupId, row.expenseId);
  if (!rule) return null;
  const { every, unit, until = null, count = null } = rule;
  const nextDate = occurrenceAt(dayIn(timeZone, now), rule, 1)?.date ?? null;
  return { every, unit, until, count, nextDate };
}

async function savedSeries(db: Database, groupId: string, expenseId: string): Promise<DraftRepeat | null> {
  const [series] = await db
    .select({
      every: expenseSeries.every,
      unit: expenseSeries.unit,
      until: expenseSeries.until,
      count: expenseSeries.count,
      status: expenseSeries.status,
      nextDate: expenseSeries.nextDate,
    })
    .from(expenses)
    .innerJoin(
      expenseSeries,
      and(eq(expenseSeries.groupId, expenses.groupId), eq(expenseSeries.id, expenses.seriesId)),
    )
    .where(rowOf(expenses, groupId, expenseId));
  if (!series) return null;
  const { status, nextDate, ...rule } = series;
  return { ...rule, nextDate: status === 'stopped' ? null : nextDate };
}

/** Save's part: the draft's expense, just created in this transaction, starts its series. */
export async function startDraftSeries(tx: Database, userId: string, row: DraftRow, expenseId: string) {
  const rule = (row.display as unknown as DraftDisplay).repeat;
  if (rule) await startSeries(tx, userId, { groupId: row.groupId, expenseId, ...rule });
}
