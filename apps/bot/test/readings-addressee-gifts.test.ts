import { describe, expect, it } from 'vitest';
import type { Member } from '../src/parse/types';
import { expense, read, settlement } from './support/read-message';

/** Readings added while working on blind set C's misses (issue 24): who «ты» is, gifts, pronouns. */
const COUPLE: Member[] = [
  { id: 'anya', name: 'Аня' },
  { id: 'max', name: 'Максим' },
];
const FRIENDS: Member[] = [
  { id: 'dima', name: 'Дима' },
  { id: 'katya', name: 'Катя' },
  { id: 'oleg', name: 'Олег' },
  { id: 'sveta', name: 'Света' },
  { id: 'zhenya', name: 'Евгения' },
  { id: 'misha', name: 'Михаил' },
];
const FLAT: Member[] = [
  { id: 'tom', name: 'Tom' },
  { id: 'sarah', name: 'Sarah Lee' },
  { id: 'mike', name: 'Mike' },
  { id: 'nastya', name: 'Nastya' },
  { id: 'vanya', name: 'Vanya' },
];

describe('«ты», «тебе», «твою»: the one spoken to', () => {
  it('in a group of two, «ты» is the other member', () => {
    expect(expense('ужин 4200, ты заплатил', COUPLE, 'anya')).toMatchObject({
      payerId: 'max',
      participantIds: ['anya', 'max'],
    });
    expect(expense('за тебя заплатил маникюр 2000', COUPLE, 'max')).toMatchObject({
      name: 'Маникюр',
      payerId: 'max',
      participantIds: ['anya'],
    });
    expect(settlement('вернул тебе 1500', COUPLE, 'max')).toMatchObject({ fromId: 'max', toId: 'anya' });
  });

  it('«за твою стрижку», «за мои билеты»: whose the thing is, they alone share', () => {
    expect(expense('заплатила за твою стрижку 1500', COUPLE, 'anya')).toMatchObject({
      name: 'Стрижка',
      participantIds: ['max'],
    });
    expect(expense('Макс заплатил за мои билеты 2100', COUPLE, 'anya')).toMatchObject({
      payerId: 'max',
      participantIds: ['anya'],
    });
  });

  it('«Катюш,», «Миш,»: the short form people call each other by names the one spoken to', () => {
    expect(settlement('Катюш, перевела тебе 820 за суши', FRIENDS, 'dima')).toMatchObject({
      fromId: 'dima',
      toId: 'katya',
      amountCents: 82000,
    });
    expect(expense('Миш, ты же за чачу платил? 1100 записываю', FRIENDS, 'dima')).toMatchObject({
      payerId: 'misha',
    });
  });

  it('in a bigger group «ты» with nobody named stays nobody', () => {
    const proposal = expense('ты заплатил за такси 600', FRIENDS, 'dima');
    expect(proposal.payerId).toBe('dima');
  });
});

describe('gifts and occasions: the one celebrated does not pay for it', () => {
  it('«торт для Кати, с днюхой»: everyone else shares', () => {
    expect(expense('торт для Кати 1800, с днюхой!', FRIENDS, 'oleg').participantIds).toEqual([
      'dima',
      'oleg',
      'sveta',
      'zhenya',
      'misha',
    ]);
  });

  it('«Женя купила Оле…» style: a dative anywhere in a birthday message is the recipient', () => {
    expect(expense('Катя купила Свете шампанское на день рождения, 1600', FRIENDS, 'dima')).toMatchObject({
      payerId: 'katya',
      participantIds: ['dima', 'katya', 'oleg', 'zhenya', 'misha'],
    });
  });

  it('«сувенир для Оли, делим я и Игорь»: the ones named share, the recipient does not', () => {
    expect(expense('сувенир для Светы 900, делим я и Олег', FRIENDS, 'dima').participantIds).toEqual([
      'dima',
      'oleg',
    ]);
  });

  it('English possessives: "balloons for Tom\'s 30th", "wine for Mike\'s promotion"', () => {
    expect(expense('balloons for Tom’s 30th, 24', FLAT, 'sarah', 'USD').participantIds).toEqual([
      'sarah',
      'mike',
      'nastya',
      'vanya',
    ]);
    expect(expense('wine for Mike’s promotion 35', FLAT, 'tom', 'USD').participantIds).not.toContain('mike');
  });

  it('a member\'s relative is no recipient: "housewarming gift for Mike\'s sister" is shared by all', () => {
    expect(expense("housewarming gift for Mike's sister 50", FLAT, 'tom', 'USD').participantIds).toEqual([
      'tom',
      'sarah',
      'mike',
      'nastya',
      'vanya',
    ]);
  });

  it('without an occasion «для Кати» is still «only Катя»', () => {
    expect(expense('такси для Кати 600', FRIENDS, 'dima').participantIds).toEqual(['katya']);
  });
});

describe('pronouns and a payer said last', () => {
  it('"he paid", "she gave him": the member named before of that gender', () => {
    expect(expense('Tom and I had lunch, he paid 26', FLAT, 'vanya', 'USD')).toMatchObject({
      payerId: 'tom',
      participantIds: ['tom', 'vanya'],
    });
    expect(settlement('Nastya and Vanya are even, she gave him 12', FLAT, 'tom', 'USD')).toMatchObject({
      fromId: 'nastya',
      toId: 'vanya',
    });
  });

  it('«…, я» closing the message is who paid; everyone shares', () => {
    expect(expense('пиво 1200 + закуски 650, я', FRIENDS, 'katya')).toMatchObject({
      amountCents: 185000,
      payerId: 'katya',
      participantIds: FRIENDS.map((member) => member.id),
    });
  });

  it('"Tom and I got pizza, I paid": the two who bought it share', () => {
    expect(expense('Tom and I got pizza, 32, I paid', FLAT, 'mike', 'USD')).toMatchObject({
      payerId: 'mike',
      participantIds: ['tom', 'mike'],
    });
  });

  it('«Жене» with a capital is Женя; «ели» is no Елена', () => {
    expect(settlement('отдал Жене 900 наликом', FRIENDS, 'dima')).toMatchObject({
      fromId: 'dima',
      toId: 'zhenya',
    });
  });
});

describe('a question and then the amount it is about', () => {
  it('«я тебе вернула за билеты? 2000» records nothing', () => {
    expect(read('я тебе вернула за билеты? 2000', COUPLE, 'anya').kind).toBe('not-expense');
  });
  it('«маша или миша платили? 600» still asks who paid', () => {
    expect(read('катя или света платили за мороженое? 600', FRIENDS, 'dima').kind).toBe('expense');
  });
});

describe('a payment still to come', () => {
  it('«Катя заплатит за отель 9000 потом», "Tom will pay for the hotel" record nothing yet', () => {
    expect(read('Катя заплатит за отель 9000 потом', FRIENDS, 'dima')).toMatchObject({ reason: 'NOT_YET' });
    expect(read('Tom will pay for the hotel, 180', FLAT, 'mike', 'USD')).toMatchObject({ reason: 'NOT_YET' });
  });
  it('a standing payment said in the future is an expense: "Tom will pay for netflix every month"', () => {
    expect(expense('Tom will pay for netflix 15.49 every month', FLAT, 'mike', 'USD').payerId).toBe('tom');
  });
  it('paid now, returned later: «заплатил 500 за такси, Катя вернёт потом» is today’s expense', () => {
    expect(read('заплатил 500 за такси, Катя вернёт потом', FRIENDS, 'dima').kind).toBe('expense');
  });
});

describe('names written short or wrong', () => {
  const TRIP: Member[] = [
    { id: 'igor', name: 'Игорь' },
    { id: 'masha', name: 'Маша' },
    { id: 'misha', name: 'Михаил' },
    { id: 'kirill', name: 'Кирилл' },
    { id: 'ben', name: 'Ben' },
  ];
  it('a three-letter typo with its capital where a person stands: «Ктя заплатила»', () => {
    expect(expense('Ктя заплатила 700 за кофе', FRIENDS, 'dima').payerId).toBe('katya');
    expect(expense('кот 700 на всех', FRIENDS, 'dima').payerId).toBe('dima');
  });
  it('a name that fits two members is settled by the gender of the verb: «Мвша заплатила»', () => {
    expect(expense('Мвша заплатила за кофе 600', TRIP, 'igor')).toMatchObject({
      payerId: 'masha',
      questions: [],
    });
    expect(expense('Мвша заплатил за кофе 600', TRIP, 'igor').payerId).toBe('misha');
  });
  it('familiar forms: «Кир», "Benny", «бенчик»', () => {
    expect(expense('Кир заплатил за бензин 70', TRIP, 'igor').payerId).toBe('kirill');
    expect(expense('Benny got the drinks, €44', TRIP, 'igor', 'EUR').payerId).toBe('ben');
    expect(expense('бенчик оплатил вино 24', TRIP, 'igor', 'EUR').payerId).toBe('ben');
  });
});

describe('amounts as people write them', () => {
  const amount = (text: string, currency = 'RUB') => expense(text, FRIENDS, 'dima', currency).amountCents;
  it('«два косаря», «три штуки», «штука за…» with no other number are thousands', () => {
    expect(amount('два косаря за бензин')).toBe(200000);
    expect(amount('три штуки за химчистку')).toBe(300000);
    expect(amount('штука за аренду беседки')).toBe(100000);
    expect(amount('3 штуки пива по 250')).toBe(75000);
  });
  it('"half a grand", «такси 6оо», «612 р 40 коп»', () => {
    expect(amount('half a grand for the couch', 'USD')).toBe(50000);
    expect(amount('такси 6оо')).toBe(60000);
    expect(amount('аптека 612 р 40 коп')).toBe(61240);
  });
  it('"taxi 18 there and 22 back" is both legs', () => {
    expect(amount('taxi 18 there and 22 back', 'USD')).toBe(4000);
  });
});

describe('whose card, and debts paid', () => {
  it('«платили Катиной картой», «у Олега с карты списали»: the card’s owner paid', () => {
    expect(expense('платили Катиной картой — ресторан 3500', FRIENDS, 'dima').payerId).toBe('katya');
    expect(expense('у Олега с карты списали 2100 за ужин', FRIENDS, 'sveta')).toMatchObject({
      payerId: 'oleg',
      participantIds: FRIENDS.map((member) => member.id),
    });
  });
  it('"on my card" shares nothing: everyone shares', () => {
    expect(expense('hulu 7.99 monthly, on my card', FLAT, 'tom', 'USD').participantIds).toEqual(
      FLAT.map((member) => member.id),
    );
  });
  it('"I owe Tom 10, sending now... sent", "paid Tom what I owed him, 33" are repayments', () => {
    expect(settlement('I owe Tom 10, sending now... sent', FLAT, 'mike', 'USD')).toMatchObject({
      fromId: 'mike',
      toId: 'tom',
      amountCents: 1000,
    });
    expect(settlement('paid Tom what I owed him, 33', FLAT, 'mike', 'USD')).toMatchObject({
      fromId: 'mike',
      toId: 'tom',
      amountCents: 3300,
    });
  });
});

describe('someone who took no part', () => {
  it('«ужин 3000, я не ел, платила Света»: Света paid, the writer does not share', () => {
    expect(expense('ужин 3000, я не ел, платила Света', FRIENDS, 'dima')).toMatchObject({
      payerId: 'sveta',
      participantIds: ['katya', 'oleg', 'sveta', 'zhenya', 'misha'],
    });
  });
  it('«бар 5000 олег не пил», "pizza 40, Mike didn\'t eat", "Nastya wasn\'t there"', () => {
    expect(expense('бар 5000 олег не пил', FRIENDS, 'dima').participantIds).not.toContain('oleg');
    expect(expense("pizza 40, Mike didn't eat", FLAT, 'tom', 'USD').participantIds).toEqual([
      'tom',
      'sarah',
      'nastya',
      'vanya',
    ]);
    expect(expense("dinner 80 Nastya wasn't there", FLAT, 'tom', 'USD').participantIds).not.toContain(
      'nastya',
    );
  });
});

describe('arrows, currencies in other spellings, a debt said to the debtor', () => {
  it('"Tom -> me 25", «Nastya → Vanya 20» are repayments', () => {
    expect(settlement('Tom -> me 25', FLAT, 'mike', 'USD')).toMatchObject({ fromId: 'tom', toId: 'mike' });
    expect(settlement('me → sarah 60 rent share', FLAT, 'mike', 'USD')).toMatchObject({
      fromId: 'mike',
      toId: 'sarah',
      amountCents: 6000,
    });
  });
  it('"150 TL", "30 evro", «кофе 4 по 3.5 евро»', () => {
    expect(expense('Vanya paid 150 TL for the hammam', FLAT, 'tom', 'USD').currency).toBe('TRY');
    expect(settlement('Nastya vernula mne 30 evro', FLAT, 'tom', 'USD').currency).toBe('EUR');
    expect(expense('кофе 4 по 3.5 евро', FRIENDS, 'dima').amountCents).toBe(1400);
  });
  it('«Света, ты мне 500 должна за билет»: a reminder or a new expense — the bot asks', () => {
    expect(expense('Света, ты мне 500 должна за билет', FRIENDS, 'dima').questions).toEqual([
      { kind: 'kind', candidates: ['expense', 'settlement'] },
    ]);
    expect(expense('Катя должна мне 500 за билет', FRIENDS, 'dima')).toMatchObject({
      payerId: 'dima',
      participantIds: ['katya'],
      questions: [],
    });
  });
});

describe('messages that record nothing', () => {
  const reason = (text: string, members = FRIENDS, writer = 'dima') => {
    const result = read(text, members, writer);
    return result.kind === 'not-expense' ? result.reason : result.kind;
  };
  it('a request for money: «скинь мне 500 плиз», «Миш, верни 400 за вход», "send me 20"', () => {
    expect(reason('скинь мне 500 плиз')).toBe('REQUEST');
    expect(reason('Миш, верни 400 за вход плиз')).toBe('REQUEST');
    expect(reason('send me 20 for the cab pls', FLAT, 'tom')).toBe('REQUEST');
    // …but a request beside a payment is the payment.
    expect(reason('Катя скинь половину за такси, я заплатил 600')).toBe('expense');
  });
  it('spent on oneself: «купил себе кроссовки 9000», «это моё личное, не считайте», «цветы мне Олег подарил»', () => {
    expect(reason('купил себе кроссовки 9000')).toBe('PERSONAL');
    expect(reason('заказ озон 1270 это мое личное, не считайте')).toBe('PERSONAL');
    expect(reason('цветы мне Олег подарил 3000 😍')).toBe('PERSONAL');
  });
  it('a gift given together, or something bought for all, is shared, not personal', () => {
    expect(reason('подарили Свете сертификат 5000 на всех')).toBe('expense');
    expect(reason('Катя подарила Олегу цветы от нас 2000')).toBe('expense');
    expect(reason('купили себе пиццу 1200')).toBe('expense');
    expect(reason('купил себе и Кате кофе, 600 пополам')).toBe('expense');
  });
  it('a plan, a due date, a phone extension, an hour after a time', () => {
    expect(reason('ну чё, го в субботу на каток? билет 600')).toBe('QUESTION');
    expect(reason('rent is due on the 1st, 2400 as usual', FLAT, 'tom')).toBe('NOT_YET');
    expect(reason('тел бухгалтерии 8 495 123 45 67 доб 204')).toBe('NOT_MONEY');
    expect(reason('совещание в 15:00 переносится на 16')).toBe('NOT_MONEY');
  });
});

describe('what was paid for', () => {
  it('asks when nothing says it («1500», "paid 40"), and not after another question', () => {
    expect(expense('1500', FRIENDS, 'dima').questions).toEqual([
      { kind: 'title', candidates: ['Продукты', 'Кафе', 'Такси', 'Жильё', 'Развлечения', 'Расход'] },
    ]);
    expect(expense('paid 40', FLAT, 'tom', 'USD').questions[0]).toMatchObject({ kind: 'title' });
    expect(expense('Катя 500', FRIENDS, 'dima').questions).toEqual([
      { kind: 'kind', candidates: ['expense', 'settlement'] },
    ]);
  });
  it('a picture is a title: «🍕 1980», «⛽ 45»', () => {
    expect(expense('🍕 1980', FRIENDS, 'dima')).toMatchObject({ name: 'Пицца', questions: [] });
    expect(expense('⛽ 45', FRIENDS, 'dima')).toMatchObject({ name: 'Бензин', questions: [] });
  });
});

describe('tips, money paid to someone, the two of us', () => {
  it('«7 800 + чаевые 10%», "dinner 86 plus 20% tip": the tip is added, to the cent', () => {
    expect(expense('счёт в ресторане 7 800 + чаевые 10%', FRIENDS, 'dima').amountCents).toBe(858000);
    expect(expense('dinner 86 plus 20% tip', FLAT, 'tom', 'USD').amountCents).toBe(10320);
    expect(expense('dinner 10.01 plus 15% tip', FLAT, 'tom', 'USD').amountCents).toBe(1151);
  });
  it('«Олег заплатил мне 500 за билет» is a repayment; «Олег заплатил за меня 500» is not', () => {
    expect(settlement('Олег заплатил мне 500 за билет', FRIENDS, 'dima')).toMatchObject({
      fromId: 'oleg',
      toId: 'dima',
    });
    expect(read('Олег заплатил за меня 500 за такси', FRIENDS, 'dima').kind).toBe('expense');
  });
  it('«Светик заплатила за нас двоих», "split w/ Oleg"', () => {
    expect(expense('Светик заплатила за нас двоих маникюр 2600', FRIENDS, 'katya')).toMatchObject({
      payerId: 'sveta',
      participantIds: ['katya', 'sveta'],
      name: 'Маникюр',
    });
    expect(expense('taxi home 780 split w/ Olezhka', FRIENDS, 'dima').participantIds).toEqual([
      'dima',
      'oleg',
    ]);
  });
});

describe('more of what people write', () => {
  it('"Oleg and I didn\'t eat", "Masha and I skipped", «Оля не платит»: the whole list is left out', () => {
    expect(
      expense("Tom paid for pizza 22, Mike and I didn't eat", FLAT, 'sarah', 'USD').participantIds,
    ).toEqual(['tom', 'nastya', 'vanya']);
    expect(expense('Tom covered lunch 95, Vanya and I skipped', FLAT, 'sarah', 'USD').participantIds).toEqual(
      ['tom', 'mike', 'nastya'],
    );
    expect(expense('вино на день рождения 90, Катя не платит', FRIENDS, 'dima').participantIds).not.toContain(
      'katya',
    );
  });
  it('a bank message: the payment, not the balance left', () => {
    expect(expense('Оплата 2 150,00 ₽ VKUSVILL. Доступно 8 412,77 ₽', FRIENDS, 'dima').amountCents).toBe(
      215000,
    );
  });
  it('«то ли 1200 то ли 1300» asks which; "3 tickets à 12" is 36', () => {
    expect(expense('за пиццу было то ли 1200 то ли 1300 не помню', FRIENDS, 'dima').questions[0]).toEqual({
      kind: 'amount',
      candidates: [120000, 130000],
    });
    expect(expense('Tom paid 3 Kinotickets à 12', FLAT, 'mike', 'EUR').amountCents).toBe(3600);
  });
  it('«Zara 89€ — это мои не считать» is personal', () => {
    expect(read('Zara 89€ — это мои не считать', FRIENDS, 'dima')).toMatchObject({ reason: 'PERSONAL' });
  });
});

describe('who paid, said after the people', () => {
  it('«Бен и Ваня по 15 за пиццу, платила я»: the two share 15 each, the writer paid', () => {
    expect(expense('Олег и Света по 15 за пиццу, платил я', FRIENDS, 'dima')).toMatchObject({
      amountCents: 3000,
      payerId: 'dima',
      participantIds: ['oleg', 'sveta'],
    });
  });
  it('«…, платили я и Олег пополам»: two payers, an equal part each, everyone shares', () => {
    expect(expense('кальян 1800 и чай 400, платили я и Олег пополам', FRIENDS, 'dima')).toMatchObject({
      amountCents: 220000,
      payers: { dima: 110000, oleg: 110000 },
      participantIds: FRIENDS.map((member) => member.id),
    });
  });
});

describe('counts and prices', () => {
  it('"2 pizzas 14.99 each" is 29.98; "2 large pizzas at 18.50 + 5 delivery" is 42', () => {
    expect(expense('Mike paid 2 pizzas 14.99 each', FLAT, 'tom', 'USD').amountCents).toBe(2998);
    expect(expense('pizza night 2 large pizzas at 18.50 + 5 delivery', FLAT, 'tom', 'USD').amountCents).toBe(
      4200,
    );
  });
});

describe('a person’s place', () => {
  it('«такси до Олега 560 ехали я и Света»: Олег is where, not who', () => {
    expect(expense('такси в 23:40 до Олега 560 ехали я и Света', FRIENDS, 'katya').participantIds).toEqual([
      'katya',
      'sveta',
    ]);
  });
});

describe('money sent to the one spoken to', () => {
  it('«Катюш, перевела 450 за кино», «Олег, лови 1 200 за доставку»: from the writer to them', () => {
    expect(settlement('Катюш, перевела 450 за кино 💸', FRIENDS, 'sveta')).toMatchObject({
      fromId: 'sveta',
      toId: 'katya',
      amountCents: 45000,
    });
    expect(settlement('Олег, лови 1 200 ₽ за доставку', FRIENDS, 'sveta')).toMatchObject({
      fromId: 'sveta',
      toId: 'oleg',
    });
  });
  it('«Маш, спасибо что вернула 500»: thanked, so the money came to the writer', () => {
    expect(settlement('Свет, спасибо что вернула 500', FRIENDS, 'dima')).toMatchObject({
      fromId: 'sveta',
      toId: 'dima',
    });
  });
  it('«Олегу 780 за такси» is a repayment; «Олегу 500» alone asks', () => {
    expect(settlement('Олегу 780 за такси', FRIENDS, 'dima')).toMatchObject({ fromId: 'dima', toId: 'oleg' });
    expect(expense('Олегу 500', FRIENDS, 'dima').questions).toEqual([
      { kind: 'kind', candidates: ['expense', 'settlement'] },
    ]);
  });
});

describe('a few more from set E', () => {
  it('«Олежек, тебе 450 за пиццу» is a repayment to Олег', () => {
    expect(settlement('Олежек, тебе 450 за пиццу', FRIENDS, 'dima')).toMatchObject({
      fromId: 'dima',
      toId: 'oleg',
    });
  });
  it('"Tom and I each paid half": two payers, an equal part each', () => {
    expect(expense('plumber was $250, Tom and I each paid half', FLAT, 'mike', 'USD')).toMatchObject({
      payers: { tom: 12500, mike: 12500 },
    });
  });
  it('«1.5 tys», «1 380 Kč»', () => {
    expect(expense('za kino 1.5 tys zaplatila, ya i Dima', FRIENDS, 'katya').amountCents).toBe(150000);
    expect(expense('ужин в Праге 1 380 Kč, я и Катя', FRIENDS, 'dima').currency).toBe('CZK');
  });
});
