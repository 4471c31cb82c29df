import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { planBalances, planImport, readSpliitJson } from '../src';
import { fixture } from './support/fixtures';

describe('readSpliitJson: an export with every kind of expense', () => {
  const file = readSpliitJson(fixture('spliit-zurich.json'));

  it('reads the group, its participants and every expense', () => {
    expect(file.problems).toEqual([]);
    expect(file.groupName).toBe('Zürich trip');
    expect(file.people).toEqual([
      { key: 'p1', name: 'Alice' },
      { key: 'p2', name: 'Bob' },
      { key: 'p3', name: 'Charlie' },
    ]);
    expect(file.rows).toHaveLength(7);
    expect(file.repayments).toHaveLength(1);
  });

  it('keeps the payer, the split mode and its weights', () => {
    expect(file.rows[0]).toEqual({
      line: 1,
      date: '2025-06-01',
      description: 'Groceries',
      category: 'Groceries',
      currency: 'EUR',
      costCents: 6000,
      nets: { p1: 4000, p2: -2000, p3: -2000 },
      paidBy: 'p1',
      split: { mode: 'evenly', weights: { p1: 1, p2: 1, p3: 1 } },
    });
    expect(file.rows.find((row) => row.description === 'Hotel, 2 nights')?.split).toEqual({
      mode: 'shares',
      weights: { p1: 200, p2: 100, p3: 200 },
    });
  });

  it("gives the odd cent where Spliit does (largest remainder, ties rotated by the expense's id)", () => {
    // 100.00 in three: the id's rotation starts at Bob, who gets 33.34.
    expect(file.rows[1]?.nets).toEqual({ p1: -3333, p2: 6666, p3: -3333 });
    // 15.99 in two, rotation starting at Charlie: Bob 7.99, Charlie 8.00 (and paid 15.99).
    expect(file.rows.find((row) => row.description === 'Streaming')).toEqual(
      expect.objectContaining({ nets: { p2: -799, p3: 799 }, recurrence: 'MONTHLY' }),
    );
  });

  it('keeps the original amount, the notes; an income becomes an expense paid by those who got it', () => {
    expect(file.rows[2]?.original).toEqual({ currency: 'CHF', amountCents: 9000, rate: '1.04' });
    expect(file.rows.find((row) => row.description.startsWith('Museum'))?.notes).toBe(
      'Student discount for Charlie next time',
    );
    const refund = file.rows.find((row) => row.description.startsWith('Refund'));
    expect(refund).toEqual(
      expect.objectContaining({ costCents: 1000, nets: { p1: -667, p2: 333, p3: 334 } }),
    );
    expect(refund?.paidBy).toBeUndefined();
  });

  it('reads the compact one-line form Spliit sends the same way', () => {
    const compact = JSON.stringify(JSON.parse(fixture('spliit-zurich.json')));
    expect(readSpliitJson(`\uFEFF${compact}`)).toEqual(file);
  });

  it("leaves Spliit's balances to the cent", () => {
    const plan = planImport(file);
    expect(plan.expenses[0]).toEqual(
      expect.objectContaining({
        payers: [{ memberId: 'p1', cents: 6000 }],
        splitCents: { p1: 2000, p2: 2000, p3: 2000 },
        split: { mode: 'evenly', weights: { p1: 1, p2: 1, p3: 1 } },
      }),
    );
    expect(plan.expenses.find((e) => e.name === 'Streaming')).toEqual(
      expect.objectContaining({ splitCents: { p2: 799, p3: 800 }, recurrence: 'MONTHLY' }),
    );
    expect(plan.settlements).toEqual([
      expect.objectContaining({ line: 4, fromKey: 'p2', toKey: 'p1', amountCents: 2000 }),
    ]);
    expect(planBalances(plan, ['p1', 'p2', 'p3'])).toEqual([
      { currency: 'EUR', nets: { p1: 6750, p2: 4575, p3: -11325 } },
    ]);
  });
});

describe('readSpliitJson: currencies and problems', () => {
  const group = (over: object, expenses: object[]) =>
    JSON.stringify({
      name: 'G',
      currency: '¥',
      currencyCode: 'JPY',
      participants: [
        { id: 'a', name: 'Aiko' },
        { id: 'b', name: 'Ben' },
      ],
      expenses,
      ...over,
    });
  const expense = (over: object) => ({
    id: 'e1',
    expenseDate: '2025-01-02T00:00:00.000Z',
    title: 'Ramen',
    amount: 3000,
    paidById: 'a',
    paidFor: [
      { participantId: 'a', shares: 1 },
      { participantId: 'b', shares: 1 },
    ],
    isReimbursement: false,
    splitMode: 'EVENLY',
    ...over,
  });

  it("reads amounts in the currency's own minor units (yen have none)", () => {
    const file = readSpliitJson(group({}, [expense({})]));
    expect(file.rows[0]).toEqual(
      expect.objectContaining({ currency: 'JPY', costCents: 300000, nets: { p1: 150000, p2: -150000 } }),
    );
  });

  it('names each unreadable expense by its place in the list', () => {
    const file = readSpliitJson(
      group({}, [
        expense({}),
        expense({ paidById: 'zed' }),
        expense({ paidFor: [] }),
        expense({ expenseDate: 'soon' }),
        expense({ amount: 'lots' }),
        expense({ paidFor: [{ participantId: 'q', shares: 1 }] }),
      ]),
    );
    expect(file.problems.map(({ line, code }) => ({ line, code }))).toEqual([
      { line: 2, code: 'UNKNOWN_PERSON' },
      { line: 3, code: 'NO_SHARES' },
      { line: 4, code: 'BAD_DATE' },
      { line: 5, code: 'BAD_JSON' },
      { line: 6, code: 'UNKNOWN_PERSON' },
    ]);
    expect(file.rows).toHaveLength(1);
  });

  it('refuses what is not a Spliit export, and a currency it cannot name', () => {
    expect(readSpliitJson('{"oops"').problems).toEqual([
      expect.objectContaining({ line: 0, code: 'BAD_JSON' }),
    ]);
    expect(readSpliitJson('{"participants": 3}').problems).toEqual([
      expect.objectContaining({ code: 'BAD_JSON' }),
    ]);
    const dollars = group({ currency: '$', currencyCode: null }, [expense({ amount: 1000 })]);
    expect(readSpliitJson(dollars).problems).toEqual([expect.objectContaining({ code: 'UNKNOWN_CURRENCY' })]);
    const read = readSpliitJson(dollars, { currency: 'USD' });
    expect(read.rows[0]).toEqual(expect.objectContaining({ currency: 'USD', costCents: 1000 }));
  });
});

// ---- The property: whatever a Spliit group holds, the plan's balances are the sum of the nets ----

const spliitGroup = fc
  .uniqueArray(fc.string({ minLength: 1, maxLength: 8 }), { minLength: 1, maxLength: 5 })
  .chain((ids) =>
    fc.record({
      ids: fc.constant(ids),
      expenses: fc.array(
        fc.record({
          id: fc.string({ minLength: 1, maxLength: 10 }),
          amount: fc.integer({ min: -100_000, max: 5_000_000 }),
          paidById: fc.constantFrom(...ids),
          paidFor: fc
            .subarray(ids, { minLength: 1 })
            .chain((chosen) =>
              fc.tuple(...chosen.map((id) => fc.tuple(fc.constant(id), fc.integer({ min: 1, max: 10_000 })))),
            ),
          splitMode: fc.constantFrom('EVENLY', 'BY_SHARES', 'BY_PERCENTAGE', 'BY_AMOUNT'),
          isReimbursement: fc.boolean(),
          day: fc.integer({ min: 1, max: 28 }),
        }),
        { maxLength: 20 },
      ),
    }),
  );

describe('readSpliitJson: property', () => {
  it('every expense is read, and planned expenses and settlements give exactly the nets', () => {
    fc.assert(
      fc.property(spliitGroup, ({ ids, expenses }) => {
        const text = JSON.stringify({
          name: 'G',
          currency: '€',
          currencyCode: 'EUR',
          participants: ids.map((id) => ({ id, name: `n-${id}` })),
          expenses: expenses.map((e) => ({
            id: e.id,
            expenseDate: `2025-03-${String(e.day).padStart(2, '0')}T00:00:00.000Z`,
            title: 'x',
            amount: e.amount,
            paidById: e.paidById,
            paidFor: e.paidFor.map(([participantId, shares]) => ({ participantId, shares })),
            isReimbursement: e.isReimbursement,
            splitMode: e.splitMode,
          })),
        });
        const file = readSpliitJson(text);
        expect(file.problems).toEqual([]);
        expect(file.rows.length + file.repayments.length).toBe(expenses.length);
        const order = file.people.map(({ key }) => key);
        const sums: Record<string, number> = {};
        for (const row of [...file.rows, ...file.repayments]) {
          expect(Object.values(row.nets).reduce((a, b) => a + b, 0)).toBe(0);
          for (const [key, cents] of Object.entries(row.nets)) sums[key] = (sums[key] ?? 0) + cents;
        }
        for (const key of Object.keys(sums)) if (sums[key] === 0) delete sums[key];
        const balances = planBalances(planImport(file), order);
        expect(balances.find((b) => b.currency === 'EUR')?.nets ?? {}).toEqual(sums);
      }),
      { numRuns: 200 },
    );
  });
});
