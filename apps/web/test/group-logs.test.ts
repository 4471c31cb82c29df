import { formatCents } from '@dolya/domain';
import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import { describeLog, type LogEntryLike, logText, type Translate } from '../src/features/group/log-text';
import { group as enGroup } from '../src/i18n/en/group';
import { log as enLog } from '../src/i18n/en/log';
import { group as ruGroup } from '../src/i18n/ru/group';
import { log as ruLog } from '../src/i18n/ru/log';
import type { LogAction } from '../src/lib/api-types';

/** The log page's `t` in one language (its namespace, then the group's), with i18next's real interpolation. */
function translator(language: 'ru' | 'en'): Translate {
  const i18n = createInstance();
  void i18n.init({
    lng: language,
    resources: {
      [language]: language === 'ru' ? { log: ruLog, group: ruGroup } : { log: enLog, group: enGroup },
    },
    ns: ['log', 'group'],
    defaultNS: 'log',
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  // Keys are chosen at run time, like on the page; react-i18next's t of useTranslation(['log',
  // 'group']) looks keys up in the first namespace only (nsMode 'default'), so this one does too.
  return i18n.getFixedT(language, 'log') as unknown as Translate;
}

const T = { ru: translator('ru'), en: translator('en') };
/** Amounts are shown as "<decimal> <currency>" here; the page formats them through Intl. */
const money = (cents: number, currency: string | undefined) => `${formatCents(cents)} ${currency ?? 'GRP'}`;
/** An action this client does not know yet (a newer server), as the fallbacks must handle. */
const unknownAction = (action: string) => action as LogAction;
const render = (entry: Partial<LogEntryLike> & { action: LogAction }) => {
  const full = { message: 'server message', details: null, ...entry };
  return { ru: describeLog(full, T.ru, money), en: describeLog(full, T.en, money) };
};
const member = (name: string) => ({ memberId: '9a1c5f2e-0000-4000-8000-000000000001', name });

describe('activity log text', () => {
  it('renders an import with its counts and source (issue 29)', () => {
    const entry = {
      action: 'GROUP_IMPORTED' as LogAction,
      details: { source: 'Splitwise', expenseCount: 8, settlementCount: 2 },
    };
    expect(render(entry)).toEqual({
      ru: 'Импорт из Splitwise: расходов — 8, переводов — 2',
      en: 'Imported 8 expenses and 2 payments from Splitwise',
    });
  });

  it('renders known actions from their details', () => {
    expect(
      logText({
        action: 'EXPENSE_CREATED',
        message: 'Демо added "Пицца" (1200.00 RUB)',
        details: { expenseId: 'x', name: 'Пицца', amountCents: 120000 },
      }),
    ).toEqual({ key: 'logExpenseCreated', name: 'Пицца', amountCents: 120000 });
    expect(logText({ action: 'GROUP_UPDATED', message: 'Демо renamed', details: {} })).toEqual({
      key: 'logGroupUpdated',
      name: '',
      amountCents: undefined,
    });
  });

  it('shows an amount paid in another currency beside the converted one, and several payers (issue 26)', () => {
    const details = {
      expenseId: 'x',
      name: 'Ужин',
      amountCents: 421875,
      currency: 'RUB',
      original: { currency: 'EUR', amountCents: 4500, rate: '93.75' },
      payers: [
        { memberId: 'a', name: 'Оля', amountCents: 300000 },
        { memberId: 'b', name: 'Паша', amountCents: 121875 },
      ],
    };
    expect(render({ action: 'EXPENSE_CREATED', details })).toEqual({
      ru: 'Новый расход «Ужин» на 45.00 EUR → 4218.75 RUB · платили Оля 3000.00 RUB, Паша 1218.75 RUB',
      en: 'Added the expense “Ужин” of 45.00 EUR → 4218.75 RUB · paid by Оля 3000.00 RUB, Паша 1218.75 RUB',
    });
    // One payer is not a list; a malformed original is left out.
    expect(
      render({
        action: 'EXPENSE_CREATED',
        details: {
          ...details,
          payers: details.payers.slice(0, 1),
          original: { currency: 'eur', amountCents: 1, rate: '1' },
        },
      }).ru,
    ).toBe('Новый расход «Ужин» на 4218.75 RUB');
  });

  it('says what an edit changed, old and new (issue 27)', () => {
    const details = {
      expenseId: 'x',
      name: 'Такси домой',
      amountCents: 90000,
      currency: 'RUB',
      changes: {
        name: { from: 'Такси', to: 'Такси домой' },
        amountCents: { from: 60000, to: 90000 },
        payer: { from: 'Аня', to: 'Боря' },
        split: true as const,
        date: true as const,
      },
    };
    expect(render({ action: 'EXPENSE_UPDATED', details })).toEqual({
      ru: 'Изменён расход «Такси домой» на 900.00 RUB: название «Такси» → «Такси домой», сумма 600.00 RUB → 900.00 RUB, плательщик Аня → Боря, дата, раздел',
      en: expect.stringMatching(
        /: name “Такси” → “Такси домой”, amount 600\.00 RUB → 900\.00 RUB, paid by Аня → Боря, date, split$/,
      ),
    });
    // Older entries, without changes, read as before.
    const { changes: _, ...older } = details;
    expect(render({ action: 'EXPENSE_UPDATED', details: older }).ru).toBe(
      'Изменён расход «Такси домой» на 900.00 RUB',
    );
  });

  it('falls back to the server message for unknown actions or missing details', () => {
    expect(logText({ action: 'MEMBER_ADDED', message: 'Демо added Боря', details: null })).toEqual({
      message: 'Демо added Боря',
    });
    expect(
      logText({ action: 'MEMBER_REMOVED', message: 'Демо removed Боря', details: { name: '' } }),
    ).toEqual({
      message: 'Демо removed Боря',
    });
    expect(render({ action: unknownAction('GROUP_ARCHIVED'), message: 'Демо archived the group' })).toEqual({
      ru: 'Демо archived the group',
      en: 'Демо archived the group',
    });
    // Without a message the action itself is shown.
    expect(render({ action: unknownAction('SOMETHING_NEW'), message: '' })).toEqual({
      ru: 'SOMETHING_NEW',
      en: 'SOMETHING_NEW',
    });
    expect(logText({ action: 'EXPENSE_DELETED', message: 'm', details: { name: 'x' } })).toEqual({
      message: 'm',
    });
  });

  it('renders member actions in the interface language', () => {
    expect(render({ action: 'MEMBER_ADDED', details: member('Боря') })).toEqual({
      ru: 'Добавлен участник Боря',
      en: 'Added Боря',
    });
    expect(render({ action: 'MEMBER_INVITED', details: member('Жора') })).toEqual({
      ru: 'Приглашение в группу для пользователя Жора',
      en: 'Invited Жора to the group',
    });
    expect(render({ action: 'MEMBER_REMOVED', details: member('Боря') })).toEqual({
      ru: 'Удалён участник Боря',
      en: 'Removed Боря from the group',
    });
    expect(render({ action: 'ADMIN_GRANTED', details: member('Аня') })).toEqual({
      ru: 'Права администратора выданы участнику Аня',
      en: 'Made Аня an admin',
    });
    expect(render({ action: 'ADMIN_REVOKED', details: member('Аня') })).toEqual({
      ru: 'Права администратора отозваны у участника Аня',
      en: 'Revoked admin rights of Аня',
    });
  });

  it('renders invitation and invite-link events in the interface language', () => {
    expect(render({ action: 'MEMBER_JOINED', details: member('Боря') })).toEqual({
      ru: 'Теперь в группе',
      en: 'Joined the group',
    });
    expect(render({ action: 'MEMBER_DECLINED', details: member('Боря') })).toEqual({
      ru: 'Приглашение в группу отклонено',
      en: 'Declined the invitation to the group',
    });
    expect(render({ action: 'SEAT_CLAIMED', details: member('Гоша') })).toEqual({
      ru: 'Занято место участника Гоша',
      en: 'Claimed the seat of Гоша',
    });
    expect(render({ action: 'INVITE_CREATED', details: { expiresAt: null } })).toEqual({
      ru: 'Создана ссылка-приглашение',
      en: 'Created an invite link',
    });
    expect(render({ action: 'INVITE_REVOKED' })).toEqual({
      ru: 'Ссылка-приглашение отозвана',
      en: 'Revoked the invite link',
    });
    expect(render({ action: 'CHAT_CONNECTED', details: { chatType: 'supergroup' } })).toEqual({
      ru: 'Чат Telegram подключён к группе',
      en: 'Connected a Telegram chat to the group',
    });
  });

  it('lists what a settings change changed', () => {
    expect(
      render({
        action: 'GROUP_UPDATED',
        details: {
          name: 'X',
          currency: 'EUR',
          shares: [{ memberId: 'm1', name: 'Аня', from: 1, to: 2 }],
        },
      }),
    ).toEqual({
      ru: 'Изменены настройки: название «X», валюта EUR, доли (Аня: 2)',
      en: 'Changed the settings: name “X”, currency EUR, shares (Аня: 2)',
    });
    expect(render({ action: 'GROUP_UPDATED', details: { currency: 'USD', shares: [] } })).toEqual({
      ru: 'Изменены настройки: валюта USD',
      en: 'Changed the settings: currency USD',
    });
    expect(
      render({
        action: 'GROUP_UPDATED',
        details: {
          shares: [
            { memberId: 'm1', name: 'Аня', from: 2, to: 1 },
            { memberId: 'm2', name: 'Демо', from: 1, to: 0 },
            // A malformed row is skipped, not shown.
            { memberId: 'm3', name: 'broken', to: 'x' } as unknown as {
              memberId: string;
              name: string;
              from: number;
              to: number;
            },
          ],
        },
      }),
    ).toEqual({
      ru: 'Изменены настройки: доли (Аня: 1, Демо: 0)',
      en: 'Changed the settings: shares (Аня: 1, Демо: 0)',
    });
    // Nothing readable in the details: the general sentence.
    expect(render({ action: 'GROUP_UPDATED', details: { shares: [] } })).toEqual({
      ru: 'Изменены настройки группы',
      en: 'Changed the group settings',
    });
    expect(render({ action: 'GROUP_UPDATED', details: null })).toEqual({
      ru: 'Изменены настройки группы',
      en: 'Changed the group settings',
    });
  });

  it('renders expense, settlement and group actions', () => {
    const expense = { name: 'Пицца', amountCents: 120000, expenseId: 'e1' };
    expect(render({ action: 'EXPENSE_CREATED', details: expense })).toEqual({
      ru: 'Новый расход «Пицца» на 1200.00 GRP',
      en: 'Added the expense “Пицца” of 1200.00 GRP',
    });
    expect(render({ action: 'EXPENSE_UPDATED', details: expense }).en).toBe(
      'Changed the expense “Пицца” of 1200.00 GRP',
    );
    expect(render({ action: 'EXPENSE_DELETED', details: expense }).ru).toBe(
      'Удалён расход «Пицца» на 1200.00 GRP',
    );
    // An older settlement entry names only the amount.
    const payment = { name: 'Settlement payment', amountCents: 100000, expenseId: 'e2' };
    expect(render({ action: 'SETTLEMENT_CREATED', details: payment })).toEqual({
      ru: 'Записан платёж на 1000.00 GRP',
      en: 'Recorded a payment of 1000.00 GRP',
    });
    expect(render({ action: 'SETTLEMENT_UPDATED', details: payment }).en).toBe(
      'Changed a payment of 1000.00 GRP',
    );
    expect(render({ action: 'SETTLEMENT_DELETED', details: payment }).ru).toBe(
      'Удалён платёж на 1000.00 GRP',
    );
    // An entry that names its currency keeps it, even after the group's currency changed.
    expect(render({ action: 'EXPENSE_CREATED', details: { ...expense, currency: 'EUR' } }).en).toBe(
      'Added the expense “Пицца” of 1200.00 EUR',
    );
    expect(render({ action: 'GROUP_CREATED', details: { name: 'Казань', currency: 'RUB' } })).toEqual({
      ru: 'Создана группа «Казань»',
      en: 'Created the group “Казань”',
    });
    expect(render({ action: 'GROUP_DELETED' })).toEqual({ ru: 'Группа удалена', en: 'Deleted the group' });
  });

  it('says who paid whom in a settlement entry that names both', () => {
    const payment = {
      expenseId: 'e3',
      name: 'Settlement payment',
      amountCents: 100000,
      currency: 'RUB',
      fromName: 'Боря',
      toName: 'Аня',
    };
    expect(logText({ action: 'SETTLEMENT_CREATED', message: 'm', details: payment })).toEqual({
      key: 'logSettlementCreatedBetween',
      name: 'Settlement payment',
      amountCents: 100000,
      currency: 'RUB',
      from: 'Боря',
      to: 'Аня',
    });
    expect(render({ action: 'SETTLEMENT_CREATED', details: payment })).toEqual({
      ru: 'Записан платёж: Боря → Аня, 1000.00 RUB',
      en: 'Боря paid Аня 1000.00 RUB',
    });
    expect(render({ action: 'SETTLEMENT_UPDATED', details: payment })).toEqual({
      ru: 'Изменён платёж: Боря → Аня, 1000.00 RUB',
      en: 'Changed a payment: Боря paid Аня 1000.00 RUB',
    });
    expect(render({ action: 'SETTLEMENT_DELETED', details: payment })).toEqual({
      ru: 'Удалён платёж: Боря → Аня, 1000.00 RUB',
      en: 'Deleted a payment: Боря paid Аня 1000.00 RUB',
    });
    // Paid in another currency (issue 26): what was paid, then the converted amount, no second arrow.
    const euros = {
      ...payment,
      amountCents: 468750,
      original: { currency: 'EUR', amountCents: 5000, rate: '93.75' },
    };
    expect(render({ action: 'SETTLEMENT_CREATED', details: euros })).toEqual({
      ru: 'Записан платёж: Боря → Аня, 50.00 EUR · 4687.50 RUB',
      en: 'Боря paid Аня 50.00 EUR · 4687.50 RUB',
    });
    expect(render({ action: 'SETTLEMENT_CREATED', details: { ...euros, toName: '' } }).ru).toBe(
      'Записан платёж на 50.00 EUR → 4687.50 RUB',
    );
    // Only one of the two names, or an empty one: the sentence with the amount alone.
    expect(render({ action: 'SETTLEMENT_CREATED', details: { ...payment, toName: '' } }).ru).toBe(
      'Записан платёж на 1000.00 RUB',
    );
    expect(
      render({ action: 'SETTLEMENT_DELETED', details: { ...payment, fromName: 7 as unknown as string } }).en,
    ).toBe('Deleted a payment of 1000.00 RUB');
    // Expenses ignore such fields.
    expect(logText({ action: 'EXPENSE_CREATED', message: 'm', details: payment })).toMatchObject({
      key: 'logExpenseCreated',
    });
  });

  it('writes settlement entries in Russian without gendered "(а)" endings', () => {
    for (const key of Object.keys(ruLog).filter((k) => k.startsWith('logSettlement'))) {
      expect(ruLog[key as keyof typeof ruLog], key).not.toContain('(а)');
    }
  });

  it('every log and group key exists in both languages', () => {
    for (const [ru, en] of [
      [ruLog, enLog],
      [ruGroup, enGroup],
    ] as const) {
      for (const key of Object.keys(ru)) expect(en).toHaveProperty(key);
      for (const key of Object.keys(en)) expect(ru).toHaveProperty(key);
    }
  });
});
