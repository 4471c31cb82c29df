import type { Cents } from '@dolya/domain';
import type { Language } from '../../i18n';

/**
 * The example group every picture of the landing shows: "Trip to Kazan" with Demo (the visitor),
 * Anna and Bob. Figures are fixed cents (the landing runs no split code); test/landing-demo.test.ts
 * checks each against the domain's own splitExpense, computeBalances and simplifyDebts.
 */
export type Person = 'me' | 'anya' | 'borya';

export const PEOPLE: readonly Person[] = ['me', 'anya', 'borya'];

/** An expense on the group screen; `mine` is what it leaves me: lent (+) or borrowed (−). */
export interface ListedExpense {
  item: 'itemHotel' | 'itemTaxi' | 'itemPizza';
  date: string;
  amount: Cents;
  payer: 'me' | 'anya';
  mine: Cents;
}

/** A draft as the bot or the assistant reads a message: who paid and each person's cents. */
export interface Draft {
  amount: Cents;
  payer: Person;
  shares: readonly (readonly [Person, Cents])[];
}

export interface AiExample {
  message: 'aiMessageTaxi' | 'aiMessageDinner' | 'aiMessageCinema';
  item: 'aiItemTaxi' | 'aiItemDinner' | 'aiItemCinema';
  draft: Draft;
}

export interface Scenario {
  currency: string;
  /** Newest first, as the group screen lists them. */
  expenses: readonly ListedExpense[];
  /** The simplified debts: each person who owes me, and how much. */
  debts: readonly (readonly ['anya' | 'borya', Cents])[];
  /** The hotel in the expense form: percentages and the cents they give. */
  hotel: { amount: Cents; percent: Record<Person, number>; split: Record<Person, Cents> };
  /** "pizza 1200 я, Аня, Боря" / "pizza 36 me, Anna, Bob" */
  pizza: Draft;
  /** The assistant's examples; the first one also illustrates the rounding in the text. */
  ai: readonly AiExample[];
  /** What the first example's thirds would add up to if each were rounded down. */
  roundedDown: Cents;
}

const OCT_3 = '2026-10-03T19:40:00';
const OCT_4 = '2026-10-04T12:00:00';
/** The time on the bot's messages (local, so every visitor sees the same clock). */
export const CHAT_TIME = '2026-10-03T20:14:00';

export const SCENARIOS: Record<Language, Scenario> = {
  ru: {
    currency: 'RUB',
    expenses: [
      { item: 'itemHotel', date: OCT_4, amount: 900_000, payer: 'me', mine: 450_000 },
      { item: 'itemTaxi', date: OCT_3, amount: 85_050, payer: 'anya', mine: -30_000 },
      { item: 'itemPizza', date: OCT_3, amount: 120_000, payer: 'me', mine: 80_000 },
    ],
    debts: [
      ['anya', 209_950],
      ['borya', 290_050],
    ],
    hotel: {
      amount: 900_000,
      percent: { me: 50, anya: 25, borya: 25 },
      split: { me: 450_000, anya: 225_000, borya: 225_000 },
    },
    pizza: {
      amount: 120_000,
      payer: 'me',
      shares: [
        ['me', 40_000],
        ['anya', 40_000],
        ['borya', 40_000],
      ],
    },
    ai: [
      {
        message: 'aiMessageTaxi',
        item: 'aiItemTaxi',
        draft: {
          amount: 100_000,
          payer: 'me',
          shares: [
            ['me', 33_334],
            ['anya', 33_333],
            ['borya', 33_333],
          ],
        },
      },
      {
        message: 'aiMessageDinner',
        item: 'aiItemDinner',
        draft: {
          amount: 250_000,
          payer: 'anya',
          shares: [
            ['me', 83_333],
            ['anya', 83_334],
            ['borya', 83_333],
          ],
        },
      },
      {
        message: 'aiMessageCinema',
        item: 'aiItemCinema',
        draft: {
          amount: 120_000,
          payer: 'me',
          shares: [
            ['anya', 60_000],
            ['borya', 60_000],
          ],
        },
      },
    ],
    roundedDown: 99_999,
  },
  en: {
    currency: 'EUR',
    expenses: [
      { item: 'itemHotel', date: OCT_4, amount: 27_000, payer: 'me', mine: 13_500 },
      { item: 'itemTaxi', date: OCT_3, amount: 2_550, payer: 'anya', mine: -900 },
      { item: 'itemPizza', date: OCT_3, amount: 3_600, payer: 'me', mine: 2_400 },
    ],
    debts: [
      ['anya', 6_300],
      ['borya', 8_700],
    ],
    hotel: {
      amount: 27_000,
      percent: { me: 50, anya: 25, borya: 25 },
      split: { me: 13_500, anya: 6_750, borya: 6_750 },
    },
    pizza: {
      amount: 3_600,
      payer: 'me',
      shares: [
        ['me', 1_200],
        ['anya', 1_200],
        ['borya', 1_200],
      ],
    },
    ai: [
      {
        message: 'aiMessageTaxi',
        item: 'aiItemTaxi',
        draft: {
          amount: 1_000,
          payer: 'me',
          shares: [
            ['me', 334],
            ['anya', 333],
            ['borya', 333],
          ],
        },
      },
      {
        message: 'aiMessageDinner',
        item: 'aiItemDinner',
        draft: {
          amount: 2_500,
          payer: 'anya',
          shares: [
            ['me', 833],
            ['anya', 834],
            ['borya', 833],
          ],
        },
      },
      {
        message: 'aiMessageCinema',
        item: 'aiItemCinema',
        draft: {
          amount: 2_400,
          payer: 'me',
          shares: [
            ['anya', 1_200],
            ['borya', 1_200],
          ],
        },
      },
    ],
    roundedDown: 999,
  },
};
