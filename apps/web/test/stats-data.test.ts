import { parseAmount } from '@dolya/domain';
import { describe, expect, it } from 'vitest';
import {
  isEmptyGroup,
  type NetMember,
  netBars,
  netExtent,
  parseDayKey,
  spendingChart,
  viewerCalendar,
} from '../src/features/stats/stats-data';

/** Fixtures are written as decimals for readability and read exactly into cents, as the API sends them. */
const c = (amount: number) => parseAmount(amount, { min: 'any' });

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

describe('spending chart data', () => {
  it('adds the decimal value of each bucket for the chart, keeping the cents', () => {
    expect(
      spendingChart({
        granularity: 'week',
        buckets: [
          { start: '2026-03-02', cents: 3005 },
          { start: '2026-03-09', cents: 0 },
          { start: '2026-03-16', cents: 10 },
        ],
        totalCents: 3015,
      }),
    ).toEqual({
      granularity: 'week',
      buckets: [
        { start: '2026-03-02', cents: 3005, value: 30.05 },
        { start: '2026-03-09', cents: 0, value: 0 },
        { start: '2026-03-16', cents: 10, value: 0.1 },
      ],
      totalCents: 3015,
    });
  });

  it('day keys read as local midnight', () => {
    expect(parseDayKey('2026-03-09').getTime()).toBe(new Date(2026, 2, 9).getTime());
  });

  it("asks for the viewer's time zone, weeks from Sunday in English and Monday in Russian", () => {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(viewerCalendar('en')).toEqual({ timeZone: zone, weekStartsOn: 0 });
    expect(viewerCalendar('ru')).toEqual({ timeZone: zone, weekStartsOn: 1 });
  });
});
