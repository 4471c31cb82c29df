import { type Cents, centsToDecimal, sumCents } from '@dolya/domain';
import type { Expense, MemberBalance } from '../../lib/api-types';

/**
 * Data for the statistics charts. Money is summed in integer cents only; the decimal `value` of
 * each point is derived from those cents for the chart's geometry and is never added up again.
 */

// ---- Per-member net ----

export type NetMember = Pick<
  MemberBalance,
  'memberId' | 'name' | 'paidCents' | 'owedCents' | 'sentCents' | 'receivedCents' | 'netCents' | 'removed'
>;

export interface NetBar {
  memberId: string;
  name: string;
  /** Net in cents, settlements included; positive means the group owes this member. */
  cents: Cents;
  paidCents: Cents;
  owedCents: Cents;
  /** The net as a decimal number, for the chart's scale only. */
  value: number;
  sign: -1 | 0 | 1;
  removed: boolean;
  me: boolean;
}

/** One bar per member, largest credit first and largest debt last; ties keep the API's order. */
export function netBars(members: readonly NetMember[], myMemberId?: string): NetBar[] {
  return members
    .map((m, index) => {
      const cents = m.netCents;
      return {
        index,
        bar: {
          memberId: m.memberId,
          name: m.name,
          cents,
          paidCents: m.paidCents,
          owedCents: m.owedCents,
          value: centsToDecimal(cents),
          sign: (cents > 0 ? 1 : cents < 0 ? -1 : 0) as NetBar['sign'],
          removed: m.removed,
          me: myMemberId !== undefined && m.memberId === myMemberId,
        },
      };
    })
    .sort((a, b) => b.bar.cents - a.bar.cents || a.index - b.index)
    .map(({ bar }) => bar);
}

/** The largest absolute net in cents; the chart is symmetric around zero so both sides compare. */
export function netExtent(bars: readonly NetBar[]): Cents {
  return bars.reduce((max, bar) => Math.max(max, Math.abs(bar.cents)), 0);
}

/** Nothing to show: no money was ever spent or moved in the group. */
export function isEmptyGroup(totalCents: Cents, members: readonly NetMember[]): boolean {
  return (
    totalCents === 0 &&
    members.every((m) => m.paidCents === 0 && m.owedCents === 0 && m.sentCents === 0 && m.receivedCents === 0)
  );
}

// ---- Spending over time ----

export type Granularity = 'day' | 'week' | 'month';

export type SpendingExpense = Pick<Expense, 'amountCents' | 'date' | 'settlement'>;

export interface SpendingBucket {
  /** The first local day of the bucket, "YYYY-MM-DD". */
  start: string;
  cents: Cents;
  /** The bucket's sum as a decimal number, for the chart's scale only. */
  value: number;
}

export interface Spending {
  granularity: Granularity;
  buckets: SpendingBucket[];
  totalCents: Cents;
}

/** Up to this many days between the first and the last expense: one bar per day. */
export const DAY_SPAN_LIMIT = 31;
/** Up to this many days: one bar per week; longer spans get one bar per month. */
export const WEEK_SPAN_LIMIT = 26 * 7;

const DAY_MS = 24 * 60 * 60 * 1000;

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/** A local calendar day as "YYYY-MM-DD". */
export function dayKey(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** "YYYY-MM-DD" back to local midnight of that day. */
export function parseDayKey(key: string): Date {
  const [y, m, d] = key.split('-').map(Number);
  return new Date(y ?? 1970, (m ?? 1) - 1, d ?? 1);
}

function localDay(date: Date): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate());
}

/** Whole calendar days from a to b (local midnights; daylight-saving shifts are rounded away). */
function daysBetween(a: Date, b: Date): number {
  return Math.round((localDay(b).getTime() - localDay(a).getTime()) / DAY_MS);
}

/** The first day of the bucket holding `date`; weeks start on `weekStartsOn` (0 Sunday, 1 Monday). */
export function bucketStart(date: Date, granularity: Granularity, weekStartsOn = 1): Date {
  const day = localDay(date);
  if (granularity === 'day') return day;
  if (granularity === 'month') return new Date(day.getFullYear(), day.getMonth(), 1);
  const back = (day.getDay() - weekStartsOn + 7) % 7;
  return new Date(day.getFullYear(), day.getMonth(), day.getDate() - back);
}

function nextBucket(start: Date, granularity: Granularity): Date {
  if (granularity === 'day') return new Date(start.getFullYear(), start.getMonth(), start.getDate() + 1);
  if (granularity === 'week') return new Date(start.getFullYear(), start.getMonth(), start.getDate() + 7);
  return new Date(start.getFullYear(), start.getMonth() + 1, 1);
}

/** Days for a month or so, weeks for up to half a year, months beyond. */
export function granularityFor(spanDays: number): Granularity {
  if (spanDays <= DAY_SPAN_LIMIT) return 'day';
  if (spanDays <= WEEK_SPAN_LIMIT) return 'week';
  return 'month';
}

/**
 * Ordinary expenses (settlements are not spending) summed per local day, week or month, with
 * empty buckets between the first and the last one so the time axis has no jumps.
 */
export function spendingOverTime(
  expenses: readonly SpendingExpense[],
  options: { weekStartsOn?: number } = {},
): Spending {
  const weekStartsOn = options.weekStartsOn ?? 1;
  const dated = expenses
    .filter((e) => !e.settlement)
    .map((e) => ({ date: new Date(e.date), cents: e.amountCents }))
    .filter((e) => !Number.isNaN(e.date.getTime()));
  if (dated.length === 0) return { granularity: 'day', buckets: [], totalCents: 0 };

  let first = dated[0]!.date;
  let last = first;
  for (const { date } of dated) {
    if (date < first) first = date;
    if (date > last) last = date;
  }
  const granularity = granularityFor(daysBetween(first, last));

  const sums = new Map<string, Cents[]>();
  for (const { date, cents } of dated) {
    const key = dayKey(bucketStart(date, granularity, weekStartsOn));
    const list = sums.get(key);
    if (list) list.push(cents);
    else sums.set(key, [cents]);
  }

  const buckets: SpendingBucket[] = [];
  const end = bucketStart(last, granularity, weekStartsOn);
  for (
    let start = bucketStart(first, granularity, weekStartsOn);
    start <= end;
    start = nextBucket(start, granularity)
  ) {
    const key = dayKey(start);
    const cents = sumCents(sums.get(key) ?? []);
    buckets.push({ start: key, cents, value: centsToDecimal(cents) });
  }
  return { granularity, buckets, totalCents: sumCents(buckets.map((b) => b.cents)) };
}
