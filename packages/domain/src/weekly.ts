import { dayIn, zoneOffsetAt } from './recurrence';

/** The weekday of a calendar day, ISO: 1 Monday .. 7 Sunday. */
export function isoWeekday(day: string): number {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return weekday === 0 ? 7 : weekday;
}

/** The calendar day `days` after `day` (both YYYY-MM-DD). */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * The instant the clocks of `timeZone` show `hour`:00 on `day`. In a spring-forward gap the hour
 * comes out an hour later; the offset is read at the guess, then once more at the answer.
 */
export function instantAt(day: string, hour: number, timeZone: string): Date {
  const guess = Date.parse(`${day}T${String(hour).padStart(2, '0')}:00:00Z`);
  const first = guess - zoneOffsetAt(guess, timeZone);
  return new Date(guess - zoneOffsetAt(first, timeZone));
}

/** The first instant after `now` that is `weekday` (ISO) at `hour`:00 in `timeZone`: a weekly summary's next time. */
export function nextWeeklyAt(now: Date, weekday: number, hour: number, timeZone: string): Date {
  const today = dayIn(timeZone, now);
  for (let days = 0; days <= 7; days++) {
    const day = addDays(today, days);
    if (isoWeekday(day) !== weekday) continue;
    const at = instantAt(day, hour, timeZone);
    if (at.getTime() > now.getTime()) return at;
  }
  return instantAt(addDays(today, 14 - ((isoWeekday(today) - weekday + 7) % 7)), hour, timeZone);
}
