import { describe, expect, it } from 'vitest';
import { createContext } from '../src/parse/context';
import { parseWithRules } from '../src/parse/rules';
import type { Member, ParseResult } from '../src/parse/types';

/**
 * The defects issue 24 lists, each on the issue's own group: Дима writes; Катя, Олег, Света,
 * Александр, Елена. Every case here was read wrongly before the parser work of issue 24.
 */
const GROUP: Member[] = [
  { id: 'dima', name: 'Дима' },
  { id: 'katya', name: 'Катя' },
  { id: 'oleg', name: 'Олег' },
  { id: 'sveta', name: 'Света' },
  { id: 'alexander', name: 'Александр' },
  { id: 'elena', name: 'Елена' },
];
const ALL = GROUP.map((member) => member.id);

function read(text: string, writerId = 'dima'): ParseResult {
  return parseWithRules(createContext({ text, members: GROUP, writerId, currency: 'RUB' }));
}

function expense(text: string, writerId = 'dima') {
  const result = read(text, writerId);
  if (result.kind !== 'expense') throw new Error(`"${text}" is no expense: ${JSON.stringify(result)}`);
  return result.proposal;
}

function settlement(text: string, writerId = 'dima') {
  const result = read(text, writerId);
  if (result.kind !== 'settlement') throw new Error(`"${text}" is no settlement: ${JSON.stringify(result)}`);
  return result.settlement;
}

describe('who paid', () => {
  it('«Катя скинула 540 за пиццу»: Катя paid, everyone shares, named «Пицца»', () => {
    expect(expense('Катя скинула 540 за пиццу')).toMatchObject({
      name: 'Пицца',
      amountCents: 54000,
      payerId: 'katya',
      participantIds: ALL,
      questions: [],
    });
  });

  it('«Лена перевела 900 за такси для себя и Кати»: Елена paid for herself and Катя', () => {
    expect(expense('Лена перевела 900 за такси для себя и Кати')).toMatchObject({
      amountCents: 90000,
      payerId: 'elena',
      participantIds: ['katya', 'elena'],
    });
  });

  it('«Олег оплатил боулинг 2100 за себя и Свету»: «себя» is Олег', () => {
    expect(expense('Олег оплатил боулинг 2100 за себя и Свету')).toMatchObject({
      payerId: 'oleg',
      participantIds: ['oleg', 'sveta'],
    });
  });

  it.each([
    ['Катя закинула 300 за кофе', 'katya'],
    ['Света платила 1200 за такси', 'sveta'],
    ['Олег внёс 5000 за дом', 'oleg'],
    ['Катя: 450 за чай', 'katya'],
    ['платила Света 800 за продукты', 'sveta'],
    ['Катя за меня заплатила 300 в кафе', 'katya'],
  ])('«%s»: %s paid', (text, payer) => {
    expect(expense(text).payerId).toBe(payer);
  });

  it('«Катя заплатила за меня 300»: Катя paid, only the writer shares', () => {
    expect(expense('Катя заплатила за меня 300')).toMatchObject({
      payerId: 'katya',
      participantIds: ['dima'],
    });
  });
});

describe('repayments are settlements', () => {
  it('«Катя вернула мне 500»: from Катя to Дима, never an expense', () => {
    expect(settlement('Катя вернула мне 500')).toMatchObject({
      fromId: 'katya',
      toId: 'dima',
      amountCents: 50000,
      questions: [],
    });
  });

  it.each([
    ['я перевёл Олегу 700', 'dima', 'oleg', 70000],
    ['отдал Свете долг 1500', 'dima', 'sveta', 150000],
    ['Саня перевёл мне 300 за кофе', 'alexander', 'dima', 30000],
    ['Олег вернул 900', 'oleg', 'dima', 90000],
    ['Лене вернул 500', 'dima', 'elena', 50000],
    ['рассчитался с Олегом за бар 900', 'dima', 'oleg', 90000],
    ['Катя мне должна была 600, отдала', 'katya', 'dima', 60000],
  ])('«%s»: %s -> %s', (text, from, to, cents) => {
    expect(settlement(text)).toMatchObject({ fromId: from, toId: to, amountCents: cents });
  });

  it('«вернул 500» without a name asks to whom', () => {
    expect(settlement('вернул 500').questions).toEqual([
      { kind: 'name', written: '', candidates: ['katya', 'oleg', 'sveta', 'alexander', 'elena'] },
    ]);
  });
});

describe('names', () => {
  it.each([
    ['Саня', 'alexander'],
    ['Лена', 'elena'],
  ])('«такси 600 я и %s» finds %s', (name, id) => {
    expect(expense(`такси 600 я и ${name}`)).toMatchObject({
      participantIds: ['dima', id],
      unknownNames: [],
    });
  });

  it('«Lena» and the typo «Олге»', () => {
    expect(expense('taxi 600 me and Lena').participantIds).toEqual(['dima', 'elena']);
    expect(expense('пицца 900 я и Олге').participantIds).toEqual(['dima', 'oleg']);
  });
});
