import { sumCents } from '@dolya/domain';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createContext } from '../src/parse/context';
import { parseWithRules } from '../src/parse/rules';
import type { Member, Proposal } from '../src/parse/types';
import { contextOf, mistakesIn } from './fixtures/check-phrase';
import { EN_MEMBERS, GROUPS, OFFICE_MEMBERS, RU_MEMBERS } from './fixtures/groups';
import { LATER_PHRASES } from './fixtures/later-phrases';
import { PHRASES } from './fixtures/phrases';

const ALL_RU = RU_MEMBERS.map((member) => member.id);

function read(text: string, writerId = 'anya', members: Member[] = RU_MEMBERS, currency = 'RUB') {
  return parseWithRules(createContext({ text, members, writerId, currency }));
}

function proposal(text: string, writerId?: string, members?: Member[], currency?: string): Proposal {
  const result = read(text, writerId, members, currency);
  if (result.kind !== 'expense')
    throw new Error(`"${text}" was not read as an expense: ${JSON.stringify(result)}`);
  return result.proposal;
}

describe('conventions', () => {
  it('no payer named: the writer paid; nobody named: every active member', () => {
    expect(proposal('такси 700', 'borya')).toMatchObject({
      name: 'Такси',
      amountCents: 70000,
      currency: 'RUB',
      payerId: 'borya',
      participantIds: ALL_RU,
    });
  });

  it('named participants, the writer among them when they say so', () => {
    expect(proposal('пицца 1200 я, Аня, Боря', 'igor').participantIds).toEqual(['anya', 'borya', 'igor']);
    expect(proposal('такси 800 Аня и Боря', 'igor').participantIds).toEqual(['anya', 'borya']);
  });

  it('"за X" / "for X" without the writer: only X; with the writer: both', () => {
    expect(proposal('кино 1200 за Аню и Борю', 'dima').participantIds).toEqual(['anya', 'borya']);
    expect(proposal('taxi 20 for Emma', 'bob', EN_MEMBERS, 'USD').participantIds).toEqual(['emma']);
    expect(proposal('taxi 18 for Bob and me', 'anna', EN_MEMBERS, 'USD').participantIds).toEqual([
      'anna',
      'bob',
    ]);
    // "за" before a thing is no list of people
    expect(proposal('за такси 700 я и Боря').participantIds).toEqual(['anya', 'borya']);
  });

  it('"с X" / "with X": the writer and X', () => {
    expect(proposal('ужин с Настей и Игорем 3000', 'borya').participantIds).toEqual([
      'borya',
      'igor',
      'nastya',
    ]);
  });

  it('"кроме X" / "except X": everyone else', () => {
    expect(proposal('все кроме Игоря, пицца 2000').participantIds).toEqual(
      ALL_RU.filter((id) => id !== 'igor'),
    );
  });

  it.each([
    ['Аня заплатила 2500 за ужин', 'anya'],
    ['ужин 2500 платил Боря', 'borya'],
    ['такси 900, оплачено Аней', 'anya'],
    ['я заплатил 800 за пиво', 'igor'],
    ['заплатил за такси 500', 'igor'],
  ])('payer phrase "%s"', (text, payerId) => {
    expect(proposal(text, 'igor').payerId).toBe(payerId);
  });

  it.each([
    ['Bob paid 60 for dinner', 'bob'],
    ['dinner 60 paid by Charlie', 'charlie'],
    ['I paid 55 for the cabin', 'emma'],
  ])('payer phrase "%s"', (text, payerId) => {
    const result = read(text, 'emma', EN_MEMBERS, 'USD');
    expect(result.kind === 'expense' && result.proposal.payerId).toBe(payerId);
  });

  it('"Anna paid", no amount: Anna is the payer, and the amount is asked for', () => {
    const result = read('Anna paid', 'emma', EN_MEMBERS, 'USD');
    expect(result.kind === 'expense' && result.proposal).toMatchObject({
      payerId: 'anna',
      amountCents: 0,
      questions: [{ kind: 'amount', candidates: [] }],
    });
  });

  it('per-person amounts: an amounts split, the total their sum unless written', () => {
    expect(proposal('обед: я 450, Боря 380, Настя 520')).toMatchObject({
      amountCents: 135000,
      participantIds: ['anya', 'borya', 'nastya'],
      splits: { anya: 45000, borya: 38000, nastya: 52000 },
    });
    expect(proposal('ужин 1500 Аня 1000 Боря 500', 'igor')).toMatchObject({
      amountCents: 150000,
      splits: { anya: 100000, borya: 50000 },
    });
  });

  it('"по 450" and "15 each": per person, times the people', () => {
    expect(proposal('билеты в кино по 450 я, Аня и Боря', 'igor').amountCents).toBe(135000);
    expect(proposal('tickets 15 each me Bob Emma', 'anna', EN_MEMBERS, 'USD').amountCents).toBe(4500);
  });

  it('another currency is reported, never converted', () => {
    expect(proposal('$25 обед')).toMatchObject({
      amountCents: 2500,
      currency: 'USD',
      foreignCurrency: 'USD',
    });
    expect(proposal('кофе 350р')).not.toHaveProperty('foreignCurrency');
    expect(proposal('uber $23.50', 'anna', EN_MEMBERS, 'USD')).not.toHaveProperty('foreignCurrency');
  });

  it('a currency named apart from the amount counts too, an everyday word only next to it', () => {
    expect(proposal('ужин 40 в евро').foreignCurrency).toBe('EUR');
    expect(proposal('dinner 40 in euros', 'anna', EN_MEMBERS, 'USD').foreignCurrency).toBe('EUR');
    expect(proposal('pound cake 12', 'anna', EN_MEMBERS, 'USD')).toMatchObject({
      name: 'Pound cake',
      currency: 'USD',
    });
  });
});

describe('names that are not members', () => {
  it('reports an unknown name and leaves it out, never inventing a member', () => {
    expect(proposal('такси 900 я и Боря и Костя')).toMatchObject({
      participantIds: ['anya', 'borya'],
      unknownNames: ['Костя'],
    });
    expect(proposal('Костя заплатил 2000 за бильярд')).toMatchObject({
      payerId: 'anya',
      unknownNames: ['Костя'],
    });
  });

  it('reports an ambiguous name with its candidates', () => {
    expect(proposal('обед 900 я и Дима', 'lena', OFFICE_MEMBERS)).toMatchObject({
      participantIds: ['lena'],
      ambiguousNames: [{ written: 'Дима', candidates: ['dimap', 'dimas'] }],
    });
  });

  it('leaves everyday words alone ("маме", "жене", "домой")', () => {
    expect(proposal('подарок маме 1500 скинулись все')).toMatchObject({
      unknownNames: [],
      participantIds: ALL_RU,
    });
    expect(proposal('цветы жене 2000', 'igor').unknownNames).toEqual([]);
    expect(proposal('такси домой 640 я Саша', 'nastya').participantIds).toEqual(['sasha', 'nastya']);
  });
});

describe('not an expense', () => {
  it.each([
    ['Привет всем!', 'NO_AMOUNT'],
    ['кто платил за такси?', 'QUESTION'],
    ['сколько я должен Боре', 'QUESTION'],
    ['встречаемся в 7 у метро', 'NO_AMOUNT'],
    ['нас будет 6 человек', 'NO_AMOUNT'],
    ['завтра в 19:30', 'NOT_MONEY'],
    ['мой номер 89031112233', 'NOT_MONEY'],
    ['такси 0', 'ZERO_AMOUNT'],
    ['такси 99999999999999', 'INVALID_AMOUNT'],
    ['👍', 'EMPTY'],
    ['   ', 'EMPTY'],
  ])('"%s" is %s', (text, reason) => {
    expect(read(text)).toEqual({ kind: 'not-expense', reason, source: 'rules' });
  });
});

describe('receipt lines', () => {
  it('one item a line, its own people, the total the item sum, splits exact', () => {
    expect(proposal('пицца 800 Аня, Боря\nвино 1200 все\nдесерт 350 я', 'igor')).toEqual({
      name: 'Чек',
      amountCents: 235000,
      currency: 'RUB',
      payerId: 'igor',
      participantIds: ALL_RU,
      splits: { anya: 60000, borya: 60000, dima: 20000, sasha: 20000, igor: 55000, nastya: 20000 },
      items: [
        { name: 'Пицца', amountCents: 80000, participantIds: ['anya', 'borya'] },
        { name: 'Вино', amountCents: 120000, participantIds: ALL_RU },
        { name: 'Десерт', amountCents: 35000, participantIds: ['igor'] },
      ],
      unknownNames: [],
      ambiguousNames: [],
      questions: [],
    });
  });

  it('takes the title and payer from a first line without an amount, and skips the total line', () => {
    const read = proposal('Ужин, платила Аня\nпаста 650 Аня\nвино 1800 Аня, Боря\nитого 2450', 'borya');
    expect(read).toMatchObject({ name: 'Ужин', payerId: 'anya', amountCents: 245000 });
    expect(read.items).toHaveLength(2);
  });

  it('gives an item remainder to its first member in group order', () => {
    expect(proposal('салат 100 Саша, Боря, Аня\nхлеб 50 Игорь').splits).toEqual({
      anya: 3334,
      borya: 3333,
      sasha: 3333,
      igor: 5000,
    });
  });

  it('reads two lines that are one expense as one', () => {
    expect(proposal('ужин 2500\nплатил Боря')).toMatchObject({ amountCents: 250000, payerId: 'borya' });
  });
});

describe('the phrase sets', () => {
  const groupOrder = (proposal: Proposal, group: keyof typeof GROUPS) =>
    GROUPS[group].members.map((member) => member.id).filter((id) => proposal.participantIds.includes(id));

  it.each([
    ['phrase set', PHRASES],
    ['later set', LATER_PHRASES],
  ] as const)('the %s is read fully correctly at least 90 % of the time', (_, phrases) => {
    const correct = phrases.filter(
      (phrase) => mistakesIn(phrase, parseWithRules(contextOf(phrase))).length === 0,
    );
    expect(correct.length / phrases.length).toBeGreaterThanOrEqual(0.9);
  });

  it('keeps every proposal consistent: exact splits, participants in group order, a positive amount', () => {
    for (const phrase of [...PHRASES, ...LATER_PHRASES]) {
      const result = parseWithRules(contextOf(phrase));
      if (result.kind !== 'expense') continue;
      const { proposal } = result;
      expect(proposal.amountCents, phrase.text).toBeGreaterThan(0);
      expect(proposal.participantIds, phrase.text).toEqual(groupOrder(proposal, phrase.group));
      const resolved = proposal.unknownNames.length === 0 && proposal.ambiguousNames.length === 0;
      if (proposal.items) {
        expect(sumCents(proposal.items.map((item) => item.amountCents)), phrase.text).toBe(
          proposal.amountCents,
        );
      }
      // An item whose only person is unknown stays unallocated until the writer says who it is.
      if (proposal.items && resolved) {
        expect(sumCents(Object.values(proposal.splits ?? {})), phrase.text).toBe(proposal.amountCents);
      }
    }
  });
});

describe('any text', () => {
  const pieces = [
    'такси',
    'пицца',
    'Аня',
    'Боре',
    'Диму',
    'я',
    'мне',
    'за',
    'с',
    'и',
    'кроме',
    'все',
    'по',
    'платил',
    'заплатила',
    'paid',
    'by',
    'for',
    'me',
    'Bob',
    'Костя',
    '@borya',
    '1200',
    '1 200',
    '2,5к',
    '$25',
    '350р',
    '0',
    '99999999999999',
    '12.05.2024',
    '19:30',
    ',',
    ':',
    '—',
    '?',
    '👍',
    '\n',
    'итого',
    'each',
  ];
  const text = fc
    .array(fc.oneof(fc.constantFrom(...pieces), fc.string({ maxLength: 6 })), { maxLength: 14 })
    .map((words) => words.join(' '));

  it('never throws, and every proposal is whole: a positive amount or the question for it, members only, exact splits', () => {
    fc.assert(
      fc.property(text, fc.constantFrom(...ALL_RU), (message, writerId) => {
        const result = read(message, writerId);
        if (result.kind !== 'expense') return;
        const { proposal } = result;
        // Without an amount written, the first question asks for it (typed in reply).
        if (proposal.amountCents === 0)
          expect(proposal.questions[0]).toEqual({ kind: 'amount', candidates: [] });
        else expect(proposal.amountCents).toBeGreaterThan(0);
        expect(ALL_RU).toContain(proposal.payerId);
        for (const id of proposal.participantIds) expect(ALL_RU).toContain(id);
        if (proposal.items && proposal.unknownNames.length === 0 && proposal.ambiguousNames.length === 0) {
          expect(sumCents(Object.values(proposal.splits ?? {}))).toBe(proposal.amountCents);
        }
      }),
      { numRuns: 300 },
    );
  });
});
