import { describe, expect, it } from 'vitest';
import { createContext } from '../src/parse/context';
import { parseWithRules } from '../src/parse/rules';
import type { ParseResult } from '../src/parse/types';

/**
 * Readings added after blind set H was measured (issue 24): «350×7» as a count times a price,
 * «на нас с ним» with the one named, the parts of a total shared by all as who paid, a repayment
 * in a group of two, and money talk that records nothing (a rate, a salary, a rent rise, «на себя»).
 */
const FRIENDS = [
  { id: 'dima', name: 'Дима' },
  { id: 'katya', name: 'Катя' },
  { id: 'oleg', name: 'Олег' },
  { id: 'sasha', name: 'Александр' },
];
const COUPLE = [
  { id: 'anya', name: 'Аня' },
  { id: 'max', name: 'Максим' },
];
const read = (text: string, writerId = 'sasha', members = FRIENDS, currency = 'RUB'): ParseResult =>
  parseWithRules(createContext({ text, members, writerId, currency }));
const expense = (result: ParseResult) => (result.kind === 'expense' ? result.proposal : undefined);

describe('a count times a price written with × or *', () => {
  it.each([
    ['билеты в музей 350×7', 245000],
    ['кофе всем 6*220', 132000],
    ['дёнеры на всех 5 × 6,50', 3250],
  ])('«%s» is %i cents', (text, cents) => {
    expect(expense(read(text))?.amountCents).toBe(cents);
  });
});

describe('«нас с ним», «для нас с ней»: the writer and the one named before', () => {
  it('Дима paid «на нас с ним»: Дима and the writer', () => {
    expect(expense(read('Дима оплатил доставку 3120 на нас с ним'))).toMatchObject({
      payerId: 'dima',
      participantIds: ['dima', 'sasha'],
    });
  });
  it('Катя paid «для нас с ней»: Катя and the writer', () => {
    expect(expense(read('Катя оплатила такси 500 для нас с ней'))?.participantIds).toEqual([
      'katya',
      'sasha',
    ]);
  });
});

describe('the parts of a total the whole group shares are who paid', () => {
  it('«счёт 12000: я 7000, Олег 5000, делим на всех»', () => {
    expect(expense(read('счёт в баре 12000: я 7000, Олег 5000, делим на всех'))).toMatchObject({
      amountCents: 1200000,
      payers: { oleg: 500000, sasha: 700000 },
      participantIds: ['dima', 'katya', 'oleg', 'sasha'],
    });
  });
  it('without «на всех» they stay what each one owes', () => {
    expect(expense(read('обед 1200: я 700, Олег 500'))).toMatchObject({
      splits: { oleg: 50000, sasha: 70000 },
      participantIds: ['oleg', 'sasha'],
    });
  });
});

describe('a repayment in a group of two goes to the other one', () => {
  it('«вернула 1200»', () => {
    const result = read('вернула 1200', 'anya', COUPLE);
    expect(result.kind === 'settlement' && result.settlement).toMatchObject({
      fromId: 'anya',
      toId: 'max',
      amountCents: 120000,
      questions: [],
    });
  });
  it('in a larger group it still asks to whom', () => {
    const result = read('вернула 1200', 'katya');
    expect(result.kind === 'settlement' && result.settlement.questions[0]).toMatchObject({ kind: 'name' });
  });
});

describe('money talked about, nothing paid', () => {
  it.each([
    ['курс лари сегодня 34.5', 'TALK'],
    ['квартальная премия пришла 50 000 🎉', 'TALK'],
    ['the landlord is raising rent to 3400 starting next month 😡', 'NOT_YET'],
    ['я потратила 5000 на себя в заре, никому не говорите 🙈', 'PERSONAL'],
  ])('«%s»: %s', (text, reason) => {
    expect(read(text)).toMatchObject({ kind: 'not-expense', reason });
  });
  it.each([['курс английского 5000'], ['Светка взяла на себя такси 900'], ['пицца 1200 на себя и Олега']])(
    '«%s» is still an expense',
    (text) => {
      expect(read(text).kind).toBe('expense');
    },
  );
});

describe('a price per hour, day or night times how many', () => {
  it.each([
    ['аренда сапов 1,5к в час, брали на 2 часа', 300000],
    ['няня по 800 в час, сегодня 4 часа', 320000],
    ['отель 5000 за ночь, 2 ночи', 1000000],
    ['boat 40 an hour, 3 hours', 12000],
  ])('«%s» is %i cents', (text, cents) => {
    expect(expense(read(text))?.amountCents).toBe(cents);
  });
  it.each([
    ['парковка 200 в час', 20000],
    ['такси 500 в час ночи', 50000],
    ['отель 5000 за ночь, 2 дня до выезда', 500000],
  ])('«%s» has no count of the same unit: %i cents', (text, cents) => {
    expect(expense(read(text))?.amountCents).toBe(cents);
  });
});

it('«2 с половиной тыщи» is 2500', () => {
  expect(expense(read('Олег заплатил за продукты 2 с половиной тыщи'))?.amountCents).toBe(250000);
});

it('«оплачиваю я», «заказывает Олег»: the present tense names the payer too', () => {
  expect(expense(read('кофе в офис 3500, оплачиваю я', 'katya'))).toMatchObject({
    payerId: 'katya',
    participantIds: ['dima', 'katya', 'oleg', 'sasha'],
  });
  expect(expense(read('обеды 4200, заказывает Олег'))?.payerId).toBe('oleg');
});

describe('an amount corrected as it was written: the correction stands', () => {
  it.each([
    ['такси 500, ой 550', 55000],
    ['обед 1200... а нет, 1400', 140000],
    ['продукты 3 тыщи с копейками, точнее 3 046', 304600],
    ['dinner 45 — sorry, 54', 5400],
  ])('«%s» is %i cents', (text, cents) => {
    expect(expense(read(text))?.amountCents).toBe(cents);
  });
  it('«такси 500 на двоих, нет смысла спорить» has nothing corrected', () => {
    expect(expense(read('такси 500 на двоих, нет смысла спорить'))?.amountCents).toBe(50000);
  });
});
