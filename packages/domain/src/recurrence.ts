import { DomainError } from './errors';

/**
 * Recurring expenses (issue 28): when a series' occurrences fall. Dates are plain calendar days
 * "YYYY-MM-DD" in the group's time zone; their arithmetic runs on UTC midnights, so no
 * daylight-saving shift moves one. The n-th occurrence is always computed from the start (never by
 * stepping from the previous one), so a month end is not lost on the way: a series from 31 January
 * falls on 28/29 February, then on 31 March again; one from 29 February falls on 28 February in
 * other years and on the 29th in leap years.
 */

export const recurrenceUnits = ['day', 'week', 'month', 'year'] as const;
export type RecurrenceUnit = (typeof recurrenceUnits)[number];

/** Every `every` `unit`s from the start; ends after `until` (that day included), after `count` occurrences (the first one counted), or never. */
export interface Recurrence {
  every: number;
  unit: RecurrenceUnit;
  until?: string | null;
  count?: number | null;
}

/** One occurrence: its index from 0 (the start itself) and its day. */
export interface Occurrence {
  index: number;
  date: string;
}

/** The largest `every` accepted: a step of 1000 years still lands on a four-digit year from any start. */
export const MAX_RECURRENCE_EVERY = 1000;
/** The largest `count` accepted. */
export const MAX_RECURRENCE_COUNT = 10_000;

const DAY_MS = 24 * 60 * 60 * 1000;
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
/** The last day written with four year digits; occurrences past it do not exist. */
const LAST_DAY = '9999-12-31';

interface Civil {
  year: number;
  month: number; // 1-12
  day: number;
}

function parseDay(day: string): Civil | null {
  const match = ISO_DAY.exec(day);
  if (!match) return null;
  const civil = { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
  if (
    civil.month < 1 ||
    civil.month > 12 ||
    civil.day < 1 ||
    civil.day > daysInMonth(civil.year, civil.month)
  ) {
    return null;
  }
  return civil;
}

/** True for a real calendar day written "YYYY-MM-DD". */
export function isIsoDay(day: string): boolean {
  return parseDay(day) !== null;
}

function civilOf(day: string): Civil {
  const civil = parseDay(day);
  if (!civil) throw new RangeError(`Not a calendar day: ${day}`);
  return civil;
}

function isLeap(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeap(year) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

const pad = (value: number, width: number) => String(value).padStart(width, '0');
const format = ({ year, month, day }: Civil) => `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;

function addDays(day: string, days: number): string {
  const { year, month, day: d } = civilOf(day);
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, d); // unlike Date.UTC, years 0-99 stay themselves
  const iso = new Date(date.getTime() + days * DAY_MS).toISOString();
  return iso.slice(0, iso.indexOf('T')); // '+010000-01-01' past 9999, refused by the caller
}

/** The start's day of month in the month `months` later, or that month's last day when it is shorter. */
function addMonths(day: string, months: number): string {
  const start = civilOf(day);
  const total = start.year * 12 + (start.month - 1) + months;
  const year = Math.floor(total / 12);
  const month = (total % 12) + 1;
  return format({ year, month, day: Math.min(start.day, daysInMonth(year, month)) });
}

/**
 * Checks a rule against its start day; a DomainError INVALID_RECURRENCE names the wrong field:
 * `every` (a whole number from 1 to 1000), `unit`, `until` (a calendar day, not before the start),
 * `count` (a whole number from 1 to 10 000), or `until` when both an end date and a count are given.
 */
export function checkRecurrence(rule: Recurrence, start: string): void {
  const fail = (field: string, message: string): never => {
    throw new DomainError('INVALID_RECURRENCE', message, field);
  };
  if (!Number.isInteger(rule.every) || rule.every < 1 || rule.every > MAX_RECURRENCE_EVERY) {
    fail('every', `every must be a whole number from 1 to ${MAX_RECURRENCE_EVERY}`);
  }
  if (!(recurrenceUnits as readonly string[]).includes(rule.unit)) {
    fail('unit', `unit must be one of ${recurrenceUnits.join(', ')}`);
  }
  if (!isIsoDay(start)) fail('date', 'the start must be a calendar day YYYY-MM-DD');
  const hasUntil = rule.until !== undefined && rule.until !== null;
  const hasCount = rule.count !== undefined && rule.count !== null;
  if (hasUntil && hasCount) fail('until', 'give an end date or a number of occurrences, not both');
  if (hasUntil) {
    if (!isIsoDay(rule.until as string)) fail('until', 'until must be a calendar day YYYY-MM-DD');
    if ((rule.until as string) < start) fail('until', 'until must not be before the start');
  }
  if (hasCount) {
    const count = rule.count as number;
    if (!Number.isInteger(count) || count < 1 || count > MAX_RECURRENCE_COUNT) {
      fail('count', `count must be a whole number from 1 to ${MAX_RECURRENCE_COUNT}`);
    }
  }
}

/**
 * The day of occurrence `index` (0 is the start), computed from the start, whatever the rule's
 * end: the rule's end is `isWithin`'s. Null past the year 9999.
 */
export function occurrenceDate(
  start: string,
  rule: Pick<Recurrence, 'every' | 'unit'>,
  index: number,
): string | null {
  if (!Number.isInteger(index) || index < 0) throw new RangeError(`Not an occurrence index: ${index}`);
  const steps = index * rule.every;
  let date: string;
  switch (rule.unit) {
    case 'day':
      date = addDays(start, steps);
      break;
    case 'week':
      date = addDays(start, steps * 7);
      break;
    case 'month':
      date = addMonths(start, steps);
      break;
    case 'year':
      date = addMonths(start, steps * 12);
      break;
  }
  return date.length === 10 && date <= LAST_DAY ? date : null;
}

/** Whether occurrence `index` on `date` belongs to the series: within its count and on or before its end date. */
export function isWithin(rule: Recurrence, index: number, date: string): boolean {
  if (rule.count !== undefined && rule.count !== null && index >= rule.count) return false;
  if (rule.until !== undefined && rule.until !== null && date > rule.until) return false;
  return true;
}

/** Occurrence `index` of the series, or null when the series has ended before it. */
export function occurrenceAt(start: string, rule: Recurrence, index: number): Occurrence | null {
  const date = occurrenceDate(start, rule, index);
  if (date === null || !isWithin(rule, index, date)) return null;
  return { index, date };
}

/**
 * The occurrences from index `from` on whose day is `through` or earlier, in order, at most
 * `limit` of them (what a job makes on `through`, today in the group's time zone, after downtime).
 */
export function occurrencesDue(
  start: string,
  rule: Recurrence,
  from: number,
  through: string,
  limit = Number.POSITIVE_INFINITY,
): Occurrence[] {
  const due: Occurrence[] = [];
  for (let index = from; due.length < limit; index++) {
    const occurrence = occurrenceAt(start, rule, index);
    if (occurrence === null || occurrence.date > through) break;
    due.push(occurrence);
  }
  return due;
}

/** Today's calendar day in `timeZone` (an IANA name such as Europe/Moscow) at the instant `now`. */
export function dayIn(timeZone: string, now: Date): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/**
 * The instant of noon on `day` in `timeZone`: the moment an occurrence is dated, so that its day
 * is `day` for the group (and for viewers within eleven hours of it).
 */
export function middayIn(day: string, timeZone: string): Date {
  civilOf(day);
  const guess = Date.parse(`${day}T12:00:00Z`);
  return new Date(guess - zoneOffsetAt(guess, timeZone));
}

/** How far `timeZone`'s clocks are ahead of UTC at `instant`, in milliseconds. */
export function zoneOffsetAt(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(new Date(instant));
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const wall = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  );
  return wall - Math.floor(instant / 1000) * 1000;
}
