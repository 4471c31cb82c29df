import { type Cents, sumCents } from './money';

/**
 * Spending over time for the statistics chart: per-day sums (in the viewer's calendar) grouped
 * into days, weeks or months by the span they cover, in integer cents only. Days are calendar
 * dates "YYYY-MM-DD"; their arithmetic runs on UTC midnights, so no daylight-saving shift moves one.
 */

export type Granularity = 'day' | 'week' | 'month';

/** What was spent on one calendar day. */
export interface DaySpending {
  day: string;
  cents: Cents;
}

export interface SpendingBucket {
  /** The first day of the bucket, "YYYY-MM-DD". */
  start: string;
  cents: Cents;
}

export interface Spending {
  granularity: Granularity;
  /** From the first bucket with spending to the last, empty ones included, so the axis has no jumps. */
  buckets: SpendingBucket[];
  totalCents: Cents;
}

/** Up to this many days between the first and the last expense: one bar per day. */
export const DAY_SPAN_LIMIT = 31;
/** Up to this many days: one bar per week; longer spans get one bar per month. */
export const WEEK_SPAN_LIMIT = 26 * 7;

const DAY_MS = 24 * 60 * 60 * 1000;
const DAY_KEY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Days for a month or so, weeks for up to half a year, months beyond. */
export function granularityFor(spanDays: number): Granularity {
  if (spanDays <= DAY_SPAN_LIMIT) return 'day';
  if (spanDays <= WEEK_SPAN_LIMIT) return 'week';
  return 'month';
}

function toUtc(day: string): Date {
  const match = DAY_KEY.exec(day);
  if (!match) throw new RangeError(`Not a calendar day: ${day}`);
  return new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
}

function toKey(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The first day of the bucket holding `day`; weeks start on `weekStartsOn` (0 Sunday, 1 Monday). */
export function bucketStart(day: string, granularity: Granularity, weekStartsOn = 1): string {
  const date = toUtc(day);
  if (granularity === 'day') return day;
  if (granularity === 'month') return toKey(new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1)));
  const back = (date.getUTCDay() - weekStartsOn + 7) % 7;
  return toKey(new Date(date.getTime() - back * DAY_MS));
}

function nextBucket(start: string, granularity: Granularity): string {
  const date = toUtc(start);
  if (granularity === 'month') {
    return toKey(new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1)));
  }
  return toKey(new Date(date.getTime() + (granularity === 'week' ? 7 : 1) * DAY_MS));
}

/** Sums the days into buckets sized by the span from the first to the last day; days in any order. */
export function spendingBuckets(
  days: readonly DaySpending[],
  options: { weekStartsOn?: number } = {},
): Spending {
  const weekStartsOn = options.weekStartsOn ?? 1;
  if (days.length === 0) return { granularity: 'day', buckets: [], totalCents: 0 };
  const sorted = [...days].sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
  const first = sorted[0]!.day;
  const last = sorted[sorted.length - 1]!.day;
  const granularity = granularityFor(Math.round((toUtc(last).getTime() - toUtc(first).getTime()) / DAY_MS));

  const sums = new Map<string, Cents[]>();
  for (const { day, cents } of sorted) {
    const key = bucketStart(day, granularity, weekStartsOn);
    const list = sums.get(key);
    if (list) list.push(cents);
    else sums.set(key, [cents]);
  }
  const buckets: SpendingBucket[] = [];
  const end = bucketStart(last, granularity, weekStartsOn);
  for (let start = bucketStart(first, granularity, weekStartsOn); start <= end; ) {
    buckets.push({ start, cents: sumCents(sums.get(start) ?? []) });
    start = nextBucket(start, granularity);
  }
  return { granularity, buckets, totalCents: sumCents(buckets.map((b) => b.cents)) };
}
