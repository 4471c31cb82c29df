import { describe, expect, it } from 'vitest';
import {
  draftFromBotDraft,
  type FormMember,
  isUsableBotDraft,
  participantsOf,
  toApiInput,
  totalsStatus,
} from '../src/features/expense/model';
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

  it('reads ?draft= only when it is a draft id', () => {
    const id = '5f0c6c3e-1b7a-4d8e-9a51-3f2b8c9d0e1f';
    expect(newExpenseSearch({ draft: id })).toEqual({ draft: id });
    for (const draft of [undefined, '', 'abc', 42, `${id}x`, [id]])
      expect(newExpenseSearch({ draft })).toEqual({});
  });
});
