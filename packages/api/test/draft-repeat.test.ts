import { randomInt } from 'node:crypto';
import { botDrafts, expenseSeries, expenses, groupLogs } from '@dolya/db';
import { raceOnWrites } from '@dolya/db/testing';
import { dayIn, occurrenceDate } from '@dolya/domain';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { toAppError } from '../src/error-mapping';
import { linkedBot } from './actors';
import { refusal, snapshot, trio } from './fixtures';
import { useTestDatabase } from './harness';

/**
 * Bot drafts that repeat (issue 28: «аренда 45000 каждый месяц»): the rule is checked when the
 * draft is made, shown with its next day, and Save makes the expense the first of one series.
 */
const db = useTestDatabase();
const d = () => db.current.db;

const monthly = { every: 1, unit: 'month' as const };
const today = () => dayIn('Europe/Moscow', new Date());

async function setup() {
  const t = await trio(d());
  return { ...t, bot: await linkedBot(d(), t.alice.user.id) };
}
type Setup = Awaited<ReturnType<typeof setup>>;

async function draftOf(t: Setup, over: Record<string, unknown> = {}) {
  const { draft } = await (await t.bot()).bot.drafts.create({
    chatId: `-100${randomInt(1, 2 ** 40)}`,
    messageId: String(randomInt(1, 2 ** 40)),
    groupId: t.groupId,
    proposal: {
      name: 'Аренда',
      amountCents: 4_500_000,
      payerId: t.a,
      participantIds: [t.a, t.b],
      sourceText: 'аренда 45000 каждый месяц',
      repeat: monthly,
      ...over,
    },
  });
  return draft;
}

const seriesOf = (groupId: string) =>
  d().select().from(expenseSeries).where(eq(expenseSeries.groupId, groupId));
const expensesOf = (groupId: string) => d().select().from(expenses).where(eq(expenses.groupId, groupId));
const seriesLogs = (groupId: string) =>
  d()
    .select()
    .from(groupLogs)
    .where(and(eq(groupLogs.groupId, groupId), eq(groupLogs.action, 'SERIES_CREATED')));

describe('a bot draft that repeats', () => {
  it('is shown with its rule and the day of its next expense, counted from today in the group’s time zone', async () => {
    const t = await setup();
    const draft = await draftOf(t);
    expect(draft.expense.repeat).toEqual({
      ...monthly,
      until: null,
      count: null,
      nextDate: occurrenceDate(today(), monthly, 1),
    });
    expect(await seriesOf(t.groupId)).toHaveLength(0);
    // The web form reads the same draft (drafts.get), with its repeat.
    const seen = await (await t.alice.call()).drafts.get({ draftId: draft.id });
    expect(seen.expense.repeat).toEqual(draft.expense.repeat);
  });

  it('Save makes its expense the first of one series, logged; five taps racing make one', async () => {
    const t = await setup();
    const draft = await draftOf(t, { repeat: { every: 2, unit: 'week' } });
    const callers = await Promise.all(Array.from({ length: 5 }, () => t.bot()));
    const results = await raceOnWrites(
      db.current,
      'bot_drafts',
      callers.map((caller) => () => caller.bot.drafts.save({ draftId: draft.id })),
    );
    const outcomes = results.map((r) =>
      r.status === 'fulfilled' ? r.value.outcome : toAppError(r.reason).appCode,
    );
    expect(outcomes.sort()).toEqual([
      'already_saved',
      'already_saved',
      'already_saved',
      'already_saved',
      'saved',
    ]);

    const [expense] = await expensesOf(t.groupId);
    const series = await seriesOf(t.groupId);
    expect(series).toMatchObject([
      {
        every: 2,
        unit: 'week',
        status: 'active',
        name: 'Аренда',
        startDate: today(),
        nextDate: occurrenceDate(today(), { every: 2, unit: 'week' }, 1),
      },
    ]);
    expect(expense).toMatchObject({ seriesId: series[0]!.id, seriesIndex: 0 });
    expect(await seriesLogs(t.groupId)).toHaveLength(1);
    // The saved draft shows its series as it is.
    const saved = (await (await t.bot()).bot.drafts.save({ draftId: draft.id })).draft;
    expect(saved.expense.repeat).toMatchObject({ every: 2, unit: 'week', nextDate: series[0]!.nextDate });
  });

  it('a draft without a repeat, as every draft made before, saves a plain expense', async () => {
    const t = await setup();
    const draft = await draftOf(t, { repeat: undefined });
    expect(draft.expense.repeat).toBeNull();
    const row = (await d().select().from(botDrafts).where(eq(botDrafts.id, draft.id)))[0]!;
    expect(row.display).not.toHaveProperty('repeat');
    await (await t.bot()).bot.drafts.save({ draftId: draft.id });
    expect(await seriesOf(t.groupId)).toHaveLength(0);
    expect((await expensesOf(t.groupId))[0]).toMatchObject({ seriesId: null });
  });

  it('saved through the web form, repeats as the form says, not as the draft did', async () => {
    const t = await setup();
    const draft = await draftOf(t);
    await (await t.alice.call()).expenses.create({
      groupId: t.groupId,
      draftId: draft.id,
      name: 'Аренда',
      amountCents: 4_500_000,
      paidById: t.a,
      participants: [t.a, t.b],
    });
    expect(await seriesOf(t.groupId)).toHaveLength(0);
    const closed = (await (await t.bot()).bot.drafts.save({ draftId: draft.id })).draft;
    expect(closed).toMatchObject({ status: 'saved', expense: { repeat: null } });
  });

  it('refuses a bad rule, and a repayment that repeats, writing nothing', async () => {
    const t = await setup();
    const before = await snapshot(d());
    expect(await refusal(draftOf(t, { repeat: { every: 0, unit: 'month' } }))).toMatchObject({
      appCode: 'INVALID_RECURRENCE',
      field: 'every',
    });
    expect(await refusal(draftOf(t, { repeat: { ...monthly, until: '2000-01-01' } }))).toMatchObject({
      appCode: 'INVALID_RECURRENCE',
      field: 'until',
    });
    const repayment = { settlement: { fromId: t.b, toId: t.a }, participantIds: [t.a] };
    expect(await refusal(draftOf(t, repayment))).toMatchObject({
      appCode: 'VALIDATION_ERROR',
      field: 'repeat',
    });
    expect(await snapshot(d())).toEqual(before);
  });
});
