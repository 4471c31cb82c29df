import {
  type Cents,
  computeBalances,
  type SplitExpenseInput,
  simplifyDebts,
  splitExpense,
} from '@dolya/domain';
import { describe, expect, it } from 'vitest';
import { type Draft, PEOPLE, type Person, SCENARIOS } from '../src/features/landing/demo';

/**
 * The landing shows fixed figures; these are the expenses behind them, in the app's own terms.
 * Each figure must be what the domain computes, so the pictures never show maths the app would not.
 */
const GROUP = {
  ru: {
    hotel: 900_000,
    taxi: 85_050,
    taxiSplit: { me: 30_000, anya: 30_000, borya: 25_050 },
    pizza: 120_000,
  },
  en: { hotel: 27_000, taxi: 2_550, taxiSplit: { me: 900, anya: 900, borya: 750 }, pizza: 3_600 },
} as const;

const HOTEL_PERCENT = { me: 50, anya: 25, borya: 25 };
const EQUAL = { me: 1, anya: 1, borya: 1 };

function split(
  amountCents: Cents,
  payerId: Person,
  rule: Omit<SplitExpenseInput, 'amountCents' | 'payerId' | 'memberOrder'>,
) {
  return splitExpense({ amountCents, payerId, memberOrder: PEOPLE, ...rule });
}

const asEntries = (draft: Draft) => Object.fromEntries(draft.shares);

describe.each(['ru', 'en'] as const)('the example group (%s)', (language) => {
  const scenario = SCENARIOS[language];
  const group = GROUP[language];
  const hotel = split(group.hotel, 'me', { method: 'percentages', percentages: HOTEL_PERCENT });
  const taxi = split(group.taxi, 'anya', { method: 'amounts', amounts: group.taxiSplit });
  const pizza = split(group.pizza, 'me', { method: 'shares', shares: EQUAL });
  const ledger = [
    { amountCents: group.hotel, payerId: 'me', splits: hotel },
    { amountCents: group.taxi, payerId: 'anya', splits: taxi },
    { amountCents: group.pizza, payerId: 'me', splits: pizza },
  ];

  it('lists each expense with what it leaves me', () => {
    const mine = (entry: (typeof ledger)[number]) =>
      (entry.payerId === 'me' ? entry.amountCents : 0) - (entry.splits.me ?? 0);
    expect(scenario.expenses.map((e) => [e.amount, e.payer, e.mine])).toEqual(
      ledger.map((entry) => [entry.amountCents, entry.payerId, mine(entry)]),
    );
  });

  it('shows the debts the app would suggest', () => {
    const nets = Object.fromEntries(
      Object.entries(computeBalances(ledger, PEOPLE)).map(([id, balance]) => [id, balance.net]),
    );
    const debts = simplifyDebts(nets);
    expect(debts.every((debt) => debt.to === 'me')).toBe(true);
    expect(Object.fromEntries(debts.map((debt) => [debt.from, debt.amountCents]))).toEqual(
      Object.fromEntries(scenario.debts),
    );
  });

  it('fills the expense form with the hotel’s percentages', () => {
    expect(scenario.hotel.amount).toBe(group.hotel);
    expect(scenario.hotel.percent).toEqual(HOTEL_PERCENT);
    expect(scenario.hotel.split).toEqual(hotel);
  });

  it('splits the pizza in the chat as the app does', () => {
    expect(scenario.pizza.amount).toBe(group.pizza);
    expect(asEntries(scenario.pizza)).toEqual(pizza);
  });

  it('gives the assistant’s drafts exact cents, the spare cent to the payer', () => {
    for (const { draft } of scenario.ai) {
      const shares = Object.fromEntries(draft.shares.map(([person]) => [person, 1]));
      expect(asEntries(draft)).toEqual(split(draft.amount, draft.payer, { method: 'shares', shares }));
    }
    const [first] = scenario.ai;
    const third = first!.draft.shares[1]![1];
    expect(scenario.roundedDown).toBe(3 * third);
    expect(scenario.roundedDown).toBeLessThan(first!.draft.amount);
  });
});
