import { describe, expect, it } from 'vitest';
import { instantAt, isoWeekday, nextWeeklyAt } from '../src/weekly';

describe('nextWeeklyAt', () => {
  it('is the coming weekday at the hour in the time zone', () => {
    // Sunday 29 Nov 2026, 12:00 UTC = 15:00 in Moscow; Monday 10:00 Moscow is 07:00 UTC.
    const now = new Date('2026-11-29T12:00:00Z');
    expect(nextWeeklyAt(now, 1, 10, 'Europe/Moscow').toISOString()).toBe('2026-11-30T07:00:00.000Z');
  });

  it('is a week on when this week’s hour has just passed, and today when it is still ahead', () => {
    const monday = new Date('2026-11-30T07:00:00Z');
    expect(nextWeeklyAt(monday, 1, 10, 'Europe/Moscow').toISOString()).toBe('2026-12-07T07:00:00.000Z');
    expect(nextWeeklyAt(new Date('2026-11-30T06:59:00Z'), 1, 10, 'Europe/Moscow').toISOString()).toBe(
      '2026-11-30T07:00:00.000Z',
    );
  });

  it('reads the day in the group’s zone around midnight, not UTC’s', () => {
    // 23:30 UTC on Sunday is already Monday 08:30 in Tokyo.
    const now = new Date('2026-11-29T23:30:00Z');
    expect(nextWeeklyAt(now, 1, 9, 'Asia/Tokyo').toISOString()).toBe('2026-11-30T00:00:00.000Z');
    // ...and still Sunday afternoon in Los Angeles.
    expect(nextWeeklyAt(now, 7, 18, 'America/Los_Angeles').toISOString()).toBe('2026-11-30T02:00:00.000Z');
  });

  it('keeps the wall-clock hour across a daylight saving change', () => {
    // Berlin leaves summer time on 25 Oct 2026: 10:00 is 08:00 UTC before, 09:00 UTC after.
    expect(instantAt('2026-10-24', 10, 'Europe/Berlin').toISOString()).toBe('2026-10-24T08:00:00.000Z');
    expect(instantAt('2026-10-25', 10, 'Europe/Berlin').toISOString()).toBe('2026-10-25T09:00:00.000Z');
    const weekBefore = new Date('2026-10-19T08:30:00Z');
    expect(nextWeeklyAt(weekBefore, 7, 10, 'Europe/Berlin').toISOString()).toBe('2026-10-25T09:00:00.000Z');
  });

  it('numbers weekdays as ISO does', () => {
    expect(isoWeekday('2026-11-30')).toBe(1);
    expect(isoWeekday('2026-11-29')).toBe(7);
  });
});
