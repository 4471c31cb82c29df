import { expenseSeries, expenses, groupLogs } from '@dolya/db';
import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { runDueOccurrences } from '../src/services/recurring';
import { refusal, snapshot, trio } from './fixtures';
import { useTestDatabase } from './harness';

/** expenses.create/update with a repeat rule and a series scope (issue 28), through the procedures. */
const db = useTestDatabase();
const d = () => db.current.db;

async function setup() {
  const t = await trio(d(), 'RUB');
  const call = await t.alice.call();
  const rent = {
    groupId: t.groupId,
    name: 'Rent',
    amountCents: 4_500_000,
    paidById: t.a,
    date: '2026-01-31T12:00:00Z',
    splitMethod: 'shares' as const,
    sharesInput: { [t.a]: 1, [t.b]: 1 },
  };
  return { ...t, call, rent };
}

async function occurrences(groupId: string, seriesId: string) {
  return d()
    .select({ id: expenses.id, index: expenses.seriesIndex, amountCents: expenses.amountCents })
    .from(expenses)
    .where(and(eq(expenses.groupId, groupId), eq(expenses.seriesId, seriesId)))
    .orderBy(asc(expenses.seriesIndex));
}

/** The series' job for one group's series, at an instant. */
async function runAt(instant: string) {
  return runDueOccurrences(d(), { now: new Date(instant) });
}

describe('expenses.create with a repeat rule', () => {
  it('makes the expense the first occurrence of a new series, shown by expenses.get and the list', async () => {
    const s = await setup();
    const created = await s.call.expenses.create({ ...s.rent, recurrence: { every: 1, unit: 'month' } });
    expect(created.seriesId).toEqual(expect.any(String));
    const expense = await s.call.expenses.get({ groupId: s.groupId, expenseId: created.id });
    expect(expense.seriesId).toBe(created.seriesId);
    expect(expense.series).toEqual({
      id: created.seriesId,
      every: 1,
      unit: 'month',
      until: null,
      count: null,
      nextDate: '2026-02-28',
      state: 'active',
    });
    const { items } = await s.call.expenses.list({ groupId: s.groupId });
    expect(items.map((row) => row.seriesId)).toEqual([created.seriesId]);

    const plain = await s.call.expenses.create({ ...s.rent, name: 'Once', recurrence: null });
    expect(plain.seriesId).toBeNull();
    expect((await s.call.expenses.get({ groupId: s.groupId, expenseId: plain.id })).series).toBeNull();
  });

  it('refuses a bad rule naming the field, and writes nothing: not even the expense', async () => {
    const s = await setup();
    const before = await snapshot(d());
    const field = async (recurrence: Record<string, unknown>) => {
      const error = await refusal(
        s.call.expenses.create({ ...s.rent, recurrence: { unit: 'month', ...recurrence } as never }),
      );
      expect(error.appCode).toBe('INVALID_RECURRENCE');
      return error.field;
    };
    expect(await field({ every: 0 })).toBe('every');
    expect(await field({ every: 1.5 })).toBe('every');
    expect(await field({ every: 1, until: '2026-01-30' })).toBe('until');
    expect(await field({ every: 1, count: 0 })).toBe('count');
    expect(await field({ every: 1, until: '2026-12-31', count: 3 })).toBe('until');
    expect(await snapshot(d())).toEqual(before);
  });

  it('is idempotent with a key: the retry answers the same expense and series', async () => {
    const s = await setup();
    const input = {
      ...s.rent,
      recurrence: { every: 1, unit: 'week' as const },
      idempotencyKey: 'rent-key-1',
    };
    const first = await s.call.expenses.create(input);
    const again = await s.call.expenses.create(input);
    expect(again).toEqual(first);
    expect(await d().select().from(expenseSeries).where(eq(expenseSeries.groupId, s.groupId))).toHaveLength(
      1,
    );
  });
});

describe('expenses.update of a series expense', () => {
  async function monthly() {
    const s = await setup();
    const { id, seriesId } = await s.call.expenses.create({
      ...s.rent,
      recurrence: { every: 1, unit: 'month' },
    });
    // February and March are made.
    await runAt('2026-03-31T09:00:00Z');
    const made = await occurrences(s.groupId, seriesId!);
    expect(made.map((o) => o.index)).toEqual([0, 1, 2]);
    return { ...s, firstId: id, seriesId: seriesId!, made };
  }
  const edit = (s: Awaited<ReturnType<typeof monthly>>, expenseId: string, patch: Record<string, unknown>) =>
    s.call.expenses.update({ ...s.rent, date: undefined, expenseId, ...patch });

  it('asks for the scope when the money changes, not for a note', async () => {
    const s = await monthly();
    const before = await snapshot(d());
    const error = await refusal(edit(s, s.made[1]!.id, { amountCents: 5_000_000 }));
    expect(error).toMatchObject({ appCode: 'VALIDATION_ERROR', field: 'seriesScope' });
    expect(await snapshot(d())).toEqual(before);
    await edit(s, s.made[1]!.id, { notes: 'paid by card' });
  });

  it("'this' changes only this expense; the series makes the old amount", async () => {
    const s = await monthly();
    await edit(s, s.made[1]!.id, { amountCents: 5_000_000, seriesScope: 'this' });
    await runAt('2026-04-30T09:00:00Z');
    expect((await occurrences(s.groupId, s.seriesId)).map((o) => o.amountCents)).toEqual([
      4_500_000, 5_000_000, 4_500_000, 4_500_000,
    ]);
    const [line] = await d()
      .select()
      .from(groupLogs)
      .where(and(eq(groupLogs.groupId, s.groupId), eq(groupLogs.action, 'EXPENSE_UPDATED')));
    expect(line?.details).toMatchObject({ seriesId: s.seriesId, seriesScope: 'this' });
    expect(line?.message).toContain('(only this one)');
  });

  it("'following' changes this one, the ones made after it and the ones to come, and logs which", async () => {
    const s = await monthly();
    await edit(s, s.made[1]!.id, {
      name: 'Rent and internet',
      amountCents: 5_000_000,
      sharesInput: { [s.a]: 1, [s.b]: 1, [s.c]: 1 },
      seriesScope: 'following',
    });
    await runAt('2026-04-30T09:00:00Z');
    const all = await occurrences(s.groupId, s.seriesId);
    expect(all.map((o) => o.amountCents)).toEqual([4_500_000, 5_000_000, 5_000_000, 5_000_000]);
    const views = await Promise.all(
      all.map((o) => s.call.expenses.get({ groupId: s.groupId, expenseId: o.id })),
    );
    expect(views.map((v) => v.name)).toEqual([
      'Rent',
      'Rent and internet',
      'Rent and internet',
      'Rent and internet',
    ]);
    expect(views.map((v) => Object.keys(v.splitCents).length)).toEqual([2, 3, 3, 3]);
    // Each keeps its own day.
    expect(views.map((v) => v.date.slice(0, 10))).toEqual([
      '2026-01-31',
      '2026-02-28',
      '2026-03-31',
      '2026-04-30',
    ]);
    const lines = await d()
      .select()
      .from(groupLogs)
      .where(and(eq(groupLogs.groupId, s.groupId), eq(groupLogs.action, 'EXPENSE_UPDATED')));
    expect(lines).toHaveLength(2);
    for (const line of lines) {
      expect(line.details).toMatchObject({ seriesId: s.seriesId, seriesScope: 'following' });
      expect(line.message).toContain('(this and the following)');
    }
    expect((await s.call.recurring.list({ groupId: s.groupId }))[0]).toMatchObject({
      name: 'Rent and internet',
      amountCents: 5_000_000,
    });
  });

  it('changes the rule from this expense on, without making again what was made; null stops it', async () => {
    const s = await monthly();
    // From February's on, every two months: March's is made already, so April's is next.
    const answer = await edit(s, s.made[1]!.id, { recurrence: { every: 2, unit: 'month' } });
    expect(answer.seriesId).not.toBe(s.seriesId);
    const feb = await s.call.expenses.get({ groupId: s.groupId, expenseId: s.made[1]!.id });
    expect(feb.series).toMatchObject({
      id: answer.seriesId,
      every: 2,
      nextDate: '2026-04-28',
      state: 'active',
    });
    const jan = await s.call.expenses.get({ groupId: s.groupId, expenseId: s.firstId });
    expect(jan.series).toMatchObject({ id: s.seriesId, state: 'stopped', nextDate: null });
    // The same rule again changes nothing.
    expect((await edit(s, s.made[1]!.id, { recurrence: { every: 2, unit: 'month' } })).seriesId).toBe(
      answer.seriesId,
    );
    // A bad rule is refused with its field.
    const bad = await refusal(edit(s, s.made[1]!.id, { recurrence: { every: 1, unit: 'month', count: -1 } }));
    expect(bad).toMatchObject({ appCode: 'INVALID_RECURRENCE', field: 'count' });

    await edit(s, s.made[1]!.id, { recurrence: null });
    expect(
      (await s.call.expenses.get({ groupId: s.groupId, expenseId: s.made[1]!.id })).series,
    ).toMatchObject({
      state: 'stopped',
      nextDate: null,
    });
    expect(await s.call.recurring.list({ groupId: s.groupId })).toEqual([]);
  });

  it('sets a rule on an expense that did not repeat', async () => {
    const s = await setup();
    const { id } = await s.call.expenses.create(s.rent);
    const { seriesId } = await s.call.expenses.update({
      ...s.rent,
      expenseId: id,
      recurrence: { every: 1, unit: 'year', count: 3 },
    });
    expect((await s.call.expenses.get({ groupId: s.groupId, expenseId: id })).series).toMatchObject({
      id: seriesId,
      unit: 'year',
      count: 3,
      nextDate: '2027-01-31',
    });
  });
});
