import { parseAmount } from '@dolya/domain';
import { describe, expect, it } from 'vitest';
import {
  bucketStart,
  DAY_SPAN_LIMIT,
  dayKey,
  granularityFor,
  isEmptyGroup,
  type NetMember,
  netBars,
  netExtent,
  parseDayKey,
  spendingOverTime,
  WEEK_SPAN_LIMIT,
} from '../src/features/stats/stats-data';

/** An ISO timestamp for a local date and hour, so the tests hold in any time zone. */
const at = (y: number, m: number, d: number, h = 12) => new Date(y, m - 1, d, h).toISOString();
/** Fixtures are written as decimals for readability and read exactly into cents, as the API sends them. */
const c = (amount: number) => parseAmount(amount, { min: 'any' });
const spent = (amount: number, date: string, settlement = false) => ({
  amountCents: c(amount),
  date,
  settlement,
});

interface MemberMoney {
  paid?: number;
  owed?: number;
  sent?: number;
  received?: number;
  removed?: boolean;
}

const member = (memberId: string, net: number, extra: MemberMoney = {}): NetMember => ({
  memberId,
  name: memberId.toUpperCase(),
  paidCents: c(extra.paid ?? 0),
  owedCents: c(extra.owed ?? 0),
  sentCents: c(extra.sent ?? 0),
  receivedCents: c(extra.received ?? 0),
  netCents: c(net),
  removed: extra.removed ?? false,
});

describe('net bars', () => {
  it('shape one bar per member: cents, sign, decimal value, me and removed marks', () => {
    const bars = netBars(
      [
        member('me', 2827.17, { paid: 10200, owed: 7372.83 }),
        member('anya', -2685.91, { paid: 850.5, owed: 3536.41 }),
        member('borya', -141.26, { paid: 2345.67, owed: 3486.93, sent: 1000, removed: true }),
      ],
      'me',
    );
    expect(bars).toEqual([
      {
        memberId: 'me',
        name: 'ME',
        cents: 282717,
        paidCents: 1020000,
        owedCents: 737283,
        value: 2827.17,
        sign: 1,
        removed: false,
        me: true,
      },
      {
        memberId: 'borya',
        name: 'BORYA',
        cents: -14126,
        paidCents: 234567,
        owedCents: 348693,
        value: -141.26,
        sign: -1,
        removed: true,
        me: false,
      },
      {
        memberId: 'anya',
        name: 'ANYA',
        cents: -268591,
        paidCents: 85050,
        owedCents: 353641,
        value: -2685.91,
        sign: -1,
        removed: false,
        me: false,
      },
    ]);
  });

  it('orders largest credit first, largest debt last; equal nets keep the API order', () => {
    const bars = netBars([
      member('a', 0),
      member('b', -5),
      member('c', 10),
      member('d', 0),
      member('e', 0.01),
    ]);
    expect(bars.map((b) => b.memberId)).toEqual(['c', 'e', 'a', 'd', 'b']);
    expect(bars.map((b) => b.sign)).toEqual([1, 1, 0, 0, -1]);
  });

  it('nobody is "me" without my member id', () => {
    expect(netBars([member('me', 1)]).every((b) => !b.me)).toBe(true);
  });

  it('the extent is the largest absolute net in cents', () => {
    expect(netExtent(netBars([member('a', 12.5), member('b', -30.01), member('c', 17.51)]))).toBe(3001);
    expect(netExtent([])).toBe(0);
  });

  it('a group without any money is empty; a group with only a settlement is not', () => {
    expect(isEmptyGroup(0, [member('a', 0), member('b', 0)])).toBe(true);
    expect(isEmptyGroup(0, [])).toBe(true);
    expect(isEmptyGroup(0, [member('a', 10, { sent: 10 }), member('b', -10, { received: 10 })])).toBe(false);
    expect(isEmptyGroup(0, [member('a', 10, { paid: 10 }), member('b', -10, { owed: 10 })])).toBe(false);
    expect(isEmptyGroup(5, [member('a', 0)])).toBe(false);
  });
});

describe('buckets', () => {
  it('picks days up to a month, weeks up to half a year, months beyond', () => {
    expect(granularityFor(0)).toBe('day');
    expect(granularityFor(DAY_SPAN_LIMIT)).toBe('day');
    expect(granularityFor(DAY_SPAN_LIMIT + 1)).toBe('week');
    expect(granularityFor(WEEK_SPAN_LIMIT)).toBe('week');
    expect(granularityFor(WEEK_SPAN_LIMIT + 1)).toBe('month');
  });

  it('starts weeks on Monday or Sunday and months on the 1st', () => {
    const wednesday = new Date(2026, 9, 7, 18); // Wed 7 Oct 2026
    expect(dayKey(bucketStart(wednesday, 'day'))).toBe('2026-10-07');
    expect(dayKey(bucketStart(wednesday, 'week', 1))).toBe('2026-10-05');
    expect(dayKey(bucketStart(wednesday, 'week', 0))).toBe('2026-10-04');
    expect(dayKey(bucketStart(new Date(2026, 9, 5), 'week', 1))).toBe('2026-10-05');
    expect(dayKey(bucketStart(new Date(2026, 9, 4), 'week', 1))).toBe('2026-09-28');
    expect(dayKey(bucketStart(wednesday, 'month'))).toBe('2026-10-01');
    // Across a year boundary.
    expect(dayKey(bucketStart(new Date(2027, 0, 2), 'week', 1))).toBe('2026-12-28');
  });

  it('day keys round-trip to local midnight', () => {
    expect(parseDayKey('2026-03-09').getTime()).toBe(new Date(2026, 2, 9).getTime());
    expect(dayKey(parseDayKey('2026-12-31'))).toBe('2026-12-31');
  });
});

describe('spending over time', () => {
  it('is empty without ordinary expenses', () => {
    expect(spendingOverTime([])).toEqual({ granularity: 'day', buckets: [], totalCents: 0 });
    expect(spendingOverTime([spent(1000, at(2026, 10, 6), true)]).buckets).toEqual([]);
  });

  it('sums per day in exact cents, skips settlements and fills the days between', () => {
    const result = spendingOverTime([
      spent(1200, at(2026, 10, 3, 9)),
      spent(850.5, at(2026, 10, 3, 21)),
      spent(9000, at(2026, 10, 4)),
      spent(1000, at(2026, 10, 6), true),
      spent(2345.67, at(2026, 10, 6)),
    ]);
    expect(result.granularity).toBe('day');
    expect(result.buckets).toEqual([
      { start: '2026-10-03', cents: 205050, value: 2050.5 },
      { start: '2026-10-04', cents: 900000, value: 9000 },
      { start: '2026-10-05', cents: 0, value: 0 },
      { start: '2026-10-06', cents: 234567, value: 2345.67 },
    ]);
    expect(result.totalCents).toBe(1339617);
  });

  it('never adds floats: 0.1 + 0.2 is 30 cents and a thousand 0.01 are 10.00', () => {
    const day = at(2026, 1, 15);
    expect(spendingOverTime([spent(0.1, day), spent(0.2, day)]).buckets).toEqual([
      { start: '2026-01-15', cents: 30, value: 0.3 },
    ]);
    const pennies = Array.from({ length: 1000 }, () => spent(0.01, day));
    expect(spendingOverTime(pennies).totalCents).toBe(1000);
  });

  it('sums per week for spans over a month, weeks starting on the given day', () => {
    const expenses = [
      spent(10, at(2026, 3, 2)), // Mon
      spent(20.05, at(2026, 3, 8)), // Sun
      spent(5, at(2026, 4, 20)), // Mon, 49 days after the first
    ];
    const monday = spendingOverTime(expenses);
    expect(monday.granularity).toBe('week');
    expect(monday.buckets).toHaveLength(8);
    expect(monday.buckets[0]).toEqual({ start: '2026-03-02', cents: 3005, value: 30.05 });
    expect(monday.buckets.slice(1, 7).every((b) => b.cents === 0)).toBe(true);
    expect(monday.buckets[7]).toEqual({ start: '2026-04-20', cents: 500, value: 5 });

    const sunday = spendingOverTime(expenses, { weekStartsOn: 0 });
    expect(sunday.buckets[0]).toEqual({ start: '2026-03-01', cents: 1000, value: 10 });
    expect(sunday.buckets[1]).toEqual({ start: '2026-03-08', cents: 2005, value: 20.05 });
    expect(sunday.totalCents).toBe(3505);
  });

  it('sums per month for spans over half a year, across the new year', () => {
    const result = spendingOverTime([
      spent(100, at(2025, 11, 30)),
      spent(0.99, at(2025, 11, 1)),
      spent(49.99, at(2026, 6, 15)),
      spent(1, at(2026, 6, 30), true),
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
    expect(result.buckets[0]?.cents).toBe(10099);
    expect(result.buckets[7]?.cents).toBe(4999);
    expect(result.totalCents).toBe(15098);
  });

  it('ignores unreadable dates and keeps the order of time, not of input', () => {
    const result = spendingOverTime([
      spent(3, at(2026, 5, 3)),
      spent(7, 'not a date'),
      spent(1, at(2026, 5, 1)),
    ]);
    expect(result.buckets.map((b) => [b.start, b.cents])).toEqual([
      ['2026-05-01', 100],
      ['2026-05-02', 0],
      ['2026-05-03', 300],
    ]);
  });
});
