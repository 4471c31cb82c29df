import { describe, expect, it } from 'vitest';
import { itemsAssigned, itemTotals } from '../src/features/expense/items-model';
import {
  computeSplits,
  draftFromBotDraft,
  type FormMember,
  isUsableBotDraft,
  ledger,
  missingFields,
  participantsOf,
  toApiInput,
  totalsStatus,
  withFetchedRate,
} from '../src/features/expense/model';
import { toRecurrence } from '../src/features/expense/repeat';
import { newExpenseSearch } from '../src/features/expense/search';
import type { BotDraft } from '../src/lib/api-types';

const ME = '00000000-0000-4000-8000-000000000001';
const ANYA = '00000000-0000-4000-8000-000000000002';
const BORYA = '00000000-0000-4000-8000-000000000003';
const GROUP = '00000000-0000-4000-8000-0000000000aa';
const members: FormMember[] = [
  { id: ME, name: 'Демо', share: 1, isCurrentUser: true, removed: false },
  { id: ANYA, name: 'Аня', share: 1, isCurrentUser: false, removed: false },
  { id: BORYA, name: 'Боря', share: 1, isCurrentUser: false, removed: false },
];

function botDraft(patch: Partial<BotDraft> = {}, expense: Partial<BotDraft['expense']> = {}): BotDraft {
  return {
    id: '00000000-0000-4000-8000-0000000000dd',
    groupId: GROUP,
    groupName: 'Поездка в Казань',
    currency: 'RUB',
    chatId: '-1001',
    messageId: '7',
    replyMessageId: '8',
    authorUserId: '00000000-0000-4000-8000-0000000000ee',
    status: 'open',
    expiresAt: '2026-03-10T12:00:00.000Z',
    expenseId: null,
    expense: {
      name: 'Пицца',
      amountCents: 100_001,
      payerId: ANYA,
      splitCents: { [ME]: 33_335, [ANYA]: 33_333, [BORYA]: 33_333 },
      items: [],
      ...expense,
    },
    memberNames: { [ME]: 'Демо', [ANYA]: 'Аня', [BORYA]: 'Боря' },
    ...patch,
  };
}

describe('a bot draft in the new-expense form', () => {
  it('prefills name, amount, payer and each member’s exact part in amounts mode', () => {
    const draft = draftFromBotDraft(botDraft(), members, ',', new Date(2026, 2, 9, 10));
    expect(draft).toMatchObject({
      name: 'Пицца',
      amount: '1000,01',
      payerId: ANYA,
      mode: 'amounts',
      amounts: { [ME]: '333,35', [ANYA]: '333,33', [BORYA]: '333,33' },
      settlement: false,
    });
    expect(totalsStatus(draft, members)).toMatchObject({ mode: 'amounts', good: true, left: 0 });
    // Sent back as the same cents.
    expect(toApiInput(draft, members, '')).toMatchObject({
      name: 'Пицца',
      amountCents: 100_001,
      paidById: ANYA,
      splitMethod: 'amounts',
      participants: [ME, ANYA, BORYA],
      splitCents: { [ME]: 33_335, [ANYA]: 33_333, [BORYA]: 33_333 },
    });
  });

  it('leaves members without a part out, with the interface’s decimal separator', () => {
    const draft = draftFromBotDraft(
      botDraft({}, { amountCents: 120_000, splitCents: { [ANYA]: 80_000, [BORYA]: 40_000 } }),
      members,
      '.',
    );
    expect(draft.amount).toBe('1200');
    expect(draft.amounts).toEqual({ [ME]: '', [ANYA]: '800', [BORYA]: '400' });
    expect(participantsOf(draft, members)).toEqual([ANYA, BORYA]);
  });

  it('is usable only while open and in this group', () => {
    expect(isUsableBotDraft(botDraft(), GROUP)).toBe(true);
    for (const status of ['saved', 'cancelled', 'expired'] as const) {
      expect(isUsableBotDraft(botDraft({ status }), GROUP)).toBe(false);
    }
    expect(isUsableBotDraft(botDraft(), '00000000-0000-4000-8000-0000000000bb')).toBe(false);
  });

  it('that repeats (issue 28) opens with the Repeat chip on its rule; one that does not, with it off', () => {
    const repeating = botDraft(
      {},
      { repeat: { every: 2, unit: 'week', until: null, count: null, nextDate: '2026-03-23' } },
    );
    const draft = draftFromBotDraft(repeating, members, ',', new Date(2026, 2, 9, 10));
    expect(draft.repeat).toMatchObject({ on: true, every: '2', unit: 'week', end: 'never' });
    expect(toRecurrence(draft.repeat)).toEqual({ every: 2, unit: 'week', until: null, count: null });
    expect(toRecurrence(draftFromBotDraft(botDraft(), members, ',').repeat)).toBeNull();
  });

  it('reads ?draft= only when it is a draft id', () => {
    const id = '5f0c6c3e-1b7a-4d8e-9a51-3f2b8c9d0e1f';
    expect(newExpenseSearch({ draft: id })).toEqual({ draft: id });
    for (const draft of [undefined, '', 'abc', 42, `${id}x`, [id]])
      expect(newExpenseSearch({ draft })).toEqual({});
  });
});

describe('a bot draft in another currency (issue 26)', () => {
  const day = new Date(2026, 10, 28, 10);
  const sum = (parts: Record<string, number>) => Object.values(parts).reduce((a, b) => a + b, 0);

  it('saved without a rate (rateNeeded) opens in its currency, asks for the rate, and saves once given one', () => {
    const needsRate = botDraft(
      {},
      {
        name: 'Ужин',
        amountCents: 4500,
        payerId: ANYA,
        splitCents: { [ME]: 1500, [ANYA]: 1500, [BORYA]: 1500 },
        payers: [
          { memberId: ME, amountCents: 1000 },
          { memberId: ANYA, amountCents: 3500 },
        ],
        rateNeeded: { currency: 'EUR' },
      },
    );
    const draft = draftFromBotDraft(needsRate, members, ',', day);
    // Every amount as the message said it, in euros: nothing was converted, nothing to convert back.
    expect(draft).toMatchObject({ currency: 'EUR', amount: '45', mode: 'amounts', severalPayers: true });
    expect(draft.amounts).toEqual({ [ME]: '15', [ANYA]: '15', [BORYA]: '15' });
    expect(draft.payerAmounts).toEqual({ [ME]: '10', [ANYA]: '35', [BORYA]: '' });
    expect(draft.knownRate).toBeUndefined();
    expect(missingFields(draft)).toEqual(['rate']);
    // The rate typed: 45 € × 93,75 = 4 218,75 ₽, each part an exact share of it.
    const input = toApiInput({ ...draft, rateText: '93,75' }, members, '');
    expect(input).toMatchObject({
      amountCents: 421_875,
      original: { currency: 'EUR', amountCents: 4500, rate: '93.75', rateSource: 'manual' },
      splitCents: { [ME]: 140_625, [ANYA]: 140_625, [BORYA]: 140_625 },
      payers: [
        { memberId: ME, amountCents: 93_750 },
        { memberId: ANYA, amountCents: 328_125 },
      ],
      paidById: ANYA,
    });
    // Or the rate suggested when the form opens: recorded as fetched.
    const fetched = { rate: '93.75', date: '2026-11-28', source: 'frankfurter' };
    expect(missingFields(draft, fetched)).toEqual([]);
    expect(toApiInput(withFetchedRate(draft, fetched), members, '').original).toMatchObject({
      rateSource: 'fetched',
      rate: '93.75',
    });
  });

  it('a receipt without a rate keeps its positions in its currency, converted when the rate is typed', () => {
    const receipt = botDraft(
      {},
      {
        name: 'Ресторан',
        amountCents: 3333,
        splitCents: { [ME]: 1111, [ANYA]: 2222 },
        items: [
          { name: 'Суп', amountCents: 1111, participantIds: [ME] },
          { name: 'Стейк', amountCents: 2222, participantIds: [ANYA] },
        ],
        rateNeeded: { currency: 'EUR' },
      },
    );
    const draft = draftFromBotDraft(receipt, members, ',', day);
    expect(draft.currency).toBe('EUR');
    expect(draft.items.map((item) => item.amountCents)).toEqual([1111, 2222]);
    const input = toApiInput({ ...draft, rateText: '93,33' }, members, '');
    // 33,33 € × 93,33 = 3 110,69 ₽ (311 068,89 half up); the positions are its exact shares.
    expect(input.amountCents).toBe(311_069);
    expect(input.items?.map((item) => item.amountCents)).toEqual([103_690, 207_379]);
    expect(sum(input.splitCents ?? {})).toBe(311_069);
    expect(input.splitCents).toEqual({ [ME]: 103_690, [ANYA]: 207_379 });
  });

  it('a receipt with the day’s rate opens its positions in euros and saves the bot’s cents exactly', () => {
    // What the bot stored for 12,50 € + 30,00 € + 2,50 € at 93,7512: the total converted
    // (421 880,4 → 421 880), the positions its exact shares, the remainder (2) to the first.
    const converted = 421_880;
    const itemCents = [117_190, 281_253, 23_437];
    expect(sum(Object.fromEntries(itemCents.map((c, i) => [i, c])))).toBe(converted);
    const withRate = botDraft(
      {},
      {
        name: 'Ужин',
        amountCents: converted,
        payerId: ME,
        splitCents: { [ME]: 117_190, [ANYA]: 281_253, [BORYA]: 23_437 },
        items: [
          { name: 'Паста', amountCents: 117_190, participantIds: [ME] },
          { name: 'Рыба', amountCents: 281_253, participantIds: [ANYA] },
          { name: 'Кофе', amountCents: 23_437, participantIds: [BORYA] },
        ],
        original: {
          currency: 'EUR',
          amountCents: 4500,
          rate: '93.7512',
          rateDate: '2026-11-28',
          rateSource: 'fetched',
        },
      },
    );
    const draft = draftFromBotDraft(withRate, members, ',', day);
    expect(draft.currency).toBe('EUR');
    expect(itemsAssigned(draft.items)).toBe(true);
    // In the currency paid: 12,50 €, 30,00 €, 2,50 €.
    expect(draft.items.map((item) => item.amountCents)).toEqual([1250, 3000, 250]);
    expect(
      itemTotals(
        draft.items,
        members.map((m) => m.id),
      ).totalCents,
    ).toBe(4500);
    // The conversion shown is what is saved, to the cent.
    expect(draft.amount).toBe('45');
    expect(ledger(draft, members).amountCents).toBe(converted);
    const input = toApiInput(draft, members, '');
    expect(input.amountCents).toBe(converted);
    expect(input.original).toEqual(withRate.expense.original);
    expect(input.items?.map((item) => item.amountCents)).toEqual(itemCents);
    expect(input.splitCents).toEqual({ [ME]: 117_190, [ANYA]: 281_253, [BORYA]: 23_437 });
    expect(computeSplits(ledger(draft, members).inGroup, members)).toEqual(input.splitCents);
  });

  it('a repayment at the day’s rate opens as a repayment in euros and saves the bot’s cents', () => {
    // «Аня вернула мне 50 евро»: 50 € × 93,75 = 4 687,50 ₽.
    const repayment = botDraft(
      { settlement: { fromId: ANYA, toId: ME } },
      {
        name: '',
        amountCents: 468_750,
        payerId: ANYA,
        splitCents: { [ME]: 468_750 },
        original: {
          currency: 'EUR',
          amountCents: 5000,
          rate: '93.75',
          rateDate: '2026-11-28',
          rateSource: 'fetched',
        },
      },
    );
    const draft = draftFromBotDraft(repayment, members, ',', day);
    expect(draft).toMatchObject({
      settlement: true,
      payerId: ANYA,
      recipientId: ME,
      currency: 'EUR',
      amount: '50',
      name: '',
      notes: '',
    });
    expect(missingFields(draft)).toEqual([]);
    expect(toApiInput(draft, members, 'Погашение долга')).toMatchObject({
      name: 'Погашение долга',
      settlement: true,
      settlementFromId: ANYA,
      settlementToId: ME,
      amountCents: 468_750,
      original: repayment.expense.original,
    });
  });
});
