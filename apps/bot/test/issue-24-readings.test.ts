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

describe('amounts', () => {
  it('«квест 2400 я, Катя, Олег, Света по 600» is 2400, each 600; a total that disagrees is asked', () => {
    expect(expense('квест 2400 я, Катя, Олег, Света по 600')).toMatchObject({
      amountCents: 240000,
      participantIds: ['dima', 'katya', 'oleg', 'sveta'],
      amountNote: { kind: 'each', eachCents: 60000, count: 4, per: 'person' },
      questions: [],
    });
    expect(expense('квест 2000 я, Катя, Олег, Света по 600').questions).toEqual([
      { kind: 'amount', candidates: [200000, 240000] },
    ]);
  });

  it('«кофе 3 шт по 250 на всех» is 750, said as 3 × 250', () => {
    expect(expense('кофе 3 шт по 250 на всех')).toMatchObject({
      name: 'Кофе',
      amountCents: 75000,
      amountNote: { kind: 'each', eachCents: 25000, count: 3, per: 'unit' },
    });
  });

  it('«пиво 1к + чипсы 500 на всех» is 1500; «метро туда 60 и обратно 70, я и Олег» is 130', () => {
    expect(expense('пиво 1к + чипсы 500 на всех')).toMatchObject({
      name: 'Пиво и чипсы',
      amountCents: 150000,
      amountNote: { kind: 'sum', partsCents: [100000, 50000] },
    });
    expect(expense('метро туда 60 и обратно 70, я и Олег')).toMatchObject({
      amountCents: 13000,
      participantIds: ['dima', 'oleg'],
    });
  });

  it('amounts in words: «две с половиной тысячи за бензин на всех», «триста пятьдесят», «полтинник»', () => {
    expect(expense('две с половиной тысячи за бензин на всех')).toMatchObject({
      name: 'Бензин',
      amountCents: 250000,
    });
    expect(expense('кофе триста пятьдесят').amountCents).toBe(35000);
    expect(expense('парковка полтинник').amountCents).toBe(5000);
    expect(expense('a hundred and twenty for the cleaner').amountCents).toBe(12000);
  });

  it('«мой номер 89031112233» and dates, times and cards are no money', () => {
    for (const text of ['мой номер 89031112233', 'встречаемся 24.12 в 18:00', 'карта 2202 2061 3344 5566']) {
      expect(read(text), text).toEqual({ kind: 'not-expense', reason: 'NOT_MONEY', source: 'rules' });
    }
  });

  it('an amount of 0 has a reason of its own', () => {
    expect(read('такси 0')).toEqual({ kind: 'not-expense', reason: 'ZERO_AMOUNT', source: 'rules' });
  });

  it('«500 или 600 за такси» asks which', () => {
    expect(expense('500 или 600 за такси').questions).toEqual([
      { kind: 'amount', candidates: [50000, 60000] },
    ]);
  });
});

describe('gifts', () => {
  it('«цветы Свете 2500, скидываемся я, Катя и Олег»: Света, whom they are for, does not share', () => {
    expect(expense('цветы Свете 2500, скидываемся я, Катя и Олег')).toMatchObject({
      name: 'Цветы Свете',
      participantIds: ['dima', 'katya', 'oleg'],
    });
    expect(expense('торт Кате на др 2000').participantIds).toEqual([
      'dima',
      'oleg',
      'sveta',
      'alexander',
      'elena',
    ]);
  });
});

describe('asking instead of guessing', () => {
  it('an unknown payer is a payer question, an unknown sharer a name question, each with candidates', () => {
    expect(expense('Вася скинул 400 за пиво').questions).toEqual([
      { kind: 'payer', written: 'Вася', candidates: ALL },
    ]);
    expect(expense('такси 300 я и Олегом').questions).toEqual([]);
    expect(expense('такси 300 я и Маша').questions).toEqual([
      { kind: 'name', written: 'Маша', candidates: ['alexander'] },
    ]);
  });

  it('«Катя 500» asks whether it is an expense or a repayment; the answer reads it either way', () => {
    expect(expense('Катя 500').questions).toEqual([{ kind: 'kind', candidates: ['expense', 'settlement'] }]);
    const answered = parseWithRules(
      createContext({
        text: 'Катя 500',
        members: GROUP,
        writerId: 'dima',
        currency: 'RUB',
        hints: { kind: 'settlement' },
      }),
    );
    expect(answered).toMatchObject({
      kind: 'settlement',
      settlement: { fromId: 'katya', toId: 'dima', amountCents: 50000 },
    });
  });

  it('an answered name or payer is taken as a fact on the second reading', () => {
    const hinted = parseWithRules(
      createContext({
        text: 'Вася скинул 400 за пиво',
        members: GROUP,
        writerId: 'dima',
        currency: 'RUB',
        hints: { payerId: 'oleg' },
      }),
    );
    expect(hinted).toMatchObject({ kind: 'expense', proposal: { payerId: 'oleg', questions: [] } });
    const named = parseWithRules(
      createContext({
        text: 'такси 300 я и Маша',
        members: GROUP,
        writerId: 'dima',
        currency: 'RUB',
        hints: { names: { маша: 'sveta' } },
      }),
    );
    expect(named).toMatchObject({
      kind: 'expense',
      proposal: { participantIds: ['dima', 'sveta'], questions: [] },
    });
  });
});

describe('titles', () => {
  it.each([
    ['в ресторане 3000', 'Ресторан'],
    ['в пекарне 450', 'Пекарня'],
    ['за парковку 200', 'Парковка'],
    ['за шаурму 350', 'Шаурма'],
  ])('«%s» is titled «%s»', (text, title) => {
    expect(expense(text).name).toBe(title);
  });
});
