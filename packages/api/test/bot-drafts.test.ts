import { randomInt } from 'node:crypto';
import { botDrafts, expenseItems, expenses } from '@dolya/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DRAFT_TTL_MS } from '../src/services/bot-drafts';
import { linkedBot } from './actors';
import { refusal, setSeatStatus, snapshot, trio, unknownId } from './fixtures';
import { signUp, useTestDatabase } from './harness';

const db = useTestDatabase();
const d = () => db.current.db;

/** A Telegram group chat id and a message id, fresh for each test. */
const chat = () => `-100${randomInt(1, 2 ** 40)}`;
const message = () => String(randomInt(1, 2 ** 40));

async function setup() {
  const t = await trio(d());
  const bot = await linkedBot(d(), t.alice.user.id);
  return { ...t, bot };
}

type Setup = Awaited<ReturnType<typeof setup>>;

/** "пицца 1000 я, Боб, Карл": Alice pays, three take part equally. */
function pizza(t: Setup, over: Record<string, unknown> = {}) {
  return {
    name: 'Пицца',
    amountCents: 1000,
    payerId: t.a,
    participantIds: [t.c, t.a, t.b],
    sourceText: 'пицца 10 я, Боб, Карл',
    ...over,
  };
}

describe('bot.drafts.create', () => {
  it('stores one draft per message: a second call returns it, created false, and writes nothing', async () => {
    const t = await setup();
    const key = { chatId: chat(), messageId: message(), groupId: t.groupId };
    const first = await (await t.bot()).bot.drafts.create({ ...key, proposal: pizza(t) });
    expect(first.created).toBe(true);
    const before = await snapshot(d());
    const again = await (await t.bot()).bot.drafts.create({
      ...key,
      proposal: pizza(t, { amountCents: 999_999 }),
    });
    expect(again).toEqual({ draft: first.draft, created: false });
    expect(await snapshot(d())).toEqual(before);
    expect(await d().select().from(botDrafts).where(eq(botDrafts.chatId, key.chatId))).toHaveLength(1);
  });

  it('answers the draft as it will be saved: an equal split in group order, names, group, 24 h to live', async () => {
    const t = await setup();
    const chatId = chat();
    const messageId = message();
    const started = Date.now();
    const { draft } = await (await t.bot()).bot.drafts.create({
      chatId,
      messageId,
      groupId: t.groupId,
      proposal: pizza(t),
    });
    expect(draft).toMatchObject({
      groupId: t.groupId,
      groupName: 'Trip',
      currency: 'EUR',
      chatId,
      messageId,
      replyMessageId: null,
      authorUserId: t.alice.user.id,
      status: 'open',
      expenseId: null,
      expense: { name: 'Пицца', amountCents: 1000, payerId: t.a, items: [] },
      memberNames: { [t.a]: 'Alice', [t.b]: 'Bob', [t.c]: 'Carl' },
    });
    // The remainder cent goes to the payer, who takes part; keys in group order.
    expect(Object.entries(draft.expense.splitCents)).toEqual([
      [t.a, 334],
      [t.b, 333],
      [t.c, 333],
    ]);
    const ttl = new Date(draft.expiresAt).getTime() - started;
    expect(ttl).toBeGreaterThanOrEqual(DRAFT_TTL_MS - 1000);
    expect(ttl).toBeLessThanOrEqual(DRAFT_TTL_MS + 60_000);
  });

  it('keeps per-person amounts as an amounts split', async () => {
    const t = await setup();
    const { draft } = await (await t.bot()).bot.drafts.create({
      chatId: chat(),
      messageId: message(),
      groupId: t.groupId,
      proposal: pizza(t, { participantIds: [t.b, t.c], splitCents: { [t.c]: 700, [t.b]: 300 } }),
    });
    expect(Object.entries(draft.expense.splitCents)).toEqual([
      [t.b, 300],
      [t.c, 700],
    ]);
  });

  it('splits receipt items exactly (the domain’s splitItems, group order) and keeps them with their snapshot', async () => {
    const t = await setup();
    const items = [
      { name: 'Пицца', amountCents: 1000, participantIds: [t.c, t.b, t.a] },
      { name: 'Вино', amountCents: 501, participantIds: [t.c, t.b] },
      { name: 'Сок', amountCents: 1, participantIds: [t.b, t.c] },
    ];
    const { draft } = await (await t.bot()).bot.drafts.create({
      chatId: chat(),
      messageId: message(),
      groupId: t.groupId,
      proposal: pizza(t, { amountCents: 1502, participantIds: [], items }),
    });
    // Pizza 334/333/333 (remainder to Alice, first in group order), wine 251/250 (Bob first), juice 1/0.
    expect(Object.entries(draft.expense.splitCents)).toEqual([
      [t.a, 334],
      [t.b, 585],
      [t.c, 583],
    ]);
    const total = Object.values(draft.expense.splitCents).reduce((sum, cents) => sum + cents, 0);
    expect(total).toBe(draft.expense.amountCents);
    expect(draft.expense.items.map((item) => item.participantIds)).toEqual([
      [t.a, t.b, t.c],
      [t.b, t.c],
      [t.b, t.c],
    ]);

    const saved = await (await t.bot()).bot.drafts.save({ draftId: draft.id });
    expect(saved.outcome).toBe('saved');
    const expense = await (await t.alice.call()).expenses.get({
      groupId: t.groupId,
      expenseId: saved.draft.expenseId!,
    });
    expect(expense).toMatchObject({
      amountCents: 1502,
      splitMethod: 'amounts',
      splitCents: draft.expense.splitCents,
      participants: [t.a, t.b, t.c],
    });
    expect(expense.items.map(({ name, amountCents, split }) => [name, amountCents, split])).toEqual([
      ['Пицца', 1000, { method: 'members', memberIds: [t.a, t.b, t.c] }],
      ['Вино', 501, { method: 'members', memberIds: [t.b, t.c] }],
      ['Сок', 1, { method: 'members', memberIds: [t.b, t.c] }],
    ]);
    // The snapshot is the lines as recognised, typed like the items.
    expect(expense.snapshot).toEqual(
      items.map((item, i) => ({
        name: item.name,
        number: 1,
        amountCents: item.amountCents,
        split: { method: 'members', memberIds: draft.expense.items[i]!.participantIds },
      })),
    );
    expect(await d().select().from(expenseItems).where(eq(expenseItems.expenseId, expense.id))).toHaveLength(
      3,
    );
  });

  it('refuses what expenses.create would refuse, and receipts that do not add up, writing nothing', async () => {
    const t = await setup();
    const other = await trio(d());
    const before = await snapshot(d());
    const item = (over: Record<string, unknown> = {}) => ({
      name: 'Пицца',
      amountCents: 1000,
      participantIds: [t.a],
      ...over,
    });
    const cases: [Record<string, unknown>, string][] = [
      [{ amountCents: 0 }, 'INVALID_AMOUNT'],
      [{ name: '  ' }, 'VALIDATION_ERROR'],
      [{ payerId: other.a }, 'INVALID_MEMBER'],
      [{ participantIds: [t.a, other.b] }, 'INVALID_MEMBER'],
      [{ participantIds: [] }, 'INVALID_SPLIT'],
      [{ splitCents: { [other.c]: 1000 } }, 'INVALID_MEMBER'],
      [{ splitCents: { [t.a]: -5 } }, 'INVALID_AMOUNT'],
      [{ items: [item({ participantIds: [other.a] })] }, 'INVALID_MEMBER'],
      [{ items: [item({ participantIds: [] })] }, 'INVALID_SPLIT'],
      [{ items: [item({ amountCents: 0 })], amountCents: 0 }, 'INVALID_AMOUNT'],
      [{ items: [item()], amountCents: 999 }, 'VALIDATION_ERROR'],
      [{ items: [item()], splitCents: { [t.a]: 900 } }, 'INVALID_SPLIT'],
    ];
    for (const [over, code] of cases) {
      const error = await refusal(
        (await t.bot()).bot.drafts.create({
          chatId: chat(),
          messageId: message(),
          groupId: t.groupId,
          proposal: pizza(t, over),
        }),
      );
      expect([over, error.appCode]).toEqual([over, code]);
    }
    expect(await snapshot(d())).toEqual(before);
  });

  it('accepts matching per-person amounts beside items', async () => {
    const t = await setup();
    const { draft } = await (await t.bot()).bot.drafts.create({
      chatId: chat(),
      messageId: message(),
      groupId: t.groupId,
      proposal: pizza(t, {
        amountCents: 1000,
        items: [{ name: 'Пицца', amountCents: 1000, participantIds: [t.a, t.b] }],
        splitCents: { [t.a]: 500, [t.b]: 500 },
      }),
    });
    expect(draft.expense.splitCents).toEqual({ [t.a]: 500, [t.b]: 500 });
  });

  it('refuses a non-member (GROUP_NOT_FOUND) and another author on the same message (CONFLICT)', async () => {
    const t = await setup();
    const eve = await signUp(d(), 'Eve');
    const eveBot = await linkedBot(d(), eve.user.id);
    const key = { chatId: chat(), messageId: message(), groupId: t.groupId };
    const before = await snapshot(d());
    const outsider = await refusal((await eveBot()).bot.drafts.create({ ...key, proposal: pizza(t) }));
    expect(outsider.appCode).toBe('GROUP_NOT_FOUND');
    expect(await snapshot(d())).toEqual(before);

    await (await t.bot()).bot.drafts.create({ ...key, proposal: pizza(t) });
    const bobBot = await linkedBot(d(), t.bob.user.id);
    const stolen = await refusal((await bobBot()).bot.drafts.create({ ...key, proposal: pizza(t) }));
    expect(stolen.appCode).toBe('CONFLICT');
  });
});

describe('drafts.get and bot.drafts.setReply', () => {
  it('shows the author their draft, on the web too, with the reply remembered', async () => {
    const t = await setup();
    const { draft } = await (await t.bot()).bot.drafts.create({
      chatId: chat(),
      messageId: message(),
      groupId: t.groupId,
      proposal: pizza(t),
    });
    expect(await (await t.bot()).bot.drafts.setReply({ draftId: draft.id, replyMessageId: '4242' })).toEqual({
      ok: true,
    });
    const onWeb = await (await t.alice.call()).drafts.get({ draftId: draft.id });
    expect(onWeb).toEqual({ ...draft, replyMessageId: '4242' });
  });

  it('answers DRAFT_NOT_FOUND to anyone but the author, and for an unknown id', async () => {
    const t = await setup();
    const { draft } = await (await t.bot()).bot.drafts.create({
      chatId: chat(),
      messageId: message(),
      groupId: t.groupId,
      proposal: pizza(t),
    });
    const bobBot = await linkedBot(d(), t.bob.user.id);
    const before = await snapshot(d());
    for (const call of [
      async () => (await t.bob.call()).drafts.get({ draftId: draft.id }),
      async () => (await bobBot()).drafts.get({ draftId: draft.id }),
      async () => (await bobBot()).bot.drafts.setReply({ draftId: draft.id, replyMessageId: '1' }),
      async () => (await t.alice.call()).drafts.get({ draftId: unknownId() }),
    ]) {
      expect((await refusal(call())).appCode).toBe('DRAFT_NOT_FOUND');
    }
    expect(await snapshot(d())).toEqual(before);
  });
});

describe('a draft whose group changed before Save', () => {
  it('is refused as expenses.create would refuse it, and stays open', async () => {
    const t = await setup();
    const { draft } = await (await t.bot()).bot.drafts.create({
      chatId: chat(),
      messageId: message(),
      groupId: t.groupId,
      proposal: pizza(t),
    });
    await setSeatStatus(d(), t.c, 'REMOVED');
    const before = await snapshot(d());
    expect((await refusal((await t.bot()).bot.drafts.save({ draftId: draft.id }))).appCode).toBe(
      'INVALID_MEMBER',
    );
    expect(await snapshot(d())).toEqual(before);
    expect((await (await t.alice.call()).drafts.get({ draftId: draft.id })).status).toBe('open');
    expect(await d().select().from(expenses).where(eq(expenses.groupId, t.groupId))).toHaveLength(0);
  });
});
