import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContext } from '../src/parse/context';
import { createModelReader } from '../src/parse/model/model-reader';
import { parseExpense } from '../src/parse/parse';
import { findRepeat } from '../src/parse/repeat/find-repeat';
import { parseWithRules } from '../src/parse/rules';
import type { Member, Proposal } from '../src/parse/types';
import { EN_MEMBERS, RU_MEMBERS } from './fixtures/groups';
import { answer, type StandIn, startStandIn } from './support/openai-stand-in';

/** Issue 28: «аренда 45000 каждый месяц» — an expense that repeats, read by the rules and the model. */
const COUPLE: Member[] = [
  { id: 'max', name: 'Максим' },
  { id: 'anya', name: 'Аня', username: 'anya_z' },
  { id: 'oleg', name: 'Олег' },
];
const ALL_EN = EN_MEMBERS.map((member) => member.id);

function read(text: string, writerId: string, members: Member[], currency = 'RUB') {
  return parseWithRules(createContext({ text, members, writerId, currency }));
}

function proposal(text: string, writerId = 'max', members = COUPLE, currency = 'RUB'): Proposal {
  const result = read(text, writerId, members, currency);
  if (result.kind !== 'expense')
    throw new Error(`"${text}" was not read as an expense: ${JSON.stringify(result)}`);
  return result.proposal;
}

const monthly = { every: 1, unit: 'month' };
const weekly = { every: 1, unit: 'week' };

describe('the words of a repeat', () => {
  it.each([
    ['аренда 45000 каждый месяц на двоих с Аней', monthly, 'аренда 45000 на двоих с Аней'],
    ['Каждый месяц: аренда 45000', monthly, 'аренда 45000'],
    ['интернет 600 ежемесячно', monthly, 'интернет 600'],
    ['ежемесячный платёж 5000', monthly, 'платёж 5000'],
    ['спортзал 3000 раз в месяц', monthly, 'спортзал 3000'],
    ['аренда 45 000 ₽ в месяц', monthly, 'аренда 45 000 ₽'],
    ['аренда (каждый месяц) 45000', monthly, 'аренда 45000'],
    ['аренда 5-го числа каждого месяца 45000', monthly, 'аренда 45000'],
    ['каждую неделю уборка 2000', weekly, 'уборка 2000'],
    ['клининг 3000 каждые 2 недели', { every: 2, unit: 'week' }, 'клининг 3000'],
    ['клининг 3000 каждые две недели', { every: 2, unit: 'week' }, 'клининг 3000'],
    ['раз в две недели химчистка 1500', { every: 2, unit: 'week' }, 'химчистка 1500'],
    ['налог 9000 каждый квартал', { every: 3, unit: 'month' }, 'налог 9000'],
    ['техосмотр 3000 раз в полгода', { every: 6, unit: 'month' }, 'техосмотр 3000'],
    ['страховка 12000 ежегодно', { every: 1, unit: 'year' }, 'страховка 12000'],
    ['кофе 200 каждый день', { every: 1, unit: 'day' }, 'кофе 200'],
    ['уборка по пятницам 2000', weekly, 'уборка 2000'],
    ['уборка каждую пятницу 2000', weekly, 'уборка 2000'],
    ['netflix 999 monthly', monthly, 'netflix 999'],
    ['Monthly: gym 30', monthly, 'gym 30'],
    ['rent 1200 a month', monthly, 'rent 1200'],
    ['spotify $9.99/mo', monthly, 'spotify $9.99'],
    ['netflix 15.49 per month', monthly, 'netflix 15.49'],
    ['gym every week 20', weekly, 'gym 20'],
    ['cleaner 80 every 2 weeks', { every: 2, unit: 'week' }, 'cleaner 80'],
    ['cleaner 80 every other week', { every: 2, unit: 'week' }, 'cleaner 80'],
    ['cleaning 60 biweekly', { every: 2, unit: 'week' }, 'cleaning 60'],
    ['dinner 100 once a month', monthly, 'dinner 100'],
    ['insurance 300 every year', { every: 1, unit: 'year' }, 'insurance 300'],
    ['yoga 15 on Mondays', weekly, 'yoga 15'],
  ])('%j repeats %j and reads as %j', (text, repeat, rest) => {
    expect(findRepeat(text)).toEqual({ repeat, rest });
  });

  it.each([
    'каждый из нас скинул по 500',
    'пицца по 500 каждый',
    'торт по 300 с каждого',
    'каждому по 400 за билеты',
    'каждый раз плачу я, такси 500',
    'йога 2 раза в месяц 1600',
    'отель 5000 в день',
    'уложились в неделю, отель 30000',
    'кроссовки на каждый день 5000',
    'подарок на каждый день рождения 500',
    'ежедневные расходы 500',
    'pizza 30, 10 each',
    'each of us paid 20',
    'every one of us chipped in 15',
    'I paid 50 a week ago',
    'airbnb for a month 2000',
    'brunch every weekend 20',
    'hotel 120 per day',
  ])('%j is no repeat', (text) => {
    expect(findRepeat(text)).toBeNull();
  });

  it('takes every repeat phrase out; the first one written is the rule', () => {
    expect(findRepeat('каждый месяц аренда 45000, ежемесячно')).toEqual({
      repeat: monthly,
      rest: 'аренда 45000',
    });
  });

  it('leaves the other lines of a receipt as they are', () => {
    expect(findRepeat('подписки каждый месяц\n- netflix 999\n- spotify 299')).toEqual({
      repeat: monthly,
      rest: 'подписки\n- netflix 999\n- spotify 299',
    });
  });
});

describe('the rules read an expense that repeats', () => {
  it('«аренда 45000 каждый месяц на двоих с Аней»: the writer and Аня, monthly, named «Аренда»', () => {
    expect(proposal('аренда 45000 каждый месяц на двоих с Аней')).toMatchObject({
      name: 'Аренда',
      amountCents: 4_500_000,
      payerId: 'max',
      participantIds: ['max', 'anya'],
      repeat: monthly,
    });
  });

  it('keeps the repeat words out of the name wherever they stand', () => {
    expect(proposal('каждый месяц интернет 600')).toMatchObject({ name: 'Интернет', repeat: monthly });
    expect(proposal('ежемесячно за интернет 600, Аня заплатила')).toMatchObject({
      name: 'Интернет',
      payerId: 'anya',
      repeat: monthly,
    });
    expect(proposal('netflix 999 monthly', 'anna', EN_MEMBERS, 'USD')).toMatchObject({
      name: 'Netflix',
      participantIds: ALL_EN,
      repeat: monthly,
    });
  });

  it('"Tom will pay for netflix every month" is a standing payment that repeats, not one still to come', () => {
    const members: Member[] = [...EN_MEMBERS, { id: 'tom', name: 'Tom' }];
    expect(proposal('Tom will pay for netflix 15.49 every month', 'anna', members, 'USD')).toMatchObject({
      name: 'Netflix',
      amountCents: 1549,
      payerId: 'tom',
      repeat: monthly,
    });
  });

  it('receipt lines under a title that repeats', () => {
    const read = proposal('подписки каждый месяц\nnetflix 999\nspotify 299');
    expect(read).toMatchObject({ name: 'Подписки', amountCents: 129_800, repeat: monthly });
    expect(read.items?.map((item) => item.name)).toEqual(['Netflix', 'Spotify']);
  });

  it('no repeat without its words: «каждый из нас», "each", «по 500 с каждого»', () => {
    expect(proposal('пицца 1500, каждый из нас по 500').repeat).toBeUndefined();
    expect(proposal('pizza 30, 10 each', 'anna', EN_MEMBERS, 'USD').repeat).toBeUndefined();
    expect(proposal('торт по 300 с каждого').repeat).toBeUndefined();
    expect(proposal('такси 700').repeat).toBeUndefined();
  });

  it('a repayment never repeats: it stays a repayment', () => {
    const result = read('Аня вернула мне 5000 каждый месяц', 'max', COUPLE);
    expect(result).toMatchObject({ kind: 'settlement', settlement: { fromId: 'anya', toId: 'max' } });
  });
});

describe('the model reads an expense that repeats', () => {
  let standIn: StandIn;
  beforeAll(async () => {
    standIn = await startStandIn();
  });
  afterAll(async () => {
    await standIn.close();
  });

  async function parse(text: string) {
    const failures: unknown[] = [];
    const result = await parseExpense(
      { text, members: RU_MEMBERS, writerId: 'igor', currency: 'RUB' },
      {
        model: createModelReader({
          apiKey: 'k',
          baseURL: standIn.baseURL,
          model: 'stand-in',
          timeoutMs: 400,
        }),
        onModelFailure: (error) => failures.push(error),
      },
    );
    expect(failures).toEqual([]);
    expect(result.source).toBe('model');
    if (result.kind !== 'expense') throw new Error(`not an expense: ${JSON.stringify(result)}`);
    return result.proposal;
  }

  it('takes the repeat the model gives («раз в две недели»)', async () => {
    standIn.reply({
      content: answer({ description: 'уборка', amount: '3000', repeat: { every: 2, unit: 'week' } }),
    });
    expect(await parse('уборка 3000 раз в две недели')).toMatchObject({
      name: 'Уборка',
      repeat: { every: 2, unit: 'week' },
    });
  });

  it('reads the repeat from the words when the model gives none, and keeps them out of its description', async () => {
    standIn.reply({ content: answer({ description: 'ежемесячно интернет', amount: '600' }) });
    expect(await parse('ежемесячно интернет 600')).toMatchObject({ name: 'Интернет', repeat: monthly });
  });

  it('does not take a rule no series could have; nothing repeats when neither it nor the words say so', async () => {
    standIn.reply({
      content: answer({ description: 'такси', amount: '700', repeat: { every: 0, unit: 'day' } }),
    });
    expect((await parse('такси 700')).repeat).toBeUndefined();
  });
});

describe('repeats written in German or as a day of the month', () => {
  it.each([
    ['Miete 1850 jeden Monat', { every: 1, unit: 'month' }],
    ['Internet Vodafone 39,99 €/Monat', { every: 1, unit: 'month' }],
    ['Strom 95€ monatlich', { every: 1, unit: 'month' }],
    ['Hausrat 8,90 im Monat', { every: 1, unit: 'month' }],
    ['Putzfrau 60 jede Woche', { every: 1, unit: 'week' }],
    ['ипотека 38 500 каждое 5 число', { every: 1, unit: 'month' }],
    ['кварплата 7200 каждое 10-е число', { every: 1, unit: 'month' }],
  ])('«%s»', (text, repeat) => {
    expect(findRepeat(text)?.repeat).toEqual(repeat);
  });
});
