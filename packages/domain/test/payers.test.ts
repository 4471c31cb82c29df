import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkPayers,
  computeBalances,
  type LedgerEntry,
  mainPayer,
  type Payer,
  simplifyDebts,
  splitExpense,
} from '../src/index';
import { errorOf } from './error-of';

const members = ['olya', 'pasha', 'dima', 'katya'];

describe('checkPayers', () => {
  it('accepts payers summing to the amount and returns them in group order', () => {
    expect(
      checkPayers(
        1000,
        [
          { memberId: 'pasha', cents: 300 },
          { memberId: 'olya', cents: 700 },
        ],
        members,
      ),
    ).toEqual([
      { memberId: 'olya', cents: 700 },
      { memberId: 'pasha', cents: 300 },
    ]);
  });

  it('lets the one payer of a zero expense carry it', () => {
    expect(checkPayers(0, [{ memberId: 'olya', cents: 0 }], members)).toEqual([
      { memberId: 'olya', cents: 0 },
    ]);
  });

  it.each<[string, Payer[], string]>([
    ['no payer', [], 'INVALID_MEMBER'],
    ['an outsider', [{ memberId: 'stranger', cents: 1000 }], 'INVALID_MEMBER'],
    [
      'a payer twice',
      [
        { memberId: 'olya', cents: 500 },
        { memberId: 'olya', cents: 500 },
      ],
      'INVALID_MEMBER',
    ],
    [
      'a zero amount among several',
      [
        { memberId: 'olya', cents: 1000 },
        { memberId: 'pasha', cents: 0 },
      ],
      'INVALID_AMOUNT',
    ],
    [
      'a negative amount',
      [
        { memberId: 'olya', cents: 1100 },
        { memberId: 'pasha', cents: -100 },
      ],
      'INVALID_AMOUNT',
    ],
    ['a fraction of a cent', [{ memberId: 'olya', cents: 999.5 }], 'INVALID_AMOUNT'],
    [
      'a sum that disagrees',
      [
        { memberId: 'olya', cents: 700 },
        { memberId: 'pasha', cents: 200 },
      ],
      'UNBALANCED',
    ],
  ])('refuses %s, naming payers', (_, payers, code) => {
    const error = errorOf(() => checkPayers(1000, payers, members));
    expect(error.code).toBe(code);
    expect(error.field).toBe('payers');
  });
});

describe('mainPayer', () => {
  it('is who paid the most', () => {
    expect(
      mainPayer(
        [
          { memberId: 'olya', cents: 300 },
          { memberId: 'pasha', cents: 700 },
        ],
        members,
      ),
    ).toBe('pasha');
  });

  it('of equals, the first in group order', () => {
    expect(
      mainPayer(
        [
          { memberId: 'dima', cents: 500 },
          { memberId: 'pasha', cents: 500 },
        ],
        members,
      ),
    ).toBe('pasha');
  });
});

describe('the split remainder with several payers', () => {
  it('goes to the payer who paid the most', () => {
    const split = splitExpense({
      amountCents: 1000,
      payerId: 'olya',
      payers: [
        { memberId: 'olya', cents: 400 },
        { memberId: 'dima', cents: 600 },
      ],
      memberOrder: members,
      method: 'shares',
      shares: { olya: 1, pasha: 1, dima: 1 },
    });
    expect(split).toEqual({ olya: 333, pasha: 333, dima: 334 });
  });

  it('ties: to the first payer in group order', () => {
    const split = splitExpense({
      amountCents: 1000,
      payerId: 'dima',
      payers: [
        { memberId: 'dima', cents: 500 },
        { memberId: 'pasha', cents: 500 },
      ],
      memberOrder: members,
      method: 'shares',
      shares: { olya: 1, pasha: 1, dima: 1 },
    });
    expect(split).toEqual({ olya: 333, pasha: 334, dima: 333 });
  });
});

describe('properties of several payers', () => {
  const memberId = fc.constantFrom(...members);
  /** An amount and payers that sum to it: distinct members, each above zero. */
  const paidExpense = fc
    .record({
      payers: fc.uniqueArray(fc.record({ memberId, cents: fc.integer({ min: 1, max: 1_000_000_00 }) }), {
        minLength: 1,
        maxLength: members.length,
        selector: (p) => p.memberId,
      }),
      shares: fc.dictionary(memberId, fc.integer({ min: 0, max: 5 })),
    })
    .map(({ payers, shares }) => ({
      amountCents: payers.reduce((sum, { cents }) => sum + cents, 0),
      payers,
      shares,
    }));

  it('payers sum to the amount and the main payer is one who paid the most', () => {
    fc.assert(
      fc.property(paidExpense, ({ amountCents, payers }) => {
        const checked = checkPayers(amountCents, payers, members);
        expect(checked.reduce((sum, { cents }) => sum + cents, 0)).toBe(amountCents);
        const main = mainPayer(checked, members);
        const most = Math.max(...payers.map(({ cents }) => cents));
        const mainPaid = payers.find((payer) => payer.memberId === main)?.cents;
        expect(mainPaid).toBe(most);
        const firstOfMost = members.find((m) => payers.some((p) => p.memberId === m && p.cents === most));
        expect(main).toBe(firstOfMost);
      }),
    );
  });

  it('balances still sum to zero, paid is the sum of payer amounts, and debts settle every balance', () => {
    fc.assert(
      fc.property(fc.array(paidExpense, { maxLength: 30 }), (expenses) => {
        const entries: LedgerEntry[] = expenses.map(({ amountCents, payers, shares }) => {
          const checked = checkPayers(amountCents, payers, members);
          const payerId = mainPayer(checked, members);
          return {
            amountCents,
            payerId,
            payers: checked,
            splits: splitExpense({
              amountCents,
              payerId,
              payers: checked,
              memberOrder: members,
              method: 'shares',
              shares,
            }),
          };
        });
        const balances = computeBalances(entries, members);
        const nets: Record<string, number> = {};
        let netSum = 0;
        for (const member of members) {
          const paid = expenses
            .flatMap(({ payers }) => payers)
            .filter((payer) => payer.memberId === member)
            .reduce((sum, { cents }) => sum + cents, 0);
          expect(balances[member]?.paid).toBe(paid);
          nets[member] = balances[member]?.net ?? 0;
          netSum += nets[member] ?? 0;
        }
        expect(netSum).toBe(0);
        const left = { ...nets };
        for (const { from, to, amountCents } of simplifyDebts(nets)) {
          left[from] = (left[from] ?? 0) + amountCents;
          left[to] = (left[to] ?? 0) - amountCents;
        }
        for (const member of members) expect(left[member]).toBe(0);
      }),
      { numRuns: 200 },
    );
  });
});
