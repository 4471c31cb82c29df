import { expenses } from '@dolya/db';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDueOccurrences } from '../src/services/recurring';
import { pauseSeries, resumeSeries } from '../src/services/series';
import { startFxProvider } from '../src/testing';
import { logActions, refusal, trio } from './fixtures';
import { useTestDatabase } from './harness';

/** Series made from an expense through the procedures, then paused, resumed and stopped. */
const db = useTestDatabase();
const d = () => db.current.db;

async function setup() {
  const t = await trio(d(), 'RUB');
  const call = () => t.alice.call();
  // 31 January, 15:00 in Moscow.
  const { id: expenseId } = await (await call()).expenses.create({
    groupId: t.groupId,
    name: 'Rent',
    amountCents: 4_500_000,
    paidById: t.a,
    date: '2026-01-31T12:00:00Z',
    splitMethod: 'shares',
    sharesInput: { [t.a]: 1, [t.b]: 1 },
  });
  const repeat = async (rule: {
    every: number;
    unit: 'day' | 'week' | 'month' | 'year';
    until?: string;
    count?: number;
  }) => (await call()).recurring.create({ groupId: t.groupId, expenseId, ...rule });
  return { ...t, call, expenseId, repeat };
}

/** Runs the job (over every group of this file's database) and keeps what it made for one series. */
async function runFor(seriesId: string, now: Date) {
  return (await runDueOccurrences(d(), { now })).filter((m) => m.seriesId === seriesId);
}

async function occurrencesOf(groupId: string, seriesId: string) {
  return d()
    .select({ id: expenses.id, index: expenses.seriesIndex })
    .from(expenses)
    .where(and(eq(expenses.groupId, groupId), eq(expenses.seriesId, seriesId)))
    .orderBy(asc(expenses.seriesIndex));
}

describe('making an expense repeat', () => {
  it('starts on its day, links it as the first occurrence, and logs it', async () => {
    const s = await setup();
    const series = await s.repeat({ every: 1, unit: 'month', count: 12 });
    expect(series).toMatchObject({
      name: 'Rent',
      amountCents: 4_500_000,
      every: 1,
      unit: 'month',
      startDate: '2026-01-31',
      count: 12,
      until: null,
      status: 'active',
      nextDate: '2026-02-28',
    });
    expect(await occurrencesOf(s.groupId, series.id)).toEqual([{ id: s.expenseId, index: 0 }]);
    expect(await logActions(d(), s.groupId)).toContain('SERIES_CREATED');
    expect(await (await s.call()).recurring.list({ groupId: s.groupId })).toEqual([series]);
    // Once is enough.
    const again = await refusal(s.repeat({ every: 1, unit: 'week' }));
    expect(again.appCode).toBe('CONFLICT');
  });

  it('refuses bad rules naming the field', async () => {
    const s = await setup();
    const field = async (rule: Parameters<typeof s.repeat>[0]) => {
      const error = await refusal(s.repeat(rule));
      expect(error.appCode).toBe('INVALID_RECURRENCE');
      return error.field;
    };
    expect(await field({ every: 0, unit: 'month' })).toBe('every');
    expect(await field({ every: -2, unit: 'month' })).toBe('every');
    expect(await field({ every: 1, unit: 'month', until: '2026-01-30' })).toBe('until');
    expect(await field({ every: 1, unit: 'month', count: 0 })).toBe('count');
    expect(await field({ every: 1, unit: 'month', until: '2026-12-31', count: 3 })).toBe('until');
    expect(await (await s.call()).recurring.list({ groupId: s.groupId })).toEqual([]);
  });

  it('refuses a settlement', async () => {
    const s = await setup();
    const { id } = await (await s.call()).expenses.create({
      groupId: s.groupId,
      amountCents: 1000,
      settlement: true,
      settlementFromId: s.b,
      settlementToId: s.a,
      paidById: s.b,
    });
    const error = await refusal(
      (await s.call()).recurring.create({ groupId: s.groupId, expenseId: id, every: 1, unit: 'month' }),
    );
    expect(error).toMatchObject({ appCode: 'VALIDATION_ERROR', field: 'expenseId' });
  });

  it('repeats the expense as it is: payers, split and items', async () => {
    const t = await trio(d(), 'RUB');
    const call = await t.alice.call();
    const { id: expenseId } = await call.expenses.create({
      groupId: t.groupId,
      name: 'Groceries',
      amountCents: 3000,
      date: '2026-11-01T10:00:00Z',
      payers: [
        { memberId: t.a, amountCents: 2000 },
        { memberId: t.b, amountCents: 1000 },
      ],
      items: [
        { name: 'Milk', number: 1, amountCents: 1000, split: { method: 'members', memberIds: [t.a, t.c] } },
        {
          name: 'Cheese',
          number: 2,
          amountCents: 2000,
          split: { method: 'shares', shares: { [t.b]: 1, [t.c]: 3 } },
        },
      ],
    });
    const series = await call.recurring.create({ groupId: t.groupId, expenseId, every: 2, unit: 'week' });
    expect(series.nextDate).toBe('2026-11-15');
    const made = await runFor(series.id, new Date('2026-11-29T09:00:00Z'));
    expect(made.map((m) => m.date)).toEqual(['2026-11-15', '2026-11-29']);
    const first = await call.expenses.get({ groupId: t.groupId, expenseId });
    for (const { expenseId: id } of made) {
      const copy = await call.expenses.get({ groupId: t.groupId, expenseId: id });
      expect(copy).toMatchObject({
        name: first.name,
        amountCents: first.amountCents,
        payers: first.payers,
        splitCents: first.splitCents,
        splitMethod: first.splitMethod,
        items: first.items.map(({ id: _id, ...item }) => expect.objectContaining(item)),
      });
    }
  });
});

describe('pausing, resuming and stopping', () => {
  it('pauses (nothing is made), resumes from today on (the paused days are skipped) and stops for good', async () => {
    const s = await setup();
    const series = await s.repeat({ every: 1, unit: 'month' });
    const ref = { groupId: s.groupId, seriesId: series.id };
    await runDueOccurrences(d(), { now: new Date('2026-03-01T09:00:00Z') });
    expect((await occurrencesOf(s.groupId, series.id)).map((o) => o.index)).toEqual([0, 1]);

    expect((await (await s.call()).recurring.pause(ref)).status).toBe('paused');
    await runDueOccurrences(d(), { now: new Date('2026-06-15T09:00:00Z') });
    expect((await occurrencesOf(s.groupId, series.id)).map((o) => o.index)).toEqual([0, 1]);
    expect(await (await s.call()).recurring.list({ groupId: s.groupId })).toMatchObject([
      { id: series.id, status: 'paused', nextDate: '2026-03-31' },
    ]);

    // Resumed on 15 June: March, April and May are not made; June's 30th is next.
    const resumed = await resumeSeries(d(), s.alice.user.id, ref, new Date('2026-06-15T09:00:00Z'));
    expect(resumed).toMatchObject({ status: 'active', nextDate: '2026-06-30' });
    const made = await runFor(series.id, new Date('2026-07-01T09:00:00Z'));
    expect(made.map((m) => [m.index, m.date])).toEqual([[5, '2026-06-30']]);

    const stopped = await (await s.call()).recurring.stop(ref);
    expect(stopped).toMatchObject({ status: 'stopped', nextDate: null });
    expect(await runFor(series.id, new Date('2027-07-01T09:00:00Z'))).toEqual([]);
    expect(await (await s.call()).recurring.list({ groupId: s.groupId })).toEqual([]);
    expect((await refusal(pauseSeries(d(), s.alice.user.id, ref))).appCode).toBe('CONFLICT');
    expect((await refusal((await s.call()).recurring.resume(ref))).appCode).toBe('CONFLICT');

    const actions = await logActions(d(), s.groupId);
    for (const action of ['SERIES_CREATED', 'SERIES_PAUSED', 'SERIES_RESUMED', 'SERIES_STOPPED']) {
      expect(actions.filter((a) => a === action)).toHaveLength(1);
    }
  });

  it('answers a series of another group as not found', async () => {
    const s = await setup();
    const other = await setup();
    const series = await other.repeat({ every: 1, unit: 'week' });
    const error = await refusal((await s.call()).recurring.stop({ groupId: s.groupId, seriesId: series.id }));
    expect(error.appCode).toBe('NOT_FOUND');
  });
});

describe('in another currency', () => {
  let provider: Awaited<ReturnType<typeof startFxProvider>>;
  beforeAll(async () => {
    provider = await startFxProvider({ 'EUR/RUB': { rate: '93.75' } });
  });
  afterAll(async () => provider.close());

  async function euroSeries(rateSource: 'manual' | 'fetched', day = '2026-11-01') {
    const t = await trio(d(), 'RUB');
    const call = await t.alice.call();
    const { id: expenseId } = await call.expenses.create({
      groupId: t.groupId,
      name: 'Hosting',
      amountCents: 900_000,
      original: { currency: 'EUR', amountCents: 10_000, rate: '90', rateDate: '2026-11-01', rateSource },
      paidById: t.a,
      date: `${day}T10:00:00Z`,
      sharesInput: { [t.a]: 1, [t.b]: 1 },
    });
    const series = await call.recurring.create({
      groupId: t.groupId,
      expenseId,
      every: 1,
      unit: 'week',
      count: 2,
    });
    return { ...t, call, series };
  }

  it("takes each occurrence's day rate when the expense's rate was fetched", async () => {
    const s = await euroSeries('fetched');
    const made = (
      await runDueOccurrences(d(), {
        now: new Date('2026-11-29T09:00:00Z'),
        config: { fxRatesUrl: provider.url },
      })
    ).filter((m) => m.seriesId === s.series.id);
    expect(made.map((m) => m.date)).toEqual(['2026-11-08']);
    const copy = await s.call.expenses.get({ groupId: s.groupId, expenseId: made[0]!.expenseId });
    expect(copy).toMatchObject({
      amountCents: 937_500,
      original: {
        currency: 'EUR',
        amountCents: 10_000,
        rate: '93.75',
        rateDate: '2026-11-08',
        rateSource: 'fetched',
      },
      splitCents: { [s.a]: 468_750, [s.b]: 468_750 },
    });
  });

  it('keeps a typed rate, and the series’ own rate when no rate can be had', async () => {
    const typed = await euroSeries('manual');
    // A day nobody has asked the rate of yet: the cache has none for it either.
    const fetchedWithoutProvider = await euroSeries('fetched', '2026-11-03');
    const made = await runDueOccurrences(d(), { now: new Date('2026-11-29T09:00:00Z') });
    for (const [s, day] of [
      [typed, '2026-11-08'],
      [fetchedWithoutProvider, '2026-11-10'],
    ] as const) {
      const [one] = made.filter((m) => m.seriesId === s.series.id);
      const copy = await s.call.expenses.get({ groupId: s.groupId, expenseId: one!.expenseId });
      expect(copy).toMatchObject({
        amountCents: 900_000,
        original: {
          currency: 'EUR',
          amountCents: 10_000,
          rate: '90',
          rateDate: day,
          rateSource: 'manual',
        },
      });
    }
  });
});
