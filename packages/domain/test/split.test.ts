import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type Cents,
  isFullyAllocated,
  MAX_AMOUNT_CENTS,
  type SplitExpenseInput,
  settlementSplit,
  splitExpense,
} from '../src/index';
import { errorOf } from './error-of';

const members = ['anna', 'boris', 'vera', 'gleb'] as const;
const base = { memberOrder: members, payerId: 'boris' } as const;

describe('splitExpense by shares', () => {
  it('gives every remainder cent to the payer when the payer participates', () => {
    const splits = splitExpense({
      ...base,
      amountCents: 1000,
      method: 'shares',
      shares: { anna: 1, boris: 1, vera: 1 },
    });
    expect(splits).toEqual({ anna: 333, boris: 334, vera: 333 });
  });

  it('gives the remainder to the first participant in group order when the payer does not participate', () => {
    const splits = splitExpense({
      ...base,
      amountCents: 1000,
      method: 'shares',
      shares: { gleb: 1, vera: 1, anna: 1 },
    });
    expect(splits).toEqual({ anna: 334, vera: 333, gleb: 333 });
    expect(Object.keys(splits)).toEqual(['anna', 'vera', 'gleb']);
  });

  it('splits by proportion and leaves out zero shares', () => {
    const splits = splitExpense({
      ...base,
      amountCents: 1000,
      method: 'shares',
      shares: { anna: 2, boris: 0, vera: 1 },
    });
    expect(splits).toEqual({ anna: 667, vera: 333 });
  });

  it('keeps participants whose part rounds to 0 cents', () => {
    const splits = splitExpense({
      ...base,
      amountCents: 1,
      method: 'shares',
      shares: { anna: 1, boris: 1, vera: 1 },
    });
    expect(splits).toEqual({ anna: 0, boris: 1, vera: 0 });
  });

  it('returns no splits without participants', () => {
    expect(splitExpense({ ...base, amountCents: 1000, method: 'shares', shares: { anna: 0 } })).toEqual({});
    expect(splitExpense({ ...base, amountCents: 1000, method: 'shares', shares: {} })).toEqual({});
    expect(splitExpense({ ...base, amountCents: 1000, method: 'shares' })).toEqual({});
  });

  it('stays exact where amount * share exceeds 2^53', () => {
    const splits = splitExpense({
      ...base,
      amountCents: MAX_AMOUNT_CENTS - 1,
      method: 'shares',
      shares: { anna: Number.MAX_SAFE_INTEGER, boris: 1 },
    });
    const exactAnna = (BigInt(MAX_AMOUNT_CENTS - 1) * BigInt(Number.MAX_SAFE_INTEGER)) / 2n ** 53n;
    expect(splits.anna).toBe(Number(exactAnna));
    expect((splits.anna ?? 0) + (splits.boris ?? 0)).toBe(MAX_AMOUNT_CENTS - 1);
  });

  it('splits negative amounts symmetrically', () => {
    const splits = splitExpense({
      ...base,
      amountCents: -1000,
      method: 'shares',
      shares: { anna: 1, boris: 1, vera: 1 },
    });
    expect(splits).toEqual({ anna: -333, boris: -334, vera: -333 });
  });

  it.each([1.5, -1, Number.NaN, '2'])('refuses the share %j', (share) => {
    const error = errorOf(() =>
      splitExpense({ ...base, amountCents: 100, method: 'shares', shares: { anna: share as number } }),
    );
    expect(error.code).toBe('INVALID_SPLIT');
    expect(error.field).toBe('splits');
    expect(error.message).toContain('anna');
  });

  it('refuses keys that are not members, even with a zero value', () => {
    for (const value of [1, 0]) {
      const error = errorOf(() =>
        splitExpense({ ...base, amountCents: 100, method: 'shares', shares: { anna: 1, zoe: value } }),
      );
      expect(error.code).toBe('INVALID_SPLIT');
      expect(error.field).toBe('splits');
      expect(error.message).toContain('zoe');
    }
  });

  it('refuses an amount that is not whole cents', () => {
    const error = errorOf(() =>
      splitExpense({ ...base, amountCents: 10.5, method: 'shares', shares: { anna: 1 } }),
    );
    expect(error.code).toBe('INVALID_AMOUNT');
  });

  it('refuses an unknown method', () => {
    const input = { ...base, amountCents: 100, method: 'equal' } as unknown as SplitExpenseInput;
    expect(errorOf(() => splitExpense(input)).code).toBe('INVALID_SPLIT');
  });
});

describe('splitExpense by percentages', () => {
  it('allocates the whole amount when the percentages sum to 100', () => {
    const splits = splitExpense({
      ...base,
      amountCents: 1001,
      method: 'percentages',
      percentages: { anna: 50, boris: 50 },
    });
    expect(splits).toEqual({ anna: 500, boris: 501 });
  });

  it('treats a sum within 0.1 of 100 as 100', () => {
    const splits = splitExpense({
      ...base,
      amountCents: 10000,
      method: 'percentages',
      percentages: { anna: 33.33, boris: 33.33, vera: 33.33 },
    });
    expect(splits).toEqual({ anna: 3333, boris: 3334, vera: 3333 });
    const over = splitExpense({
      ...base,
      amountCents: 1000,
      method: 'percentages',
      percentages: { anna: 50, vera: 50.1 },
    });
    expect(over).toEqual({ anna: 500, vera: 500 });
  });

  it('allocates only amount * sum / 100, rounded half-up, when the sum is off', () => {
    const splits = splitExpense({
      ...base,
      amountCents: 1000,
      method: 'percentages',
      percentages: { anna: 50, vera: 40 },
    });
    expect(splits).toEqual({ anna: 500, vera: 400 });
    expect(isFullyAllocated(1000, splits)).toBe(false);
    const halfCent = splitExpense({
      ...base,
      amountCents: 101,
      method: 'percentages',
      percentages: { gleb: 50 },
    });
    expect(halfCent).toEqual({ gleb: 51 });
    const over = splitExpense({
      ...base,
      amountCents: 1000,
      method: 'percentages',
      percentages: { anna: 100, vera: 20 },
    });
    expect(over).toEqual({ anna: 1000, vera: 200 });
  });

  it.each([33.333, 100.01, -1, 0.1 + 0.2, Number.POSITIVE_INFINITY, '50'])(
    'refuses the percentage %j',
    (value) => {
      const error = errorOf(() =>
        splitExpense({
          ...base,
          amountCents: 100,
          method: 'percentages',
          percentages: { anna: value as number },
        }),
      );
      expect(error.code).toBe('INVALID_SPLIT');
      expect(error.field).toBe('splits');
    },
  );
});

describe('splitExpense by amounts', () => {
  it('returns the positive amounts as given, in group order', () => {
    const splits = splitExpense({
      ...base,
      amountCents: 1000,
      method: 'amounts',
      amounts: { vera: 700, anna: 500, boris: 0 },
    });
    expect(splits).toEqual({ anna: 500, vera: 700 });
    expect(Object.keys(splits)).toEqual(['anna', 'vera']);
  });

  it.each([-1, 1.5, Number.NaN])('refuses the amount %d', (value) => {
    const error = errorOf(() =>
      splitExpense({ ...base, amountCents: 100, method: 'amounts', amounts: { anna: value } }),
    );
    expect(error.code).toBe('INVALID_SPLIT');
  });
});

describe('settlementSplit and isFullyAllocated', () => {
  it('gives a settlement entirely to the recipient', () => {
    expect(settlementSplit(2500, 'vera')).toEqual({ vera: 2500 });
  });

  it('allows one cent of difference', () => {
    expect(isFullyAllocated(1000, { anna: 500, boris: 500 })).toBe(true);
    expect(isFullyAllocated(1000, { anna: 999 })).toBe(true);
    expect(isFullyAllocated(1000, { anna: 1001 })).toBe(true);
    expect(isFullyAllocated(1000, { anna: 998 })).toBe(false);
    expect(isFullyAllocated(1000, { anna: 1002 })).toBe(false);
    expect(isFullyAllocated(0, {})).toBe(true);
  });
});

// ---- Properties ----

// Prefixed: integer-like keys ("0") would be enumerated first by any JS object, whatever the group order.
const memberId = fc.string({ maxLength: 6 }).map((text) => `m${text}`);
const group = fc.uniqueArray(memberId, { minLength: 1, maxLength: 10 });
const amount = fc.oneof(fc.integer({ min: 0, max: 10_000 }), fc.integer({ min: 0, max: MAX_AMOUNT_CENTS }));

/** A group, a payer (sometimes outside the participants), and one weight per member. */
function weighted(weight: fc.Arbitrary<number>) {
  return group.chain((order) =>
    fc.record({
      order: fc.constant(order),
      payerId: fc.constantFrom(...order),
      weights: fc.array(weight, { minLength: order.length, maxLength: order.length }),
      amountCents: amount,
    }),
  );
}

/** Hundredths of a percent summing to 100 % give or take 0.1 %. */
const percentCase = weighted(fc.constant(0)).chain((scenario) =>
  fc
    .tuple(
      fc.array(fc.integer({ min: 0, max: 10_000 }), {
        minLength: scenario.order.length - 1,
        maxLength: scenario.order.length - 1,
      }),
      fc.integer({ min: -10, max: 10 }),
    )
    .map(([cuts, drift]) => {
      const edges = [0, ...cuts.sort((a, b) => a - b), 10_000];
      const hundredths = scenario.order.map((_, index) => (edges[index + 1] ?? 0) - (edges[index] ?? 0));
      hundredths[0] = Math.min(10_000, Math.max(0, (hundredths[0] ?? 0) + drift));
      return { ...scenario, weights: hundredths };
    }),
);

function recordOf(order: readonly string[], values: readonly number[]): Record<string, number> {
  return Object.fromEntries(order.map((id, index) => [id, values[index] ?? 0]));
}

/** Checks the full-allocation rules; `weights` in the same unit as the input (exact integers). */
function expectFairSplit(
  splits: Record<string, Cents>,
  {
    order,
    payerId,
    weights,
    amountCents,
  }: { order: string[]; payerId: string; weights: number[]; amountCents: Cents },
) {
  const participants = order.filter((_, index) => (weights[index] ?? 0) > 0);
  expect(Object.keys(splits)).toEqual(participants);
  if (participants.length === 0) return;

  const total = Object.values(splits).reduce((sum, cents) => sum + BigInt(cents), 0n);
  expect(total).toBe(BigInt(amountCents));

  const weightSum = weights.reduce((sum, weight) => sum + BigInt(weight), 0n);
  const remainderTo = participants.includes(payerId) ? payerId : participants[0];
  order.forEach((memberId, index) => {
    const weight = BigInt(weights[index] ?? 0);
    if (weight === 0n) return;
    const cents = BigInt(splits[memberId] ?? Number.NaN);
    const floor = (BigInt(amountCents) * weight) / weightSum;
    if (memberId === remainderTo) {
      expect(cents >= floor).toBe(true);
      // |split - exact| < number of participants, in cents, scaled by the weight sum to stay exact.
      expect(cents * weightSum - BigInt(amountCents) * weight < BigInt(participants.length) * weightSum).toBe(
        true,
      );
    } else {
      expect(cents).toBe(floor);
    }
  });
}

describe('splitExpense properties', () => {
  it('shares: sum exactly, floor each, remainder to the payer or the first participant', () => {
    const share = fc.oneof(
      fc.integer({ min: 0, max: 5 }),
      fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }),
    );
    fc.assert(
      fc.property(weighted(share), (scenario) => {
        const splits = splitExpense({
          amountCents: scenario.amountCents,
          payerId: scenario.payerId,
          memberOrder: scenario.order,
          method: 'shares',
          shares: recordOf(scenario.order, scenario.weights),
        });
        expectFairSplit(splits, scenario);
      }),
      { numRuns: 300 },
    );
  });

  it('percentages summing to 100 within 0.1: same rules, with hundredths of a percent as weights', () => {
    fc.assert(
      fc.property(percentCase, (scenario) => {
        const splits = splitExpense({
          amountCents: scenario.amountCents,
          payerId: scenario.payerId,
          memberOrder: scenario.order,
          method: 'percentages',
          percentages: recordOf(
            scenario.order,
            scenario.weights.map((hundredths) => hundredths / 100),
          ),
        });
        expectFairSplit(splits, scenario);
      }),
      { numRuns: 300 },
    );
  });

  it('percentages off 100: they allocate amount * sum / 100 rounded half-up', () => {
    fc.assert(
      fc.property(weighted(fc.integer({ min: 0, max: 10_000 })), (scenario) => {
        const percentSum = scenario.weights.reduce((sum, weight) => sum + weight, 0);
        fc.pre(Math.abs(percentSum - 10_000) > 10);
        const splits = splitExpense({
          amountCents: scenario.amountCents,
          payerId: scenario.payerId,
          memberOrder: scenario.order,
          method: 'percentages',
          percentages: recordOf(
            scenario.order,
            scenario.weights.map((hundredths) => hundredths / 100),
          ),
        });
        const target = (BigInt(scenario.amountCents) * BigInt(percentSum) * 2n + 10_000n) / 20_000n;
        expectFairSplit(splits, { ...scenario, amountCents: Number(target) });
      }),
      { numRuns: 200 },
    );
  });

  it('amounts: the positive values come back unchanged', () => {
    fc.assert(
      fc.property(
        weighted(fc.oneof(fc.constant(0), fc.integer({ min: 0, max: MAX_AMOUNT_CENTS }))),
        (scenario) => {
          const amounts = recordOf(scenario.order, scenario.weights);
          const splits = splitExpense({
            amountCents: scenario.amountCents,
            payerId: scenario.payerId,
            memberOrder: scenario.order,
            method: 'amounts',
            amounts,
          });
          const expected = Object.fromEntries(Object.entries(amounts).filter(([, cents]) => cents > 0));
          expect(splits).toEqual(expected);
          expect(Object.keys(splits)).toEqual(scenario.order.filter((id) => (amounts[id] ?? 0) > 0));
        },
      ),
      { numRuns: 200 },
    );
  });
});
