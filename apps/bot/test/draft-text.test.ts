import { describe, expect, it } from 'vitest';
import { closedDraftText, type Draft, draftText } from '../src/format/draft-text';
import { translator } from '../src/i18n';

// Intl puts a no-break space between groups of digits and before the ruble sign.
const nbsp = (text: string) => text.replace(/(?<=\d) (?=\d{3}(?:,| |$))| (?=₽)/g, '\u00a0');

function draft(fields: Partial<Draft> & Pick<Draft, 'expense' | 'memberNames' | 'currency'>): Draft {
  return {
    id: 'd',
    groupId: 'g',
    groupName: 'Поездка в Казань',
    chatId: '1',
    messageId: '2',
    replyMessageId: null,
    authorUserId: 'u',
    status: 'open',
    expiresAt: new Date().toISOString(),
    expenseId: null,
    settlement: null,
    ...fields,
  };
}

const members = { demo: 'Демо', anya: 'Аня', borya: 'Боря' };

describe('the draft as the user sees it (BOT-CONTRACT.md)', () => {
  it('in Russian, word for word', () => {
    const pizza = draft({
      currency: 'RUB',
      memberNames: members,
      expense: {
        name: 'Пицца',
        amountCents: 120000,
        payerId: 'demo',
        splitCents: { demo: 40000, anya: 40000, borya: 40000 },
        items: [],
      },
    });
    expect(draftText(pizza, translator('ru'), 'ru')).toBe(
      nbsp('«Пицца» — 1 200 ₽\nКто платил: Демо\nДелят: Демо 400 ₽ · Аня 400 ₽ · Боря 400 ₽'),
    );
    expect(closedDraftText({ ...pizza, status: 'saved' }, translator('ru'), 'ru')).toMatch(
      /\n\n✅ Сохранено в «Поездка в Казань»$/,
    );
    expect(closedDraftText({ ...pizza, status: 'cancelled' }, translator('ru'), 'ru')).toMatch(
      /\n\n✖️ Отменено$/,
    );
  });

  it('in English, word for word', () => {
    const pizza = draft({
      currency: 'EUR',
      groupName: 'Trip to Kazan',
      memberNames: { demo: 'Demo', anya: 'Anna', borya: 'Bob' },
      expense: {
        name: 'Pizza',
        amountCents: 3600,
        payerId: 'demo',
        splitCents: { demo: 1200, anya: 1200, borya: 1200 },
        items: [],
      },
    });
    expect(draftText(pizza, translator('en'), 'en')).toBe(
      '“Pizza” — €36\nPaid by: Demo\nShared by: Demo €12 · Anna €12 · Bob €12',
    );
    expect(closedDraftText({ ...pizza, status: 'saved' }, translator('en'), 'en')).toMatch(
      /\n\n✅ Saved to “Trip to Kazan”$/,
    );
    expect(closedDraftText({ ...pizza, status: 'cancelled' }, translator('en'), 'en')).toMatch(
      /\n\n✖️ Cancelled$/,
    );
  });

  it('with receipt items, one line each before the shares, cents exact', () => {
    const receipt = draft({
      currency: 'RUB',
      memberNames: members,
      expense: {
        name: 'Чек',
        amountCents: 235001,
        payerId: 'demo',
        splitCents: { demo: 75001, anya: 80000, borya: 80000 },
        items: [
          { name: 'Пицца', amountCents: 80000, participantIds: ['anya', 'borya'] },
          { name: 'Вино', amountCents: 120000, participantIds: ['demo', 'anya', 'borya'] },
          { name: 'Десерт', amountCents: 35001, participantIds: ['demo'] },
        ],
      },
    });
    expect(draftText(receipt, translator('ru'), 'ru').split('\n')).toEqual(
      [
        '«Чек» — 2 350,01 ₽',
        'Кто платил: Демо',
        '• Пицца 800 ₽ — Аня, Боря',
        '• Вино 1 200 ₽ — Демо, Аня, Боря',
        '• Десерт 350,01 ₽ — Демо',
        'Делят: Демо 750,01 ₽ · Аня 800 ₽ · Боря 800 ₽',
      ].map(nbsp),
    );
  });

  it('shows amounts beyond a double’s exact range to the cent', () => {
    const big = draft({
      currency: 'USD',
      memberNames: { demo: 'Demo' },
      expense: {
        name: 'Big',
        amountCents: 900719925474099,
        payerId: 'demo',
        splitCents: { demo: 900719925474099 },
        items: [],
      },
    });
    expect(draftText(big, translator('en'), 'en')).toContain('$9,007,199,254,740.99');
  });
});

describe('the draft in another currency and with several payers (issue 26)', () => {
  const dinner = draft({
    currency: 'RUB',
    memberNames: { olya: 'Оля', pasha: 'Паша' },
    expense: {
      name: 'Ужин',
      amountCents: 421_875,
      payerId: 'pasha',
      splitCents: { olya: 210_938, pasha: 210_937 },
      items: [],
      payers: [
        { memberId: 'olya', amountCents: 121_875 },
        { memberId: 'pasha', amountCents: 300_000 },
      ],
      original: {
        currency: 'EUR',
        amountCents: 4500,
        rate: '93.75',
        rateDate: '2026-11-28',
        rateSource: 'fetched',
      },
    },
  });

  it('shows the original beside the converted amount, the rate, and every payer (ru)', () => {
    const text = draftText(dinner, translator('ru'), 'ru').replace(/[\u00a0\u202f]/g, ' ');
    expect(text).toBe(
      [
        '«Ужин» — 45 € → 4 218,75 ₽',
        'Курс: 1 € = 93,75 ₽ на 28.11.2026',
        'Кто платил: Оля 1 218,75 ₽, Паша 3 000 ₽',
        'Делят: Оля 2 109,38 ₽ · Паша 2 109,37 ₽',
      ].join('\n'),
    );
  });

  it('in English too', () => {
    const text = draftText(dinner, translator('en'), 'en').replace(/[\u00a0\u202f]/g, ' ');
    expect(text.split('\n').slice(0, 3)).toEqual([
      '“Ужин” — €45 → ₽4,218.75',
      'Rate: €1 = ₽93.75 on 11/28/2026',
      'Paid by: Оля ₽1,218.75, Паша ₽3,000',
    ]);
  });

  it('another currency with no rate: the amounts as said, and how to give the rate (Edit, or the app)', () => {
    const dinner = draft({
      currency: 'RUB',
      memberNames: members,
      expense: {
        name: 'Ужин',
        amountCents: 4500,
        payerId: 'demo',
        splitCents: { demo: 1500, anya: 1500, borya: 1500 },
        items: [],
        rateNeeded: { currency: 'EUR' },
      },
    });
    const lines = (ask: 'edit' | 'app') =>
      draftText(dinner, translator('ru'), 'ru', ask)
        .replace(/[\u00a0\u202f]/g, ' ')
        .split('\n');
    expect(lines('edit')).toEqual([
      '«Ужин» — 45 €',
      'Курс для валюты «евро» к валюте группы («российский рубль») на сегодня не нашёлся: нажмите «Изменить» и введите курс или сумму в валюте группы.',
      'Кто платил: Демо',
      'Делят: Демо 15 € · Аня 15 € · Боря 15 €',
    ]);
    expect(lines('app')[1]).toBe(
      'Курс для валюты «евро» к валюте группы («российский рубль») на сегодня не нашёлся: запишите расход в приложении, там можно ввести курс или сумму в валюте группы.',
    );
    // Once closed the request is gone: the draft as it was, and how it ended.
    expect(closedDraftText({ ...dinner, status: 'cancelled' }, translator('ru'), 'ru')).not.toContain('Курс');
  });

  it('a repayment in another currency: what was paid beside the converted amount, and the rate (ru, en)', () => {
    const repayment = draft({
      currency: 'RUB',
      memberNames: members,
      settlement: { fromId: 'anya', toId: 'demo' },
      expense: {
        name: 'концерт',
        amountCents: 468_750,
        payerId: 'anya',
        splitCents: { demo: 468_750 },
        items: [],
        original: {
          currency: 'EUR',
          amountCents: 5000,
          rate: '93.75',
          rateDate: '2026-11-28',
          rateSource: 'fetched',
        },
      },
    });
    const text = (language: 'ru' | 'en') =>
      draftText(repayment, translator(language), language).replace(/[\u00a0\u202f]/g, ' ');
    expect(text('ru').split('\n')).toEqual([
      'Возврат долга — 50 € → 4 687,50 ₽',
      'Курс: 1 € = 93,75 ₽ на 28.11.2026',
      'Аня → Демо',
      'За что: концерт',
    ]);
    expect(text('en').split('\n').slice(0, 3)).toEqual([
      'Repayment — €50 → ₽4,687.50',
      'Rate: €1 = ₽93.75 on 11/28/2026',
      'Аня → Демо',
    ]);
  });

  it('a repayment with no rate: in the currency said, and how to give the rate (Edit, or the app’s settle-up)', () => {
    const repayment = draft({
      currency: 'RUB',
      memberNames: members,
      settlement: { fromId: 'anya', toId: 'demo' },
      expense: {
        name: '',
        amountCents: 5000,
        payerId: 'anya',
        splitCents: { demo: 5000 },
        items: [],
        rateNeeded: { currency: 'EUR' },
      },
    });
    const lines = (ask: 'edit' | 'app', language: 'ru' | 'en' = 'ru') =>
      draftText(repayment, translator(language), language, ask)
        .replace(/[\u00a0\u202f]/g, ' ')
        .split('\n');
    expect(lines('edit')).toEqual([
      'Возврат долга — 50 €',
      'Курс для валюты «евро» к валюте группы («российский рубль») на сегодня не нашёлся: нажмите «Изменить» и введите курс или сумму в валюте группы.',
      'Аня → Демо',
    ]);
    expect(lines('app')[1]).toBe(
      'Курс для валюты «евро» к валюте группы («российский рубль») на сегодня не нашёлся: запишите возврат долга в приложении («Погасить долг»), там можно ввести курс или сумму в валюте группы.',
    );
    expect(lines('app', 'en')).toEqual([
      'Repayment — €50',
      'I found no rate from Euro to the group’s currency (Russian Ruble) for today: record the repayment in the app (Settle up), where you can type the rate or the amount in the group’s currency.',
      'Аня → Демо',
    ]);
    const closed = closedDraftText({ ...repayment, status: 'cancelled' }, translator('ru'), 'ru');
    expect(closed.replace(/[\u00a0\u202f]/g, ' ')).toBe('Возврат долга — 50 €\nАня → Демо\n\n✖️ Отменено');
  });
});
