import { dayIn } from './recurrence';

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
  const first = guess - offsetAt(guess, timeZone);
  return new Date(guess - offsetAt(first, timeZone));
}

/** How far `timeZone`'s clocks are ahead of UTC at `instant`, in milliseconds. */
function offsetAt(instant: number, timeZone: string): number {
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
