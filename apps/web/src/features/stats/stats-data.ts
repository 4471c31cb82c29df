import { type Cents, centsToDecimal } from '@dolya/domain';
import type { MemberBalance, Spending as ServerSpending } from '../../lib/api-types';

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

export type { Granularity } from '@dolya/domain';

export interface SpendingBucket {
  /** The first local day of the bucket, "YYYY-MM-DD". */
  start: string;
  cents: Cents;
  /** The bucket's sum as a decimal number, for the chart's scale only. */
  value: number;
}

/** The server's spending buckets (stats.spending, in cents) with the chart's decimal values. */
export interface Spending {
  granularity: ServerSpending['granularity'];
  buckets: SpendingBucket[];
  totalCents: Cents;
}

export function spendingChart(spending: ServerSpending): Spending {
  return {
    granularity: spending.granularity,
    buckets: spending.buckets.map((b) => ({
      start: b.start,
      cents: b.cents,
      value: centsToDecimal(b.cents),
    })),
    totalCents: spending.totalCents,
  };
}

/** "YYYY-MM-DD" to local midnight of that day, for formatting. */
export function parseDayKey(key: string): Date {
  const [y, m, d] = key.split('-').map(Number);
  return new Date(y ?? 1970, (m ?? 1) - 1, d ?? 1);
}

/** What the viewer's calendar is: their time zone, and weeks from Sunday in English, Monday in Russian. */
export function viewerCalendar(language: string): { timeZone: string; weekStartsOn: number } {
  return {
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC',
    weekStartsOn: language === 'en' ? 0 : 1,
  };
}
