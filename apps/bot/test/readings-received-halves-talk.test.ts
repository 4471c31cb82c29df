import { describe, expect, it } from 'vitest';
import type { Member } from '../src/parse/types';
import { expense, read, settlement } from './support/read-message';

/**
 * Readings added while working on blind set E's misses (issue 24): money received from the one
 * spoken to, two payers who paid half each, tender forms of names, and money talked about.
 */
const FRIENDS: Member[] = [
  { id: 'dima', name: 'Дима' },
  { id: 'katya', name: 'Катя' },
  { id: 'oleg', name: 'Олег' },
  { id: 'sveta', name: 'Света' },
  { id: 'sasha', name: 'Александр' },
  { id: 'lena', name: 'Елена' },
];
const FLAT: Member[] = [
  { id: 'tom', name: 'Tom' },
  { id: 'sarah', name: 'Sarah Lee' },
  { id: 'mike', name: 'Mike' },
  { id: 'anna', name: 'Anna' },
];

const EVERYONE = ['dima', 'katya', 'oleg', 'sveta', 'sasha', 'lena'];

describe('money received from the one spoken to', () => {
  it('«Олег, 800 за билеты получил»: from Олег to the writer', () => {
    expect(settlement('Олег, 800 за билеты получил, спасибо', FRIENDS, 'dima')).toMatchObject({
      fromId: 'oleg',
      toId: 'dima',
      amountCents: 80000,
    });
  });

  it('"thanks mike, got your 12.5": from Mike to the writer, the thanks no title', () => {
    expect(settlement('thanks mike, got your 12.5', FLAT, 'tom', 'USD')).toMatchObject({
      fromId: 'mike',
      toId: 'tom',
      amountCents: 1250,
      note: null,
    });
  });

  it('"got pizza 20 for me and mike" is still a purchase', () => {
    expect(expense('got pizza 20 for me and mike', FLAT, 'tom', 'USD')).toMatchObject({
      payerId: 'tom',
      participantIds: ['tom', 'mike'],
    });
  });

  it('thanks after the money sent is for something else: «Свет, перевела 900 за каток, спасибо большое»', () => {
    expect(settlement('Свет, перевела 900 за каток, спасибо большое', FRIENDS, 'katya')).toMatchObject({
      fromId: 'katya',
      toId: 'sveta',
      amountCents: 90000,
    });
  });
});

describe('two payers, half each', () => {
  it('«такси 1400 мы с Катей оплатили поровну»: both paid half; everyone shares', () => {
    expect(expense('такси 1400 мы с Катей оплатили поровну', FRIENDS, 'dima')).toMatchObject({
      payers: { dima: 70000, katya: 70000 },
      participantIds: EVERYONE,
    });
  });

  it('«мы с Катей оплатили такси 1400» without «поровну» stays the writer paying for the two', () => {
    expect(expense('мы с Катей оплатили такси 1400', FRIENDS, 'dima')).toMatchObject({
      payerId: 'dima',
      participantIds: ['dima', 'katya'],
    });
  });

  it('"paid by Anna and me, half each": both paid; everyone shares', () => {
    expect(expense('groceries 90, paid by Anna and me, half each', FLAT, 'tom', 'USD')).toMatchObject({
      payers: { tom: 4500, anna: 4500 },
      participantIds: ['tom', 'sarah', 'mike', 'anna'],
    });
  });
});

describe('tender forms of names', () => {
  it('«Светочка», «Ленусик», «Катенька» are Света, Елена, Катя', () => {
    expect(settlement('Светочка, отправила 600 за подарок', FRIENDS, 'lena')).toMatchObject({
      fromId: 'lena',
      toId: 'sveta',
    });
    expect(expense('Ленусик оплатила суши 2100', FRIENDS, 'dima')).toMatchObject({ payerId: 'lena' });
    expect(expense('кино 1200 я и Катенька', FRIENDS, 'oleg')).toMatchObject({
      participantIds: ['katya', 'oleg'],
    });
  });
});

describe('money talked about, nothing paid', () => {
  it('a bet, a share worked out, a bill due on a weekday: no draft', () => {
    for (const text of [
      'ставлю пятихатку что Олег проспит',
      'итого за поездку: с каждого 5 300',
      'выходит по 1 750 с человека',
    ]) {
      expect(read(text, FRIENDS, 'dima')).toMatchObject({ kind: 'not-expense', reason: 'TALK' });
    }
    expect(read("internet's due monday, 60", FLAT, 'tom', 'USD')).toMatchObject({
      kind: 'not-expense',
      reason: 'NOT_YET',
    });
  });

  it('a share said with a payment is still an expense: «торт по 300 с каждого», «итого 2500, платил я»', () => {
    expect(expense('торт по 300 с каждого', FRIENDS, 'dima')).toMatchObject({ amountCents: 180000 });
    expect(expense('ужин, итого с каждого по 500, я заплатил', FRIENDS, 'dima')).toMatchObject({
      payerId: 'dima',
    });
  });
});

const EURO: Member[] = [
  { id: 'nastya', name: 'Настя' },
  { id: 'kirill', name: 'Кирилл' },
  { id: 'julia', name: 'Юля' },
  { id: 'ben', name: 'Ben' },
];

describe('German in a Berlin flat', () => {
  it('«überwiesen», «zurückgegeben», «bezahlt»: sent, returned, paid', () => {
    expect(settlement('Kirill, hab dir 25 überwiesen', EURO, 'julia', 'EUR')).toMatchObject({
      fromId: 'julia',
      toId: 'kirill',
      amountCents: 2500,
    });
    expect(settlement('Ben hat mir 12 zurückgegeben', EURO, 'nastya', 'EUR')).toMatchObject({
      fromId: 'ben',
      toId: 'nastya',
    });
    expect(expense('Ben hat 30 für Pizza bezahlt', EURO, 'julia', 'EUR')).toMatchObject({
      name: 'Pizza',
      payerId: 'ben',
      participantIds: ['nastya', 'kirill', 'julia', 'ben'],
      unknownNames: [],
    });
  });

  it('«für» a member: paid for them alone; «alle außer Ben» leaves Ben out', () => {
    expect(expense('Pizza für Julia 12', EURO, 'ben', 'EUR')).toMatchObject({
      participantIds: ['julia'],
    });
    expect(expense('Getränke 45, alle außer Ben', EURO, 'julia', 'EUR')).toMatchObject({
      participantIds: ['nastya', 'kirill', 'julia'],
    });
  });
});

describe('towns, currencies and replies', () => {
  it('«отель в Праге», "cab in Delhi": a town, not a person; «zł», "rupees" are currencies', () => {
    expect(expense('отель в Праге 150 евро я и Катя', FRIENDS, 'sveta')).toMatchObject({
      currency: 'EUR',
      participantIds: ['katya', 'sveta'],
      unknownNames: [],
    });
    expect(expense('100 zł for dinner in Kraków, me and Mike', FLAT, 'tom', 'USD')).toMatchObject({
      currency: 'PLN',
      participantIds: ['tom', 'mike'],
      unknownNames: [],
    });
    expect(expense('1000 rupees for the cab in Delhi', FLAT, 'tom', 'USD')).toMatchObject({
      currency: 'INR',
      unknownNames: [],
    });
  });

  it('«да 300», "yep 30": a reply the message does not explain — the bot asks what it is', () => {
    for (const [text, currency] of [
      ['да 300', 'RUB'],
      ['yep 30', 'USD'],
    ] as const) {
      expect(expense(text, FRIENDS, 'dima', currency).questions).toContainEqual(
        expect.objectContaining({ kind: 'kind' }),
      );
    }
  });

  it('«платил кто-то из девчонок», "someone paid": the bot asks who paid', () => {
    expect(
      expense('пицца 1200 на всех, платил кто-то из девчонок', FRIENDS, 'oleg').questions,
    ).toContainEqual(expect.objectContaining({ kind: 'payer', candidates: EVERYONE }));
  });

  it('«не помню за что»: the bot asks what it was for', () => {
    expect(expense('я заплатил 1200, не помню уже за что', FRIENDS, 'oleg').questions).toContainEqual(
      expect.objectContaining({ kind: 'title' }),
    );
  });
});

describe('money sent to the one spoken to, and debts said to them', () => {
  it('"tom I sent 22", "Alex, 30 back to you": repayments from the writer', () => {
    expect(settlement('tom I sent 22, check ur venmo', FLAT, 'mike', 'USD')).toMatchObject({
      fromId: 'mike',
      toId: 'tom',
      amountCents: 2200,
    });
    expect(settlement('Sarah, 30 back to you for the plumber', FLAT, 'anna', 'USD')).toMatchObject({
      fromId: 'anna',
      toId: 'sarah',
      amountCents: 3000,
    });
  });

  it('«с тебя 400», «ты мне должен», "du schuldest mir": an old debt or a new expense — the bot asks', () => {
    const COUPLE: Member[] = [
      { id: 'anya', name: 'Аня' },
      { id: 'max', name: 'Максим' },
    ];
    for (const [text, members, writer] of [
      ['Олег, с тебя 400', FRIENDS, 'dima'],
      ['макс ты мне должен за продукты 1300', COUPLE, 'anya'],
      ['Julia, du schuldest mir noch 10 für Blumen', EURO, 'ben'],
    ] as const) {
      expect(expense(text, [...members], writer).questions).toContainEqual(
        expect.objectContaining({ kind: 'kind' }),
      );
    }
  });
});

describe('numbers that are an address', () => {
  it('«Тверская 12 стр 3, подъезд 2», «Профсоюзная 12, 2 этаж»: no amount; «переговорки 1 250 р» is 1250', () => {
    expect(read('Тверская 12 стр 3, подъезд 2', FRIENDS, 'dima')).toMatchObject({ reason: 'NOT_MONEY' });
    expect(read('встреча на 18:30, Профсоюзная 12, 2 этаж', FRIENDS, 'dima')).toMatchObject({
      reason: 'NOT_MONEY',
    });
    expect(expense('кофе для переговорки 1 250 р', FRIENDS, 'dima')).toMatchObject({ amountCents: 125000 });
  });

  it('cash from an ATM, «скиньтесь по 300»: nothing paid', () => {
    expect(read('took $60 from the atm', FLAT, 'tom', 'USD')).toMatchObject({ reason: 'TALK' });
    expect(read('скиньтесь по 300 на подарок Лене', FRIENDS, 'dima')).toMatchObject({ reason: 'REQUEST' });
  });
});

describe('gifts, company and thousands', () => {
  it('«Blumen für Julia»: a gift — Julia takes no part', () => {
    expect(expense('Blumen für Julia 30', EURO, 'ben', 'EUR')).toMatchObject({
      participantIds: ['nastya', 'kirill', 'ben'],
    });
  });

  it('«с нами были Дима и Олег»: the writer with them', () => {
    expect(expense('в баре оставила 3200, с нами были Дима и Олег', FRIENDS, 'lena')).toMatchObject({
      payerId: 'lena',
      participantIds: ['dima', 'oleg', 'lena'],
    });
  });

  it('«диван 56к, я заплатил 40 Катя 16»: the payers’ parts in thousands like the total', () => {
    expect(expense('диван 56к, я заплатил 40 Катя 16', FRIENDS, 'dima')).toMatchObject({
      amountCents: 5600000,
      payers: { dima: 4000000, katya: 1600000 },
    });
  });
});

describe('each one’s part, and who is left out', () => {
  it('"Tom and I each paid 30", "Brunch 64, Tom and I paid 32 each": two payers, everyone shares', () => {
    expect(expense('Mike and I each paid 30 for the plumber', FLAT, 'tom', 'USD')).toMatchObject({
      amountCents: 6000,
      payers: { tom: 3000, mike: 3000 },
      participantIds: ['tom', 'sarah', 'mike', 'anna'],
    });
    expect(expense('Brunch 64, Sarah and I paid 32 each', FLAT, 'tom', 'USD')).toMatchObject({
      amountCents: 6400,
      payers: { tom: 3200, sarah: 3200 },
    });
  });

  it('"split between us, not Tom", "everyone but Mike": left out', () => {
    expect(expense('Netflix 22.99, split between us, not Tom', FLAT, 'anna', 'USD')).toMatchObject({
      participantIds: ['sarah', 'mike', 'anna'],
    });
    expect(expense('pizza 30 everyone but Mike', FLAT, 'tom', 'USD')).toMatchObject({
      participantIds: ['tom', 'sarah', 'anna'],
    });
  });
});

describe('an initial for a name', () => {
  it('«М. заплатил(а) 700»: Маша or Михаил — the bot asks; «И.» is Игорь alone', () => {
    const TRIP: Member[] = [
      { id: 'masha', name: 'Маша' },
      { id: 'misha', name: 'Михаил' },
      { id: 'igor', name: 'Игорь' },
    ];
    expect(expense('М. заплатил(а) 700 за воду', TRIP, 'igor').questions).toContainEqual(
      expect.objectContaining({ kind: 'payer', candidates: ['masha', 'misha'] }),
    );
    expect(expense('И. платил 300 за такси', TRIP, 'masha')).toMatchObject({
      payerId: 'igor',
      questions: [],
    });
  });
});

describe('common words near a name', () => {
  it('"oat milk for sarah": milk is no Mike; Sarah alone shares', () => {
    expect(expense('bought oat milk for sarah, 4.50', FLAT, 'mike', 'USD')).toMatchObject({
      name: 'Oat milk',
      payerId: 'mike',
      participantIds: ['sarah'],
    });
  });
});

describe('couples, signatures and Russian in Latin letters', () => {
  const COUPLE: Member[] = [
    { id: 'anya', name: 'Аня' },
    { id: 'max', name: 'Максим' },
  ];

  it('«я за обоих» in a couple: both share', () => {
    expect(expense('ужин в ресторане 4500, я за обоих', COUPLE, 'max')).toMatchObject({
      payerId: 'max',
      participantIds: ['anya', 'max'],
    });
  });

  it('"Tom here," at the start says who writes, nobody to share with', () => {
    expect(expense('Tom here, paid 24 for the cleaner', FLAT, 'tom', 'USD')).toMatchObject({
      payerId: 'tom',
      participantIds: ['tom', 'sarah', 'mike', 'anna'],
    });
  });

  it('«kupil bumagu i gubki 7,45»: "i" is «и», "ya" is «я»', () => {
    expect(expense('kupil bumagu i gubki 7,45', EURO, 'julia', 'EUR')).toMatchObject({
      participantIds: ['nastya', 'kirill', 'julia', 'ben'],
    });
    expect(expense('zaplatil za pivo 960 ya i Ben', EURO, 'kirill', 'EUR')).toMatchObject({
      participantIds: ['kirill', 'ben'],
    });
  });
});
