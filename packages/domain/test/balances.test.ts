import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeBalances, type LedgerEntry, settlementSplit, splitExpense } from '../src/index';
import { errorOf } from './error-of';

describe('computeBalances', () => {
  it('sums what each member paid and owes', () => {
    const balances = computeBalances([
      { amountCents: 3000, payerId: 'anna', splits: { anna: 1000, boris: 1000, vera: 1000 } },
      { amountCents: 600, payerId: 'boris', splits: { anna: 300, boris: 300 } },
    ]);
    expect(balances).toEqual({
      anna: { paid: 3000, owed: 1300, net: 1700 },
      boris: { paid: 600, owed: 1300, net: -700 },
      vera: { paid: 0, owed: 1000, net: -1000 },
    });
  });

  it("books an under-allocated expense's difference to the payer", () => {
    const balances = computeBalances([{ amountCents: 1000, payerId: 'anna', splits: { boris: 600 } }]);
    expect(balances).toEqual({
      anna: { paid: 1000, owed: 400, net: 600 },
      boris: { paid: 0, owed: 600, net: -600 },
    });
  });

  it("books an over-allocated expense's difference (negative) to the payer", () => {
    const balances = computeBalances([
      { amountCents: 1000, payerId: 'anna', splits: { boris: 700, vera: 500 } },
    ]);
    expect(balances.anna).toEqual({ paid: 1000, owed: -200, net: 1200 });
    expect(balances.boris?.net).toBe(-700);
    expect(balances.vera?.net).toBe(-500);
  });

  it('books an expense with no splits entirely to the payer', () => {
    expect(computeBalances([{ amountCents: 1000, payerId: 'anna', splits: {} }])).toEqual({
      anna: { paid: 1000, owed: 1000, net: 0 },
    });
  });

  it('moves a debt with a settlement', () => {
    const balances = computeBalances([
      { amountCents: 1000, payerId: 'anna', splits: { anna: 500, boris: 500 } },
      { amountCents: 500, payerId: 'boris', splits: settlementSplit(500, 'anna') },
    ]);
    expect(balances.anna?.net).toBe(0);
    expect(balances.boris?.net).toBe(0);
  });

  it('accepts several payers that add up to the amount', () => {
    const balances = computeBalances([
      {
        amountCents: 1000,
        payerId: 'anna',
        payers: [
          { memberId: 'anna', cents: 300 },
          { memberId: 'boris', cents: 700 },
        ],
        splits: { anna: 500, boris: 500 },
      },
    ]);
    expect(balances).toEqual({
      anna: { paid: 300, owed: 500, net: -200 },
      boris: { paid: 700, owed: 500, net: 200 },
    });
  });

  it('refuses payers that do not add up to the amount', () => {
    const error = errorOf(() =>
      computeBalances([
        {
          amountCents: 1000,
          payerId: 'anna',
          payers: [{ memberId: 'anna', cents: 999 }],
          splits: { anna: 1000 },
        },
      ]),
    );
    expect(error.code).toBe('UNBALANCED');
    expect(error.field).toBe('payers');
  });

  it('refuses amounts that are not whole cents', () => {
    expect(errorOf(() => computeBalances([{ amountCents: 1.5, payerId: 'a', splits: {} }])).code).toBe(
      'INVALID_AMOUNT',
    );
    expect(errorOf(() => computeBalances([{ amountCents: 1, payerId: 'a', splits: { a: 0.5 } }])).code).toBe(
      'INVALID_AMOUNT',
    );
  });

  it('lists the given members first, even with zeros, then others by first appearance', () => {
    const balances = computeBalances(
      [
        { amountCents: 200, payerId: 'zoe', splits: { removed: 100, anna: 100 } },
        { amountCents: 0, payerId: 'late', splits: {} },
      ],
      ['boris', 'anna'],
    );
    expect(Object.keys(balances)).toEqual(['boris', 'anna', 'zoe', 'removed', 'late']);
    expect(balances.boris).toEqual({ paid: 0, owed: 0, net: 0 });
    expect(computeBalances([], ['anna'])).toEqual({ anna: { paid: 0, owed: 0, net: 0 } });
  });

  it('reads any iterable of entries', () => {
    function* entries(): Generator<LedgerEntry> {
      yield { amountCents: 100, payerId: 'anna', splits: { boris: 100 } };
    }
    expect(computeBalances(entries()).boris?.net).toBe(-100);
  });
});

describe('computeBalances properties', () => {
  const members = ['anna', 'boris', 'vera', 'gleb', 'dina'];
  const memberId = fc.constantFrom(...members);
  const cents = fc.integer({ min: 0, max: 1_000_000_000 });

  const splitEntry = fc
    .record({
      amountCents: cents,
      payerId: memberId,
      method: fc.constantFrom('shares' as const, 'percentages' as const),
      weights: fc.array(fc.integer({ min: 0, max: 100 }), {
        minLength: members.length,
        maxLength: members.length,
      }),
    })
    .map(({ amountCents, payerId, method, weights }): LedgerEntry => {
      const values = Object.fromEntries(members.map((id, index) => [id, weights[index] ?? 0]));
      const splits = splitExpense({
        amountCents,
        payerId,
        memberOrder: members,
        method,
        ...(method === 'shares' ? { shares: values } : { percentages: values }),
      });
      return { amountCents, payerId, splits };
    });
  // Amounts mode: splits typed by hand, under- or over-allocated.
  const typedEntry = fc.record({
    amountCents: cents,
    payerId: memberId,
    splits: fc.dictionary(memberId, cents, { maxKeys: members.length }),
  });
  const settlement = fc
    .record({ amountCents: cents, payerId: memberId, to: memberId })
    .map(({ amountCents, payerId, to }) => ({
      amountCents,
      payerId,
      splits: settlementSplit(amountCents, to),
    }));
  const sharedPayment = fc
    .record({
      first: cents,
      second: cents,
      payerId: memberId,
      other: memberId,
      splits: fc.dictionary(memberId, cents),
    })
    .map(
      ({ first, second, payerId, other, splits }): LedgerEntry => ({
        amountCents: first + second,
        payerId,
        payers: [
          { memberId: payerId, cents: first },
          { memberId: other, cents: second },
        ],
        splits,
      }),
    );

  it('nets sum to exactly zero and paid totals the amounts', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(splitEntry, typedEntry, settlement, sharedPayment), { maxLength: 40 }),
        (entries) => {
          const balances = Object.values(computeBalances(entries, members));
          expect(balances.reduce((sum, { net }) => sum + net, 0)).toBe(0);
          expect(balances.reduce((sum, { paid }) => sum + paid, 0)).toBe(
            entries.reduce((sum, { amountCents }) => sum + amountCents, 0),
          );
          for (const { paid, owed, net } of balances) expect(net).toBe(paid - owed);
        },
      ),
      { numRuns: 200 },
    );
  });
});
