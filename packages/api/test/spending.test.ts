import { describe, expect, it } from 'vitest';
import { refusal, trio } from './fixtures';
import { useTestDatabase } from './harness';

const db = useTestDatabase();

describe('stats.spending', () => {
  it('sums ordinary expenses per calendar day of the viewer, in cents; settlements and deleted ones left out', async () => {
    const t = await trio(db.current.db);
    const call = await t.alice.call();
    const spend = (amountCents: number, date: string) =>
      call.expenses.create({ groupId: t.groupId, name: 'x', amountCents, paidById: t.a, date });
    // 22:30 UTC on 2 March is 3 March in Moscow (UTC+3) and still 2 March in New York.
    await spend(1_000, '2026-03-02T22:30:00Z');
    await spend(10, '2026-03-02T12:00:00Z');
    await spend(20, '2026-03-02T12:00:00Z');
    await spend(5_00, '2026-03-05T12:00:00Z');
    const { id: gone } = await spend(99_999, '2026-03-04T12:00:00Z');
    await call.expenses.delete({ groupId: t.groupId, expenseId: gone });
    await call.expenses.create({
      groupId: t.groupId,
      amountCents: 77_777,
      settlement: true,
      settlementFromId: t.b,
      settlementToId: t.a,
      date: '2026-03-04T12:00:00Z',
    });

    const moscow = await call.stats.spending({
      groupId: t.groupId,
      timeZone: 'Europe/Moscow',
      weekStartsOn: 1,
    });
    expect(moscow).toEqual({
      granularity: 'day',
      buckets: [
        { start: '2026-03-02', cents: 30 },
        { start: '2026-03-03', cents: 1_000 },
        { start: '2026-03-04', cents: 0 },
        { start: '2026-03-05', cents: 500 },
      ],
      totalCents: 1_530,
    });
    const newYork = await call.stats.spending({
      groupId: t.groupId,
      timeZone: 'America/New_York',
      weekStartsOn: 0,
    });
    expect(newYork.buckets.slice(0, 2)).toEqual([
      { start: '2026-03-02', cents: 1_030 },
      { start: '2026-03-03', cents: 0 },
    ]);
    // Without a zone: UTC days, weeks from Monday.
    expect((await call.stats.spending({ groupId: t.groupId })).buckets[0]).toEqual({
      start: '2026-03-02',
      cents: 1_030,
    });
  });

  it('groups months for a long span, and an empty group has no buckets', async () => {
    const t = await trio(db.current.db);
    const call = await t.alice.call();
    expect(await call.stats.spending({ groupId: t.groupId, timeZone: 'UTC' })).toEqual({
      granularity: 'day',
      buckets: [],
      totalCents: 0,
    });
    for (const date of ['2025-01-15', '2025-12-31', '2026-01-01']) {
      await call.expenses.create({ groupId: t.groupId, name: 'x', amountCents: 100, paidById: t.b, date });
    }
    const spending = await call.stats.spending({ groupId: t.groupId, timeZone: 'UTC' });
    expect(spending.granularity).toBe('month');
    expect(spending.buckets).toHaveLength(13);
    expect(spending.buckets.at(-2)).toEqual({ start: '2025-12-01', cents: 100 });
    expect(spending.totalCents).toBe(300);
  });

  it('refuses an unknown time zone and a week start outside 0..6, naming the field', async () => {
    const t = await trio(db.current.db);
    const call = await t.alice.call();
    for (const timeZone of ['Mars/Olympus', '', 'x'.repeat(65), "UTC'; drop table expenses; --"]) {
      const refused = await refusal(call.stats.spending({ groupId: t.groupId, timeZone }));
      expect([refused.appCode, refused.field], timeZone).toEqual(['VALIDATION_ERROR', 'timeZone']);
    }
    for (const weekStartsOn of [-1, 7, 1.5]) {
      const refused = await refusal(call.stats.spending({ groupId: t.groupId, weekStartsOn }));
      expect([refused.appCode, refused.field]).toEqual(['VALIDATION_ERROR', 'weekStartsOn']);
    }
  });
});

describe('stats.byCategory', () => {
  it('sums ordinary live expenses per category, largest first, none for those without one', async () => {
    const t = await trio(db.current.db);
    const call = await t.alice.call();
    const add = (name: string, amountCents: number, category?: string) =>
      call.expenses.create({
        groupId: t.groupId,
        name,
        amountCents,
        paidById: t.a,
        category: category ?? null,
      });
    await add('Pizza', 1200, 'food');
    await add('Sushi', 3001, 'food');
    await add('Taxi', 1500, 'transport');
    await add('Misc', 700);
    const { id } = await add('Gone', 99_999, 'travel');
    await call.expenses.delete({ groupId: t.groupId, expenseId: id });
    await call.expenses.create({
      groupId: t.groupId,
      amountCents: 5000,
      settlement: true,
      settlementFromId: t.b,
      settlementToId: t.a,
    });
    const result = await call.stats.byCategory({ groupId: t.groupId });
    expect(result).toEqual({
      totalCents: 6401,
      categories: [
        { id: 'food', name: 'Food & drink', nameRu: 'Еда и напитки', cents: 4201, count: 2 },
        { id: 'transport', name: 'Transport', nameRu: 'Транспорт', cents: 1500, count: 1 },
        { id: null, name: null, nameRu: null, cents: 700, count: 1 },
      ],
    });
    const balances = await call.balances.get({ groupId: t.groupId });
    // The same total as the statistics' spending, cent for cent.
    expect(result.totalCents).toBe(balances.members.reduce((sum, m) => sum + m.paidCents, 0));
  });
});
