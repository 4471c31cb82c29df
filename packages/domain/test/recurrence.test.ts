import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkRecurrence,
  DomainError,
  dayIn,
  daysInMonth,
  isIsoDay,
  middayIn,
  occurrenceAt,
  occurrenceDate,
  occurrencesDue,
  type Recurrence,
  type RecurrenceUnit,
  recurrenceUnits,
} from '../src/index';

const DAY_MS = 86_400_000;
const civil = (day: string) => day.split('-').map(Number) as [number, number, number];
const utc = (day: string) => Date.UTC(...([civil(day)[0], civil(day)[1] - 1, civil(day)[2]] as const));
const daysBetween = (a: string, b: string) => (utc(b) - utc(a)) / DAY_MS;
const monthsBetween = (a: string, b: string) => {
  const [ya, ma] = civil(a);
  const [yb, mb] = civil(b);
  return (yb - ya) * 12 + (mb - ma);
};

/** Calendar days 1900-2200, month ends and 29 February drawn often. */
const dayArb = fc
  .record({
    year: fc.integer({ min: 1900, max: 2200 }),
    month: fc.integer({ min: 1, max: 12 }),
    day: fc.oneof(fc.integer({ min: 1, max: 31 }), fc.constantFrom(28, 29, 30, 31)),
  })
  .map(({ year, month, day }) => {
    const d = Math.min(day, daysInMonth(year, month));
    return `${year}-${String(month).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
  });
const unitArb = fc.constantFrom<RecurrenceUnit>(...recurrenceUnits);
const ruleArb = fc.record({ every: fc.integer({ min: 1, max: 24 }), unit: unitArb });

const errorOf = (action: () => void): DomainError => {
  try {
    action();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('no error');
};

describe('occurrence days', () => {
  it('keeps the 31st through shorter months and comes back to it', () => {
    const rule = { every: 1, unit: 'month' as const };
    const days = [0, 1, 2, 3, 4, 12, 13].map((n) => occurrenceDate('2027-01-31', rule, n));
    expect(days).toEqual([
      '2027-01-31',
      '2027-02-28',
      '2027-03-31',
      '2027-04-30',
      '2027-05-31',
      '2028-01-31',
      '2028-02-29',
    ]);
  });

  it('puts 29 February on the 28th in other years and on the 29th in leap years', () => {
    const rule = { every: 1, unit: 'year' as const };
    expect([0, 1, 2, 3, 4, 8].map((n) => occurrenceDate('2028-02-29', rule, n))).toEqual([
      '2028-02-29',
      '2029-02-28',
      '2030-02-28',
      '2031-02-28',
      '2032-02-29',
      '2036-02-29',
    ]);
    // 2100 is not a leap year, 2000 was.
    expect(occurrenceDate('2096-02-29', rule, 4)).toBe('2100-02-28');
    expect(occurrenceDate('1996-02-29', rule, 4)).toBe('2000-02-29');
  });

  it('steps days and weeks across month, year and leap-day boundaries', () => {
    expect(occurrenceDate('2027-12-30', { every: 3, unit: 'day' }, 1)).toBe('2028-01-02');
    expect(occurrenceDate('2028-02-22', { every: 1, unit: 'week' }, 1)).toBe('2028-02-29');
    expect(occurrenceDate('2028-02-22', { every: 2, unit: 'week' }, 1)).toBe('2028-03-07');
    expect(occurrenceDate('2026-11-30', { every: 3, unit: 'month' }, 1)).toBe('2027-02-28');
  });

  it('ends the series after its count, the first one counted, or after its end date, that day included', () => {
    const monthly = { every: 1, unit: 'month' as const };
    expect(
      occurrencesDue('2027-01-31', { ...monthly, count: 3 }, 0, '2030-01-01').map((o) => o.date),
    ).toEqual(['2027-01-31', '2027-02-28', '2027-03-31']);
    expect(occurrencesDue('2027-01-31', { ...monthly, until: '2027-03-31' }, 0, '2030-01-01')).toHaveLength(
      3,
    );
    expect(occurrencesDue('2027-01-31', { ...monthly, until: '2027-03-30' }, 0, '2030-01-01')).toHaveLength(
      2,
    );
    expect(occurrenceAt('2027-01-31', { ...monthly, count: 1 }, 1)).toBeNull();
    expect(occurrenceAt('2027-01-31', { ...monthly, count: 1 }, 0)).toEqual({ index: 0, date: '2027-01-31' });
  });

  it('makes only the due ones from a given index, at most a limit of them', () => {
    const rule = { every: 1, unit: 'day' as const };
    expect(occurrencesDue('2026-11-01', rule, 3, '2026-11-06')).toEqual([
      { index: 3, date: '2026-11-04' },
      { index: 4, date: '2026-11-05' },
      { index: 5, date: '2026-11-06' },
    ]);
    expect(occurrencesDue('2026-11-01', rule, 3, '2026-11-03')).toEqual([]);
    expect(occurrencesDue('2026-11-01', rule, 0, '2027-11-01', 2)).toHaveLength(2);
  });

  it('has no occurrence past the year 9999', () => {
    expect(occurrenceDate('9999-12-01', { every: 1, unit: 'month' }, 1)).toBeNull();
    expect(occurrenceDate('9999-12-31', { every: 1, unit: 'day' }, 1)).toBeNull();
    expect(occurrencesDue('9999-12-30', { every: 1, unit: 'day' }, 0, '9999-12-31', 10)).toHaveLength(2);
  });
});

describe('occurrence properties', () => {
  it('are strictly increasing and start on the start', () => {
    fc.assert(
      fc.property(dayArb, ruleArb, fc.integer({ min: 0, max: 200 }), (start, rule, n) => {
        expect(occurrenceDate(start, rule, 0)).toBe(start);
        const a = occurrenceDate(start, rule, n) as string;
        const b = occurrenceDate(start, rule, n + 1) as string;
        expect(isIsoDay(a) && isIsoDay(b)).toBe(true);
        expect(a < b).toBe(true);
      }),
    );
  });

  it('count: exactly that many occurrences, the first one counted', () => {
    fc.assert(
      fc.property(dayArb, ruleArb, fc.integer({ min: 1, max: 60 }), (start, rule, count) => {
        const all = occurrencesDue(start, { ...rule, count }, 0, '9999-12-31');
        expect(all).toHaveLength(count);
        expect(all[0]).toEqual({ index: 0, date: start });
        expect(all.map((o) => o.index)).toEqual([...Array(count).keys()]);
      }),
    );
  });

  it('until: every occurrence on or before it, and the next one after it', () => {
    fc.assert(
      fc.property(dayArb, ruleArb, fc.integer({ min: 0, max: 3000 }), (start, rule, span) => {
        const until = occurrenceDate(start, { every: span, unit: 'day' }, 1) as string;
        const all = occurrencesDue(start, { ...rule, until }, 0, '9999-12-31');
        expect(all[0]?.date).toBe(start);
        for (const o of all) expect(o.date <= until).toBe(true);
        const next = occurrenceDate(start, rule, all.length) as string;
        expect(next > until).toBe(true);
        // A due day before the end only cuts the list short: the same prefix.
        const through = occurrenceDate(start, { every: Math.floor(span / 2), unit: 'day' }, 1) as string;
        expect(occurrencesDue(start, { ...rule, until }, 0, through)).toEqual(
          all.filter((o) => o.date <= through),
        );
      }),
    );
  });

  it('month ends: the start day, or the last day of a shorter month, exactly index x every months on', () => {
    fc.assert(
      fc.property(
        dayArb,
        fc.integer({ min: 1, max: 24 }),
        fc.boolean(),
        fc.integer({ min: 0, max: 300 }),
        (start, every, years, n) => {
          const rule = { every, unit: years ? ('year' as const) : ('month' as const) };
          const date = occurrenceDate(start, rule, n) as string;
          expect(monthsBetween(start, date)).toBe(n * every * (years ? 12 : 1));
          const [y, m, d] = civil(date);
          expect(d).toBe(Math.min(civil(start)[2], daysInMonth(y, m)));
        },
      ),
    );
  });

  it('days and weeks: exactly index x every x (1 or 7) days on', () => {
    fc.assert(
      fc.property(
        dayArb,
        fc.integer({ min: 1, max: 60 }),
        fc.boolean(),
        fc.integer({ min: 0, max: 500 }),
        (start, every, weeks, n) => {
          const date = occurrenceDate(start, { every, unit: weeks ? 'week' : 'day' }, n) as string;
          expect(daysBetween(start, date)).toBe(n * every * (weeks ? 7 : 1));
        },
      ),
    );
  });

  it('the n-th occurrence comes from the start, not from chaining the previous one', () => {
    fc.assert(
      fc.property(
        dayArb,
        ruleArb,
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 0, max: 50 }),
        (start, rule, k, n) => {
          // Depends on the total step only: every k*e for n steps == every e for n*k steps.
          expect(occurrenceDate(start, { ...rule, every: rule.every * k }, n)).toBe(
            occurrenceDate(start, rule, n * k),
          );
        },
      ),
    );
    // Chaining would lose the 31st for good after February; from the start it comes back.
    const chained = occurrenceDate(
      occurrenceDate('2027-01-31', { every: 1, unit: 'month' }, 1) as string,
      { every: 1, unit: 'month' },
      1,
    );
    expect(chained).toBe('2027-03-28');
    expect(occurrenceDate('2027-01-31', { every: 1, unit: 'month' }, 2)).toBe('2027-03-31');
  });
});

describe('rules', () => {
  it('accepts every N units with an end date, a count or no end', () => {
    for (const unit of recurrenceUnits) {
      expect(() => checkRecurrence({ every: 2, unit }, '2026-11-29')).not.toThrow();
    }
    expect(() =>
      checkRecurrence({ every: 1, unit: 'month', until: '2026-11-29' }, '2026-11-29'),
    ).not.toThrow();
    expect(() => checkRecurrence({ every: 1, unit: 'month', count: 1 }, '2026-11-29')).not.toThrow();
    expect(() =>
      checkRecurrence({ every: 1, unit: 'month', until: null, count: null }, '2026-11-29'),
    ).not.toThrow();
  });

  it('refuses bad rules naming the field', () => {
    const field = (rule: Recurrence, start = '2026-11-29') => {
      const error = errorOf(() => checkRecurrence(rule, start));
      expect(error.code).toBe('INVALID_RECURRENCE');
      return error.field;
    };
    expect(field({ every: 0, unit: 'day' })).toBe('every');
    expect(field({ every: -1, unit: 'day' })).toBe('every');
    expect(field({ every: 1.5, unit: 'day' })).toBe('every');
    expect(field({ every: 1, unit: 'hour' as RecurrenceUnit })).toBe('unit');
    expect(field({ every: 1, unit: 'day', until: '2026-11-28' })).toBe('until');
    expect(field({ every: 1, unit: 'day', until: '2026-02-30' })).toBe('until');
    expect(field({ every: 1, unit: 'day', count: 0 })).toBe('count');
    expect(field({ every: 1, unit: 'day', count: -3 })).toBe('count');
    expect(field({ every: 1, unit: 'day', until: '2027-01-01', count: 3 })).toBe('until');
    expect(field({ every: 1, unit: 'day' }, '2026-13-01')).toBe('date');
  });
});

describe('the group calendar', () => {
  it('tells the day in a time zone around midnight', () => {
    const evening = new Date('2026-11-28T21:30:00Z');
    expect(dayIn('Europe/Moscow', evening)).toBe('2026-11-29');
    expect(dayIn('UTC', evening)).toBe('2026-11-28');
    expect(dayIn('Europe/Moscow', new Date('2026-11-28T20:59:59Z'))).toBe('2026-11-28');
    expect(dayIn('Europe/Moscow', new Date('2026-11-28T21:00:00Z'))).toBe('2026-11-29');
    // New York: UTC-4 in summer, UTC-5 in winter.
    expect(dayIn('America/New_York', new Date('2026-07-01T03:59:00Z'))).toBe('2026-06-30');
    expect(dayIn('America/New_York', new Date('2026-12-01T04:59:00Z'))).toBe('2026-11-30');
    expect(dayIn('America/New_York', new Date('2026-12-01T05:00:00Z'))).toBe('2026-12-01');
    expect(dayIn('Pacific/Kiritimati', new Date('2026-12-31T10:00:00Z'))).toBe('2027-01-01');
  });

  it('tells the day around midnight as a property: from midnight on it is the day, a moment before the day before', () => {
    // Zones whose offset has not changed since 1996, so their midnight is the UTC one less the offset.
    const zones: [string, number][] = [
      ['UTC', 0],
      ['Etc/GMT-3', 180],
      ['Asia/Kolkata', 330],
      ['Asia/Kathmandu', 345],
      ['Pacific/Kiritimati', 14 * 60],
      ['Pacific/Pago_Pago', -11 * 60],
    ];
    const recentDay = dayArb.filter((day) => day >= '1996-01-02');
    fc.assert(
      fc.property(
        recentDay,
        fc.constantFrom(...zones),
        fc.integer({ min: 0, max: 3600_000 }),
        (day, [zone, offsetMinutes], ms) => {
          const midnight = utc(day) - offsetMinutes * 60_000;
          const dayBefore = new Date(utc(day) - DAY_MS).toISOString().slice(0, 10);
          expect(dayIn(zone, new Date(midnight))).toBe(day);
          expect(dayIn(zone, new Date(midnight + ms))).toBe(day);
          expect(dayIn(zone, new Date(midnight - 1 - ms))).toBe(dayBefore);
        },
      ),
    );
  });

  it('dates an occurrence at noon of its day in the group', () => {
    expect(middayIn('2026-12-01', 'Europe/Moscow').toISOString()).toBe('2026-12-01T09:00:00.000Z');
    expect(middayIn('2026-07-01', 'America/New_York').toISOString()).toBe('2026-07-01T16:00:00.000Z');
    expect(middayIn('2026-12-01', 'America/New_York').toISOString()).toBe('2026-12-01T17:00:00.000Z');
    expect(middayIn('2027-01-01', 'Pacific/Kiritimati').toISOString()).toBe('2026-12-31T22:00:00.000Z');
    fc.assert(
      fc.property(
        dayArb,
        fc.constantFrom('Europe/Moscow', 'America/New_York', 'Asia/Kolkata', 'Pacific/Auckland', 'UTC'),
        (day, zone) => {
          expect(dayIn(zone, middayIn(day, zone))).toBe(day);
        },
      ),
    );
  });
});
