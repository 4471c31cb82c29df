import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFxProvider } from '../src/testing';
import { linkedBot } from './actors';
import { refusal, snapshot, trio } from './fixtures';
import { testConfig, useTestDatabase } from './harness';

const db = useTestDatabase();
const d = () => db.current.db;
const chat = () => `-100${randomInt(1, 2 ** 40)}`;
const message = () => String(randomInt(1, 2 ** 40));

describe('bot drafts in another currency and with several payers (issue 26)', () => {
  let provider: Awaited<ReturnType<typeof startFxProvider>>;
  beforeAll(async () => {
    provider = await startFxProvider({ 'EUR/RUB': { rate: '93.75' }, 'GEL/RUB': { rate: '33.3333' } });
  });
  afterAll(async () => provider.close());

  async function setup() {
    const t = await trio(d(), 'RUB');
    const bot = await linkedBot(d(), t.alice.user.id, { ...testConfig, fxRatesUrl: provider.url });
    const create = async (proposal: Record<string, unknown>) =>
      (await bot()).bot.drafts.create({
        chatId: chat(),
        messageId: message(),
        groupId: t.groupId,
        proposal: {
          name: 'Ужин',
          payerId: t.a,
          participantIds: [t.a, t.b, t.c],
          sourceText: 'ужин 45 евро на всех',
          amountCents: 4500,
          ...proposal,
        },
      });
    return { ...t, bot, create };
  }

  it('«ужин 45 евро на всех»: converted at the day’s rate, the original kept, saved as such', async () => {
    const t = await setup();
    const { draft } = await t.create({ foreignCurrency: 'EUR' });
    expect(draft.expense.amountCents).toBe(421_875);
    expect(draft.expense.original).toMatchObject({
      currency: 'EUR',
      amountCents: 4500,
      rate: '93.75',
      rateSource: 'fetched',
    });
    expect(Object.values(draft.expense.splitCents).reduce((a, b) => a + b, 0)).toBe(421_875);
    const saved = await (await t.bot()).bot.drafts.save({ draftId: draft.id });
    const expense = await (await t.alice.call()).expenses.get({
      groupId: t.groupId,
      expenseId: saved.draft.expenseId ?? '',
    });
    expect(expense.original).toMatchObject({ currency: 'EUR', amountCents: 4500, rate: '93.75' });
    expect(expense.amountCents).toBe(421_875);
  });

  it('per-person amounts in the foreign currency become exact shares of the converted total', async () => {
    const t = await setup();
    const { draft } = await t.create({
      foreignCurrency: 'GEL',
      amountCents: 3000,
      splitCents: { [t.a]: 1000, [t.b]: 1000, [t.c]: 1000 },
    });
    // 30 GEL × 33.3333 = 999.999 -> 1000.00 RUB, split 333.34 / 333.33 / 333.33
    expect(draft.expense.amountCents).toBe(100_000);
    expect(Object.values(draft.expense.splitCents).reduce((a, b) => a + b, 0)).toBe(100_000);
  });

  it('«Паша 700 и я 300 за продукты»: a draft with two payers, saved with both', async () => {
    const t = await setup();
    const { draft } = await t.create({
      name: 'Продукты',
      amountCents: 100_000,
      payerId: t.b,
      payers: { [t.b]: 70_000, [t.a]: 30_000 },
    });
    expect(draft.expense.payerId).toBe(t.b);
    expect(draft.expense.payers).toEqual([
      { memberId: t.a, amountCents: 30_000 },
      { memberId: t.b, amountCents: 70_000 },
    ]);
    const saved = await (await t.bot()).bot.drafts.save({ draftId: draft.id });
    const expense = await (await t.alice.call()).expenses.get({
      groupId: t.groupId,
      expenseId: saved.draft.expenseId ?? '',
    });
    expect(expense.payers).toEqual([
      { memberId: t.a, amountCents: 30_000 },
      { memberId: t.b, amountCents: 70_000 },
    ]);
  });

  it('payers that do not sum to the amount are refused, and nothing is written', async () => {
    const t = await setup();
    const before = await snapshot(d());
    const error = await refusal(t.create({ amountCents: 100_000, payers: { [t.b]: 70_000, [t.a]: 20_000 } }));
    expect([error.appCode, error.field]).toEqual(['UNBALANCED', 'payers']);
    expect(await snapshot(d())).toEqual(before);
  });

  it('no rate for the currency: a draft in that currency waiting for its rate, which Save does not write', async () => {
    const t = await setup();
    const { draft, created } = await t.create({
      foreignCurrency: 'AMD',
      amountCents: 1_000_000,
      payers: { [t.b]: 700_000, [t.a]: 300_000 },
    });
    expect(created).toBe(true);
    // The amounts as the message said them, in drams: nothing converted, no original, the currency named.
    expect(draft.status).toBe('open');
    expect(draft.expense).toMatchObject({
      amountCents: 1_000_000,
      original: null,
      rateNeeded: { currency: 'AMD' },
      payers: [
        { memberId: t.a, amountCents: 300_000 },
        { memberId: t.b, amountCents: 700_000 },
      ],
    });
    expect(Object.values(draft.expense.splitCents).reduce((a, b) => a + b, 0)).toBe(1_000_000);
    const before = await snapshot(d());
    const saved = await (await t.bot()).bot.drafts.save({ draftId: draft.id });
    expect(saved.outcome).toBe('needs_rate');
    expect(saved.draft.status).toBe('open');
    expect(await snapshot(d())).toEqual(before);
    // Cancel still closes it.
    expect((await (await t.bot()).bot.drafts.cancel({ draftId: draft.id })).outcome).toBe('cancelled');
  });

  it('the provider down: the same draft waiting for its rate, and the web form saves it with a typed rate', async () => {
    // USD: no rate of it is cached (EUR's is, from the tests above).
    const t = await setup();
    const down = await linkedBot(d(), t.alice.user.id, { ...testConfig, fxRatesUrl: 'http://127.0.0.1:9' });
    const { draft } = await (await down()).bot.drafts.create({
      chatId: chat(),
      messageId: message(),
      groupId: t.groupId,
      proposal: {
        name: 'Ужин',
        payerId: t.a,
        participantIds: [t.a, t.b, t.c],
        sourceText: 'ужин 45 долларов на всех',
        amountCents: 4500,
        foreignCurrency: 'USD',
      },
    });
    expect(draft.expense).toMatchObject({
      amountCents: 4500,
      rateNeeded: { currency: 'USD' },
      original: null,
    });
    const created = await (await t.alice.call()).expenses.create({
      groupId: t.groupId,
      draftId: draft.id,
      name: 'Ужин',
      amountCents: 450_000,
      paidById: t.a,
      participants: [t.a, t.b, t.c],
      original: {
        currency: 'USD',
        amountCents: 4500,
        rate: '100',
        rateDate: '2026-11-28',
        rateSource: 'manual',
      },
    });
    const expense = await (await t.alice.call()).expenses.get({ groupId: t.groupId, expenseId: created.id });
    expect(expense).toMatchObject({
      amountCents: 450_000,
      original: { currency: 'USD', rate: '100', rateSource: 'manual' },
    });
  });

  it('a repayment in euros: converted at the day’s rate, saved as a settlement keeping the original', async () => {
    const t = await setup();
    const { draft } = await t.create({
      name: '',
      amountCents: 5000,
      payerId: t.b,
      participantIds: [t.a],
      settlement: { fromId: t.b, toId: t.a },
      foreignCurrency: 'EUR',
      sourceText: 'Боб вернул мне 50 евро',
    });
    expect(draft.settlement).toEqual({ fromId: t.b, toId: t.a });
    expect(draft.expense).toMatchObject({
      amountCents: 468_750,
      rateNeeded: null,
      original: { currency: 'EUR', amountCents: 5000, rate: '93.75', rateSource: 'fetched' },
    });
    const saved = await (await t.bot()).bot.drafts.save({ draftId: draft.id });
    expect(saved.outcome).toBe('saved');
    const expense = await (await t.alice.call()).expenses.get({
      groupId: t.groupId,
      expenseId: saved.draft.expenseId ?? '',
    });
    expect(expense).toMatchObject({
      settlement: true,
      settlementFromId: t.b,
      settlementToId: t.a,
      amountCents: 468_750,
      original: { currency: 'EUR', amountCents: 5000, rate: '93.75' },
    });
  });

  it('a repayment with no rate to be had: a draft waiting for its rate (not RATE_UNAVAILABLE); the form saves it, consuming it', async () => {
    const t = await setup();
    const down = await linkedBot(d(), t.alice.user.id, { ...testConfig, fxRatesUrl: 'http://127.0.0.1:9' });
    const { draft } = await (await down()).bot.drafts.create({
      chatId: chat(),
      messageId: message(),
      groupId: t.groupId,
      proposal: {
        name: '',
        payerId: t.b,
        participantIds: [t.a],
        settlement: { fromId: t.b, toId: t.a },
        sourceText: 'Боб вернул мне 50 франков',
        amountCents: 5000,
        foreignCurrency: 'CHF',
      },
    });
    // As the message said it, in francs, nothing converted.
    expect(draft.status).toBe('open');
    expect(draft.settlement).toEqual({ fromId: t.b, toId: t.a });
    expect(draft.expense).toMatchObject({
      amountCents: 5000,
      original: null,
      rateNeeded: { currency: 'CHF' },
      splitCents: { [t.a]: 5000 },
    });
    const before = await snapshot(d());
    const pressed = await (await down()).bot.drafts.save({ draftId: draft.id });
    expect([pressed.outcome, pressed.draft.status]).toEqual(['needs_rate', 'open']);
    expect(await snapshot(d())).toEqual(before);

    const created = await (await t.alice.call()).expenses.create({
      groupId: t.groupId,
      draftId: draft.id,
      name: 'Settlement payment',
      amountCents: 500_000,
      paidById: t.b,
      settlement: true,
      settlementFromId: t.b,
      settlementToId: t.a,
      splitMethod: 'amounts',
      participants: [],
      splitCents: {},
      original: {
        currency: 'CHF',
        amountCents: 5000,
        rate: '100',
        rateDate: '2026-11-28',
        rateSource: 'manual',
      },
    });
    const expense = await (await t.alice.call()).expenses.get({ groupId: t.groupId, expenseId: created.id });
    expect(expense).toMatchObject({
      settlement: true,
      amountCents: 500_000,
      original: { currency: 'CHF', amountCents: 5000, rate: '100', rateSource: 'manual' },
    });
    const after = await (await down()).bot.drafts.cancel({ draftId: draft.id });
    expect([after.outcome, after.draft.expenseId]).toEqual(['already_saved', created.id]);
  });
});
