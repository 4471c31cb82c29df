import { randomInt } from 'node:crypto';
import { botDrafts, expenses, groupLogs } from '@dolya/db';
import { raceOnWrites } from '@dolya/db/testing';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { toAppError } from '../src/error-mapping';
import { linkedBot } from './actors';
import { refusal, snapshot, trio } from './fixtures';
import { useTestDatabase } from './harness';

const db = useTestDatabase();
const d = () => db.current.db;

/** Alice's group, her bot, and her open draft "Пицца 10,00 €" shared by all three equally. */
async function openDraft() {
  const t = await trio(d());
  const bot = await linkedBot(d(), t.alice.user.id);
  const { draft } = await (await bot()).bot.drafts.create({
    chatId: `-100${randomInt(1, 2 ** 40)}`,
    messageId: String(randomInt(1, 2 ** 40)),
    groupId: t.groupId,
    proposal: {
      name: 'Пицца',
      amountCents: 1000,
      payerId: t.a,
      participantIds: [t.a, t.b, t.c],
      sourceText: 'пицца 10',
    },
  });
  return { ...t, bot, draft };
}

async function expensesOf(groupId: string) {
  return d().select().from(expenses).where(eq(expenses.groupId, groupId));
}

async function createdLogs(groupId: string) {
  return d()
    .select()
    .from(groupLogs)
    .where(and(eq(groupLogs.groupId, groupId), eq(groupLogs.action, 'EXPENSE_CREATED')));
}

async function draftRow(id: string) {
  const [row] = await d().select().from(botDrafts).where(eq(botDrafts.id, id));
  return row!;
}

async function expire(id: string) {
  await d()
    .update(botDrafts)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(eq(botDrafts.id, id));
}

describe('bot.drafts.save', () => {
  it('creates exactly one expense, as expenses.create from the web would, with the same log row', async () => {
    const t = await openDraft();
    const saved = await (await t.bot()).bot.drafts.save({ draftId: t.draft.id });
    expect(saved.outcome).toBe('saved');
    expect(saved.draft).toMatchObject({ status: 'saved', expenseId: expect.any(String) });
    const [row] = await expensesOf(t.groupId);
    expect(row!.id).toBe(saved.draft.expenseId);
    expect((await draftRow(t.draft.id)).expenseId).toBe(row!.id);

    // The same expense typed into the web form, in a second group of the same shape.
    const w = await trio(d());
    const { id: webId } = await (await w.alice.call()).expenses.create({
      groupId: w.groupId,
      name: 'Пицца',
      amountCents: 1000,
      paidById: w.a,
      splitMethod: 'shares',
      sharesInput: { [w.a]: 1, [w.b]: 1, [w.c]: 1 },
      participants: [w.a, w.b, w.c],
    });
    const fromBot = await (await t.alice.call()).expenses.get({ groupId: t.groupId, expenseId: row!.id });
    const fromWeb = await (await w.alice.call()).expenses.get({ groupId: w.groupId, expenseId: webId });
    const seat = (id: string) => [t.a, t.b, t.c].indexOf(id);
    const webSeat = (id: string) => [w.a, w.b, w.c].indexOf(id);
    const shape = (e: typeof fromBot, at: (id: string) => number) => ({
      name: e.name,
      amountCents: e.amountCents,
      paidBy: at(e.paidById),
      createdBy: at(e.createdById!),
      splits: Object.entries(e.splitCents).map(([id, cents]) => [at(id), cents]),
      splitMethod: e.splitMethod,
      // jsonb keeps no key order: compare the shares by seat.
      shares: Object.entries(e.sharesInput ?? {})
        .map(([id, share]) => [at(id), share])
        .sort(([x], [y]) => Number(x) - Number(y)),
      items: e.items,
      snapshot: e.snapshot,
    });
    expect(shape(fromBot, seat)).toEqual(shape(fromWeb, webSeat));

    const [botLog] = await createdLogs(t.groupId);
    const [webLog] = await createdLogs(w.groupId);
    expect(await createdLogs(t.groupId)).toHaveLength(1);
    expect(botLog).toMatchObject({
      actorMemberId: t.a,
      message: webLog!.message,
      details: { ...webLog!.details, expenseId: row!.id },
    });
  });

  it('answers a second Save already_saved and writes nothing', async () => {
    const t = await openDraft();
    await (await t.bot()).bot.drafts.save({ draftId: t.draft.id });
    const before = await snapshot(d());
    const again = await (await t.bot()).bot.drafts.save({ draftId: t.draft.id });
    expect(again.outcome).toBe('already_saved');
    expect(again.draft.expenseId).toBe((await expensesOf(t.groupId))[0]!.id);
    expect(await snapshot(d())).toEqual(before);
  });

  it('makes exactly one expense when five taps race on PostgreSQL', async () => {
    const t = await openDraft();
    const callers = await Promise.all(Array.from({ length: 5 }, () => t.bot()));
    const results = await raceOnWrites(
      db.current,
      'bot_drafts',
      callers.map((caller) => () => caller.bot.drafts.save({ draftId: t.draft.id })),
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
    expect(await expensesOf(t.groupId)).toHaveLength(1);
    expect(await createdLogs(t.groupId)).toHaveLength(1);
  });

  it('makes exactly one expense when the bot’s Save and the web form race on PostgreSQL', async () => {
    const t = await openDraft();
    const bot = await t.bot();
    const web = await t.alice.call();
    const results = await raceOnWrites(db.current, 'bot_drafts', [
      () => bot.bot.drafts.save({ draftId: t.draft.id }).then((r) => r.outcome),
      () =>
        web.expenses
          .create({
            groupId: t.groupId,
            name: 'Пицца',
            amountCents: 1000,
            paidById: t.a,
            draftId: t.draft.id,
          })
          .then(() => 'created'),
    ]);
    const outcomes = results.map((r) => (r.status === 'fulfilled' ? r.value : toAppError(r.reason).appCode));
    expect([
      ['saved', 'DRAFT_CLOSED'],
      ['already_saved', 'created'],
    ]).toContainEqual(outcomes);
    expect(await expensesOf(t.groupId)).toHaveLength(1);
    expect(await createdLogs(t.groupId)).toHaveLength(1);
  });

  it('answers cancelled after Cancel, and writes nothing', async () => {
    const t = await openDraft();
    expect((await (await t.bot()).bot.drafts.cancel({ draftId: t.draft.id })).outcome).toBe('cancelled');
    const before = await snapshot(d());
    const saved = await (await t.bot()).bot.drafts.save({ draftId: t.draft.id });
    expect(saved).toMatchObject({ outcome: 'cancelled', draft: { status: 'cancelled', expenseId: null } });
    expect(await snapshot(d())).toEqual(before);
  });

  it('answers expired past the 24 hours, and writes nothing', async () => {
    const t = await openDraft();
    await expire(t.draft.id);
    const before = await snapshot(d());
    const saved = await (await t.bot()).bot.drafts.save({ draftId: t.draft.id });
    expect(saved).toMatchObject({ outcome: 'expired', draft: { status: 'expired' } });
    expect((await (await t.bot()).bot.drafts.cancel({ draftId: t.draft.id })).outcome).toBe('expired');
    expect(await snapshot(d())).toEqual(before);
  });

  it('answers not_author to another member, and writes nothing', async () => {
    const t = await openDraft();
    const bobBot = await linkedBot(d(), t.bob.user.id);
    const before = await snapshot(d());
    expect((await (await bobBot()).bot.drafts.save({ draftId: t.draft.id })).outcome).toBe('not_author');
    expect((await (await bobBot()).bot.drafts.cancel({ draftId: t.draft.id })).outcome).toBe('not_author');
    expect(await snapshot(d())).toEqual(before);
    expect((await draftRow(t.draft.id)).status).toBe('open');
  });
});

describe('bot.drafts.cancel', () => {
  it('cancels once: then already_cancelled; a saved draft answers already_saved', async () => {
    const t = await openDraft();
    const bot = await t.bot();
    expect((await bot.bot.drafts.cancel({ draftId: t.draft.id })).outcome).toBe('cancelled');
    expect((await bot.bot.drafts.cancel({ draftId: t.draft.id })).outcome).toBe('already_cancelled');
    const other = await openDraft();
    await (await other.bot()).bot.drafts.save({ draftId: other.draft.id });
    const cancel = await (await other.bot()).bot.drafts.cancel({ draftId: other.draft.id });
    expect(cancel).toMatchObject({ outcome: 'already_saved', draft: { status: 'saved' } });
    expect(await expensesOf(other.groupId)).toHaveLength(1);
  });
});

describe('expenses.create with a draftId (the web form opened from the bot)', () => {
  const web = (t: Awaited<ReturnType<typeof openDraft>>, over: Record<string, unknown> = {}) => ({
    groupId: t.groupId,
    name: 'Пицца на всех',
    amountCents: 1200,
    paidById: t.a,
    draftId: t.draft.id,
    ...over,
  });

  it('creates the form’s expense and consumes the draft in the same transaction', async () => {
    const t = await openDraft();
    const { id } = await (await t.alice.call()).expenses.create(web(t));
    expect(await draftRow(t.draft.id)).toMatchObject({ status: 'saved', expenseId: id });
    const [row] = await expensesOf(t.groupId);
    expect(row).toMatchObject({ id, name: 'Пицца на всех', amountCents: 1200 });
    // The bot's Save then finds it saved.
    expect((await (await t.bot()).bot.drafts.save({ draftId: t.draft.id })).outcome).toBe('already_saved');
  });

  it('refuses a second use with DRAFT_CLOSED and writes nothing', async () => {
    const t = await openDraft();
    await (await t.alice.call()).expenses.create(web(t));
    const before = await snapshot(d());
    const error = await refusal((await t.alice.call()).expenses.create(web(t, { name: 'Again' })));
    expect({ code: error.appCode, status: error.status, field: error.field }).toEqual({
      code: 'DRAFT_CLOSED',
      status: 409,
      field: 'draftId',
    });
    expect(await snapshot(d())).toEqual(before);
  });

  it('refuses a cancelled, expired, foreign or other-group draft with DRAFT_CLOSED and writes nothing', async () => {
    const cancelled = await openDraft();
    await (await cancelled.bot()).bot.drafts.cancel({ draftId: cancelled.draft.id });
    const expired = await openDraft();
    await expire(expired.draft.id);
    const foreign = await openDraft();
    const elsewhere = await openDraft();
    const { id: secondGroup } = await (await elsewhere.alice.call()).groups.create({ name: 'Second' });
    const [seat] = (await (await elsewhere.alice.call()).groups.get({ groupId: secondGroup })).users;
    const { draft: secondDraft } = await (await elsewhere.bot()).bot.drafts.create({
      chatId: String(randomInt(1, 2 ** 40)),
      messageId: '1',
      groupId: secondGroup,
      proposal: {
        name: 'Чай',
        amountCents: 100,
        payerId: seat!.memberId,
        participantIds: [seat!.memberId],
        sourceText: 'чай 1',
      },
    });
    const before = await snapshot(d());
    const attempts = [
      async () => (await cancelled.alice.call()).expenses.create(web(cancelled)),
      async () => (await expired.alice.call()).expenses.create(web(expired)),
      // Bob is a member, but the draft is Alice's.
      async () => (await foreign.bob.call()).expenses.create(web(foreign, { paidById: foreign.b })),
      // Alice's draft of another group of hers, sent with this group.
      async () => (await elsewhere.alice.call()).expenses.create(web(elsewhere, { draftId: secondDraft.id })),
    ];
    for (const attempt of attempts) expect((await refusal(attempt())).appCode).toBe('DRAFT_CLOSED');
    expect(await snapshot(d())).toEqual(before);
  });

  it('checks the seat before the draft: an outsider gets GROUP_NOT_FOUND', async () => {
    const t = await openDraft();
    const other = await trio(d());
    const error = await refusal((await other.alice.call()).expenses.create(web(t, { paidById: t.a })));
    expect(error.appCode).toBe('GROUP_NOT_FOUND');
    expect((await draftRow(t.draft.id)).status).toBe('open');
  });
});

describe('a repayment read by the bot', () => {
  it('is a settlement draft; Save records a settlement payment once, logged as one', async () => {
    const t = await trio(d());
    const bot = await linkedBot(d(), t.alice.user.id);
    const { draft } = await (await bot()).bot.drafts.create({
      chatId: `-100${randomInt(1, 2 ** 40)}`,
      messageId: String(randomInt(1, 2 ** 40)),
      groupId: t.groupId,
      proposal: {
        name: '',
        amountCents: 350,
        payerId: t.b,
        participantIds: [t.a],
        settlement: { fromId: t.b, toId: t.a },
        sourceText: 'Боб вернул мне 3,50',
      },
    });
    expect(draft.settlement).toEqual({ fromId: t.b, toId: t.a });
    expect(draft.expense).toMatchObject({ amountCents: 350, payerId: t.b, splitCents: { [t.a]: 350 } });

    const saved = await (await bot()).bot.drafts.save({ draftId: draft.id });
    expect(saved.outcome).toBe('saved');
    expect((await (await bot()).bot.drafts.save({ draftId: draft.id })).outcome).toBe('already_saved');
    const rows = await expensesOf(t.groupId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ isSettlement: true, amountCents: 350 });
    const logged = await d()
      .select()
      .from(groupLogs)
      .where(and(eq(groupLogs.groupId, t.groupId), eq(groupLogs.action, 'SETTLEMENT_CREATED')));
    expect(logged).toHaveLength(1);
    const balances = await (await t.alice.call()).balances.get({ groupId: t.groupId });
    const alice = balances.members.find((member) => member.memberId === t.a)!;
    expect(alice).toMatchObject({ paidCents: 0, owedCents: 0, receivedCents: 350 });
  });

  it('refuses a settlement to oneself, as expenses.create does, writing nothing', async () => {
    const t = await trio(d());
    const bot = await linkedBot(d(), t.alice.user.id);
    const before = await snapshot(d());
    const error = await refusal(
      (await bot()).bot.drafts.create({
        chatId: `-100${randomInt(1, 2 ** 40)}`,
        messageId: String(randomInt(1, 2 ** 40)),
        groupId: t.groupId,
        proposal: {
          name: '',
          amountCents: 350,
          payerId: t.a,
          participantIds: [t.a],
          settlement: { fromId: t.a, toId: t.a },
          sourceText: 'вернул 3,50',
        },
      }),
    );
    expect(error.appCode).toBe('VALIDATION_ERROR');
    expect(await snapshot(d())).toEqual(before);
  });
});
