import type { Database } from '@dolya/db';
import { type DaySpending, type Spending, spendingBuckets } from '@dolya/domain';
import { sql } from 'drizzle-orm';
import { pgErrorOf } from '../error-mapping';
import { AppError } from '../errors';
import { requireMember } from './access';

export interface SpendingInput {
  groupId: string;
  /** IANA time zone of the viewer: days are the viewer's calendar days. */
  timeZone: string;
  /** 0 Sunday, 1 Monday. */
  weekStartsOn: number;
}

interface DayRow extends Record<string, unknown> {
  day: string;
  cents: string | number;
}

/**
 * Ordinary expenses (settlements are not spending) over time, for the statistics chart: summed per
 * calendar day of the viewer in SQL, in cents, then grouped into days, weeks or months by the span.
 * The answer grows with the buckets shown, never with the number of expenses.
 */
export async function groupSpending(db: Database, userId: string, input: SpendingInput): Promise<Spending> {
  await requireMember(db, input.groupId, userId);
  let result: unknown;
  try {
    // Grouped on the date itself; only the few day rows are formatted.
    result = await db.execute<DayRow>(sql`
      select to_char(day, 'YYYY-MM-DD') as day, cents from (
        select ("date" at time zone ${input.timeZone})::date as day, sum(amount_cents)::text as cents
          from expenses
          where group_id = ${input.groupId} and deleted_at is null and is_settlement = false
          group by 1) as days`);
  } catch (error) {
    // 22023: a zone name the runtime knew but this PostgreSQL's time zone data does not.
    if (pgErrorOf(error)?.code === '22023') {
      throw new AppError('VALIDATION_ERROR', 'timeZone: unknown time zone', 'timeZone');
    }
    throw error;
  }
  const rows = Array.isArray(result) ? (result as DayRow[]) : (result as { rows: DayRow[] }).rows;
  const days: DaySpending[] = rows.map((row) => ({ day: row.day, cents: exactCents(row.cents) }));
  return spendingBuckets(days, { weekStartsOn: input.weekStartsOn });
}

function exactCents(value: string | number): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n)) throw new Error(`Sum out of the exact range: ${value}`);
  return n;
}
