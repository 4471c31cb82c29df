import { describe, expect, it } from 'vitest';
import { createContext } from '../src/parse/context';
import { parseWithRules } from '../src/parse/rules';
import type { Member, ParseResult } from '../src/parse/types';

/** Readings added after the first blind sets (issue 24), on the group; Дима writes. */
const GROUP: Member[] = [
  { id: 'dima', name: 'Дима' },
  { id: 'katya', name: 'Катя' },
  { id: 'oleg', name: 'Олег' },
  { id: 'sveta', name: 'Света' },
  { id: 'alexander', name: 'Александр' },
  { id: 'elena', name: 'Елена' },
];
const ALL = GROUP.map((member) => member.id);

function read(text: string, currency = 'RUB'): ParseResult {
  return parseWithRules(createContext({ text, members: GROUP, writerId: 'dima', currency }));
}

function expense(text: string, currency = 'RUB') {
  const result = read(text, currency);
  if (result.kind !== 'expense') throw new Error(`"${text}" is no expense: ${JSON.stringify(result)}`);
  return result.proposal;
}

describe('several payers, each with an amount', () => {
  it('«за продукты платили я 2000 и Катя 1500»: both paid, everyone shares', () => {
    expect(expense('за продукты платили я 2000 и Катя 1500')).toMatchObject({
      amountCents: 350000,
      payers: { dima: 200000, katya: 150000 },
      participantIds: ALL,
      questions: [],
    });
  });

  it('"lunch was 50, i paid 30 and katya paid 20"', () => {
    expect(expense('lunch was 50, i paid 30 and katya paid 20')).toMatchObject({
      amountCents: 5000,
      payers: { dima: 3000, katya: 2000 },
      participantIds: ALL,
    });
  });

  it('«Катя заплатила 900: я 500, Олег 400» stays one payer with shares', () => {
    expect(expense('Катя заплатила 900: я 500, Олег 400')).toMatchObject({
      amountCents: 90000,
      payerId: 'katya',
      splits: { dima: 50000, oleg: 40000 },
    });
  });

  it('"dinner 90 - I paid 60, oleg 30": what each paid', () => {
    expect(expense('dinner 90 - I paid 60, oleg 30', 'USD')).toMatchObject({
      amountCents: 9000,
      payers: { dima: 6000, oleg: 3000 },
      participantIds: ALL,
    });
  });

  it('"@oleg paid 60": a mention of a member without that username is the member so named', () => {
    expect(expense('@oleg paid 60 for the cleaner', 'USD').payerId).toBe('oleg');
  });

  it('«Катя с Олегом платили за ужин пополам 6000»: «с» joins two payers of a plural verb', () => {
    expect(expense('Катя с Олегом платили за ужин пополам 6000')).toMatchObject({
      payers: { katya: 300000, oleg: 300000 },
      participantIds: ALL,
    });
  });

  it('«Катя с Олегом взяли вино 1600, платила Катя»: the payer said later decides', () => {
    expect(expense('Катя с Олегом взяли вино 1600, платила Катя')).toMatchObject({
      payerId: 'katya',
      participantIds: ALL,
      questions: [],
    });
  });

  it('«света или олег платили за кофе 400»: asks which of the two', () => {
    expect(expense('света или олег платили за кофе 400').questions).toEqual([
      { kind: 'payer', written: null, candidates: ['oleg', 'sveta'] },
    ]);
  });
});

describe('who paid, said another way', () => {
  it('«за меня Света заплатила 250 за кофе»: Света paid for the writer', () => {
    expect(expense('за меня Света заплатила 250 за кофе')).toMatchObject({
      payerId: 'sveta',
      participantIds: ['dima'],
    });
  });

  it('«олежка за меня в столовой 300», no verb: Олег paid for the writer', () => {
    expect(expense('олежка за меня в столовой 300')).toMatchObject({
      payerId: 'oleg',
      participantIds: ['dima'],
    });
  });

  it('«Катя расплатилась за парковку 400» is a payment, «башлял» too', () => {
    expect(expense('Катя расплатилась за парковку 400')).toMatchObject({
      payerId: 'katya',
      participantIds: ALL,
    });
    expect(expense('Олег башлял за пиво 800')).toMatchObject({ payerId: 'oleg', participantIds: ALL });
  });

  it('«с Кати 300 за кино»: Катя owes it; the writer does not share', () => {
    expect(expense('с Кати 300 за кино')).toMatchObject({ payerId: 'dima', participantIds: ['katya'] });
  });
});

describe('chipping in and owing, said without a verb of paying', () => {
  it('«Катя и Олег скинулись по 500 на цветы»: both paid 500 and they share', () => {
    expect(expense('Катя и Олег скинулись по 500 на цветы')).toMatchObject({
      name: 'Цветы',
      amountCents: 100000,
      payers: { katya: 50000, oleg: 50000 },
      participantIds: ['katya', 'oleg'],
    });
  });

  it('«Светик скинулась на такси 500»: Света paid', () => {
    expect(expense('Светик скинулась на такси 500')).toMatchObject({ payerId: 'sveta', participantIds: ALL });
  });

  it('«Олег, ты мне 500 за бензин» and «Света, с тебя 300»: the one spoken to owes the writer', () => {
    expect(expense('Олег, ты мне 500 за бензин')).toMatchObject({
      payerId: 'dima',
      participantIds: ['oleg'],
    });
    expect(expense('Света, с тебя 300 за кино')).toMatchObject({
      payerId: 'dima',
      participantIds: ['sveta'],
    });
  });

  it('«за ужин отдал 4500, делим на четверых: я, катя, олег, света»: paid, not repaid', () => {
    expect(expense('за ужин отдал 4500, делим на четверых: я, катя, олег, света')).toMatchObject({
      payerId: 'dima',
      participantIds: ['dima', 'katya', 'oleg', 'sveta'],
    });
  });

  it('«Саня оплатил хостел 6000 за нас: он, я и Лена»: «он» heads the list', () => {
    expect(expense('Саня оплатил хостел 6000 за нас: он, я и Лена')).toMatchObject({
      payerId: 'alexander',
      participantIds: ['dima', 'alexander', 'elena'],
    });
  });
});

describe('members with the same first name', () => {
  const OFFICE: Member[] = [
    { id: 'lena', name: 'Лена' },
    { id: 'dimap', name: 'Дима Петров' },
    { id: 'dimas', name: 'Дима Соколов' },
  ];
  const office = (text: string) =>
    parseWithRules(createContext({ text, members: OFFICE, writerId: 'lena', currency: 'RUB' }));

  it('«Дима П. оплатил пиццу 2400»: the initial decides, its full stop ends no sentence', () => {
    expect(office('Дима П. оплатил пиццу 2400')).toMatchObject({
      kind: 'expense',
      proposal: { payerId: 'dimap', participantIds: ['lena', 'dimap', 'dimas'] },
    });
  });

  it('«Дима оплатил пиццу 2400» asks which Дима', () => {
    expect(office('Дима оплатил пиццу 2400')).toMatchObject({
      kind: 'expense',
      proposal: { questions: [{ kind: 'payer', candidates: ['dimap', 'dimas'] }] },
    });
  });
});

describe('repayments and debts', () => {
  it('«Свете больше не должен, перекинул ей 700»: a settlement to Света', () => {
    const result = read('Свете больше не должен, перекинул ей 700');
    expect(result).toMatchObject({
      kind: 'settlement',
      settlement: { fromId: 'dima', toId: 'sveta', amountCents: 70000 },
    });
  });

  it('"i owe katya 30" with nothing bought asks whether it is an expense', () => {
    expect(expense('i owe katya 30', 'USD').questions).toContainEqual({
      kind: 'kind',
      candidates: ['expense', 'settlement'],
    });
  });

  it('"katya paid the plumber 80, i\'ll pay her back later" is her expense, not a repayment', () => {
    expect(read("katya paid the plumber 80, i'll pay her back later", 'USD')).toMatchObject({
      kind: 'expense',
      proposal: { payerId: 'katya', amountCents: 8000 },
    });
  });
});

describe('people spoken to, thanked, left out or owned', () => {
  it('"Katya, sent you 15 for the cinema": a repayment to the one spoken to', () => {
    expect(read('Katya, sent you 15 for the cinema', 'USD')).toMatchObject({
      kind: 'settlement',
      settlement: { fromId: 'dima', toId: 'katya', amountCents: 1500 },
    });
  });

  it('"Oleg paid the 300 deposit, thanks oleg" — the one thanked does not share alone', () => {
    expect(expense('Oleg paid the 300 deposit, thanks oleg', 'USD')).toMatchObject({
      payerId: 'oleg',
      participantIds: ALL,
    });
  });

  it('«обед 3000, платила Катя, без Светы, она болела»: «она» is Света, left out already', () => {
    expect(expense('обед 3000, платила Катя, без Светы, она болела').participantIds).toEqual(
      ALL.filter((id) => id !== 'sveta'),
    );
  });

  it("«маме Кати на юбилей цветы 3000»: Катя's mother gets them, everyone shares", () => {
    expect(expense('маме Кати на юбилей цветы 3000').participantIds).toEqual(ALL);
  });

  it('«Свете на 8 марта духи 5000»: a gift to Света, she does not share', () => {
    expect(expense('Свете на 8 марта духи 5000').participantIds).toEqual(ALL.filter((id) => id !== 'sveta'));
  });

  it('"bought oleg a 40 gift card": Oleg gets it', () => {
    expect(expense('bought oleg a 40 gift card', 'USD').participantIds).not.toContain('oleg');
  });

  it('«Олег перевёл 600, мы в расчёте»: a repayment to the writer', () => {
    expect(read('Олег перевёл 600, мы в расчёте')).toMatchObject({
      kind: 'settlement',
      settlement: { fromId: 'oleg', toId: 'dima', amountCents: 60000 },
    });
  });

  it('«Katya vernula mne 200» in Latin letters: from Катя to the writer', () => {
    expect(read('Katya vernula mne 200')).toMatchObject({
      kind: 'settlement',
      settlement: { fromId: 'katya', toId: 'dima' },
    });
  });

  it('«Елена Петровна заплатила 500»: the patronymic is part of her name', () => {
    expect(expense('Елена Петровна заплатила 500 за такси')).toMatchObject({
      payerId: 'elena',
      questions: [],
    });
  });

  it('«алёна скинула 400» is no typo of Елена: Алёна is a name of its own, so the bot asks', () => {
    expect(expense('алёна скинула 400').questions[0]).toMatchObject({ kind: 'payer', written: 'алёна' });
  });

  it('«Олег заплатил за Rewe 34,50»: a Latin brand in a Russian message is no person', () => {
    expect(expense('Олег заплатил за Rewe 34,50')).toMatchObject({
      name: 'Rewe',
      payerId: 'oleg',
      questions: [],
    });
  });

  it('a German "für mich und Oleg" in the Berlin group', () => {
    expect(expense('döner 7,50 für mich und Oleg', 'EUR').participantIds).toEqual(['dima', 'oleg']);
  });

  it('«zaplatil za benzin 2500»: Russian in Latin letters gets a Russian title', () => {
    expect(expense('Katya zaplatila za bilety 1600')).toMatchObject({ name: 'Билеты', payerId: 'katya' });
  });

  it.each(['https://example.com/pay/123', 'квартира 45, этаж 3', 'дата поездки 12.08', 'в 2024 году'])(
    '«%s» holds no money',
    (text) => {
      expect(read(text)).toMatchObject({ kind: 'not-expense', reason: 'NOT_MONEY' });
    },
  );

  it('«ужин 24.12 2500» and «билеты на 12.08 по 1500»: the day is no amount', () => {
    expect(expense('ужин 24.12 2500').amountCents).toBe(250000);
    expect(expense('билеты на 12.08 по 1500 я и Катя').amountCents).toBe(300000);
  });

  it('an address is no amount', () => {
    expect(read('адрес: Москва, Тверская 12')).toMatchObject({ kind: 'not-expense', reason: 'NOT_MONEY' });
  });
});

describe('amounts said in words and symbols', () => {
  it.each([
    ['пол косаря за хлеб', 50000, 'RUB'],
    ['3 grand for the car', 300000, 'USD'],
    ['5 coffees @ 3.20', 1600, 'USD'],
    ['taxi 12 dollars and 5 cents', 1205, 'USD'],
    ['bar was forty two euros and fifty cents', 4250, 'EUR'],
  ])('%s -> %i cents', (text, cents, currency) => {
    expect(expense(text, currency).amountCents).toBe(cents);
  });

  it('"CA$45" is Canadian dollars, "pesos" Mexican', () => {
    expect(expense('gas CA$45', 'USD')).toMatchObject({ amountCents: 4500, foreignCurrency: 'CAD' });
    expect(expense('dinner 900 pesos', 'USD')).toMatchObject({ amountCents: 90000, foreignCurrency: 'MXN' });
  });
});
