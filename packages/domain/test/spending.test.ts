import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bucketStart, DAY_SPAN_LIMIT, granularityFor, spendingBuckets, WEEK_SPAN_LIMIT } from '../src/index';

const day = (date: string, cents: number) => ({ day: date, cents });

describe('buckets', () => {
  it('picks days up to a month, weeks up to half a year, months beyond', () => {
    expect(granularityFor(0)).toBe('day');
    expect(granularityFor(DAY_SPAN_LIMIT)).toBe('day');
    expect(granularityFor(DAY_SPAN_LIMIT + 1)).toBe('week');
    expect(granularityFor(WEEK_SPAN_LIMIT)).toBe('week');
    expect(granularityFor(WEEK_SPAN_LIMIT + 1)).toBe('month');
  });

  it('starts weeks on Monday or Sunday and months on the 1st, across a year and a leap day', () => {
    expect(bucketStart('2026-10-07', 'day')).toBe('2026-10-07');
    expect(bucketStart('2026-10-07', 'week', 1)).toBe('2026-10-05');
    expect(bucketStart('2026-10-07', 'week', 0)).toBe('2026-10-04');
    expect(bucketStart('2026-10-05', 'week', 1)).toBe('2026-10-05');
    expect(bucketStart('2026-10-04', 'week', 1)).toBe('2026-09-28');
    expect(bucketStart('2026-10-07', 'month')).toBe('2026-10-01');
    expect(bucketStart('2027-01-02', 'week', 1)).toBe('2026-12-28');
    expect(bucketStart('2028-03-01', 'week', 1)).toBe('2028-02-28');
  });

  it('refuses what is not a calendar day', () => {
    expect(() => bucketStart('2026-1-7', 'week')).toThrow(RangeError);
  });
});

describe('spending over time', () => {
  it('is empty without spending', () => {
    expect(spendingBuckets([])).toEqual({ granularity: 'day', buckets: [], totalCents: 0 });
  });

  it('keeps days for a month, fills the days between, in any input order', () => {
    const result = spendingBuckets([
      day('2026-10-06', 234_567),
      day('2026-10-03', 205_050),
      day('2026-10-04', 900_000),
    ]);
    expect(result).toEqual({
      granularity: 'day',
      buckets: [
        { start: '2026-10-03', cents: 205_050 },
        { start: '2026-10-04', cents: 900_000 },
        { start: '2026-10-05', cents: 0 },
        { start: '2026-10-06', cents: 234_567 },
      ],
      totalCents: 1_339_617,
    });
  });

  it('sums per week for spans over a month, weeks starting on the given day', () => {
    const days = [day('2026-03-02', 1000), day('2026-03-08', 2005), day('2026-04-20', 500)];
    const monday = spendingBuckets(days);
    expect(monday.granularity).toBe('week');
    expect(monday.buckets).toHaveLength(8);
    expect(monday.buckets[0]).toEqual({ start: '2026-03-02', cents: 3005 });
    expect(monday.buckets.slice(1, 7).every((b) => b.cents === 0)).toBe(true);
    expect(monday.buckets[7]).toEqual({ start: '2026-04-20', cents: 500 });

    const sunday = spendingBuckets(days, { weekStartsOn: 0 });
    expect(sunday.buckets[0]).toEqual({ start: '2026-03-01', cents: 1000 });
    expect(sunday.buckets[1]).toEqual({ start: '2026-03-08', cents: 2005 });
    expect(sunday.totalCents).toBe(3505);
  });

  it('sums per month for spans over half a year, across the new year', () => {
    const result = spendingBuckets([
      day('2025-11-30', 10_000),
      day('2025-11-01', 99),
      day('2026-06-15', 4_999),
    ]);
    expect(result.granularity).toBe('month');
    expect(result.buckets.map((b) => b.start)).toEqual([
      '2025-11-01',
      '2025-12-01',
      '2026-01-01',
      '2026-02-01',
      '2026-03-01',
      '2026-04-01',
      '2026-05-01',
      '2026-06-01',
    ]);
    expect(result.buckets[0]?.cents).toBe(10_099);
    expect(result.buckets[7]?.cents).toBe(4_999);
    expect(result.totalCents).toBe(15_098);
  });

  it('as a property: buckets are contiguous, start on their boundary, and keep every cent', () => {
    const dayArb = fc
      .date({
        min: new Date('2020-01-01T00:00:00Z'),
        max: new Date('2030-12-31T00:00:00Z'),
        noInvalidDate: true,
      })
      .map((d) => d.toISOString().slice(0, 10));
    fc.assert(
      fc.property(
        fc.array(fc.record({ day: dayArb, cents: fc.integer({ min: 0, max: 1e12 }) }), { maxLength: 40 }),
        fc.integer({ min: 0, max: 6 }),
        (days, weekStartsOn) => {
          const result = spendingBuckets(days, { weekStartsOn });
          expect(result.totalCents).toBe(days.reduce((sum, d) => sum + d.cents, 0));
          expect(result.buckets.reduce((sum, b) => sum + b.cents, 0)).toBe(result.totalCents);
          for (const [i, bucket] of result.buckets.entries()) {
            expect(bucketStart(bucket.start, result.granularity, weekStartsOn)).toBe(bucket.start);
            if (i > 0) expect(bucket.start > result.buckets[i - 1]!.start).toBe(true);
          }
          for (const d of days) {
            const start = bucketStart(d.day, result.granularity, weekStartsOn);
            expect(result.buckets.some((b) => b.start === start)).toBe(true);
          }
        },
      ),
    );
  });
});
