import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Cents, EXACT_DEBT_LIMIT, greedyDebts, simplifyDebts, type Transfer } from '../src/index';
import { errorOf } from './error-of';

function settle(nets: Record<string, Cents>, transfers: readonly Transfer[]): Record<string, Cents> {
  const left = { ...nets };
  for (const { from, to, amountCents } of transfers) {
    left[from] = (left[from] ?? 0) + amountCents;
    left[to] = (left[to] ?? 0) - amountCents;
  }
  return left;
}

const byFromThenTo = (a: Transfer, b: Transfer) =>
  a.from < b.from ? -1 : a.from > b.from ? 1 : a.to < b.to ? -1 : a.to > b.to ? 1 : 0;

/** Independent check: every set partition, the most blocks that all sum to zero. */
function bruteForceMinimum(values: readonly number[]): number {
  let mostBlocks = 0;
  const blocks: number[] = [];
  const place = (index: number) => {
    if (index === values.length) {
      if (blocks.every((sum) => sum === 0)) mostBlocks = Math.max(mostBlocks, blocks.length);
      return;
    }
    const value = values[index] ?? 0;
    for (let block = 0; block < blocks.length; block++) {
      blocks[block] = (blocks[block] ?? 0) + value;
      place(index + 1);
      blocks[block] = (blocks[block] ?? 0) - value;
    }
    blocks.push(value);
    place(index + 1);
    blocks.pop();
  };
  place(0);
  return values.length - mostBlocks;
}

describe('greedyDebts', () => {
  it('matches the largest debtor with the largest creditor', () => {
    expect(greedyDebts({ anna: -500, boris: -300, vera: 800 })).toEqual([
      { from: 'anna', to: 'vera', amountCents: 500 },
      { from: 'boris', to: 'vera', amountCents: 300 },
    ]);
  });

  it('breaks ties by id and advances both sides when both are settled', () => {
    expect(greedyDebts({ d: -100, c: -100, b: 100, a: 100 })).toEqual([
      { from: 'c', to: 'a', amountCents: 100 },
      { from: 'd', to: 'b', amountCents: 100 },
    ]);
  });

  it('can waste a transfer', () => {
    const nets = { a: 400, b: 300, c: 200, d: -500, e: -400 };
    expect(greedyDebts(nets)).toHaveLength(4);
    expect(Object.values(settle(nets, greedyDebts(nets))).every((cents) => cents === 0)).toBe(true);
  });

  it('ignores zeros and returns nothing for nothing', () => {
    expect(greedyDebts({})).toEqual([]);
    expect(greedyDebts({ anna: 0, boris: 0 })).toEqual([]);
  });
});

describe('simplifyDebts', () => {
  it('finds the zero-sum groups greedy misses', () => {
    expect(simplifyDebts({ a: 400, b: 300, c: 200, d: -500, e: -400 })).toEqual([
      { from: 'd', to: 'b', amountCents: 300 },
      { from: 'd', to: 'c', amountCents: 200 },
      { from: 'e', to: 'a', amountCents: 400 },
    ]);
  });

  it('settles a simple group', () => {
    expect(simplifyDebts({ vera: 800, anna: -500, boris: -300, gleb: 0 })).toEqual([
      { from: 'anna', to: 'vera', amountCents: 500 },
      { from: 'boris', to: 'vera', amountCents: 300 },
    ]);
    expect(simplifyDebts({})).toEqual([]);
    expect(simplifyDebts({ anna: 0 })).toEqual([]);
  });

  it('settles one-cent balances too (exact cents, no tolerance)', () => {
    expect(simplifyDebts({ anna: 1, boris: -1 })).toEqual([{ from: 'boris', to: 'anna', amountCents: 1 }]);
  });

  it('refuses balances that do not sum to zero', () => {
    const error = errorOf(() => simplifyDebts({ anna: 100, boris: -99 }));
    expect(error.code).toBe('UNBALANCED');
    expect(error.message).toContain('1 cents');
  });

  it('refuses balances that are not whole cents', () => {
    expect(errorOf(() => simplifyDebts({ anna: 0.5, boris: -0.5 })).code).toBe('INVALID_AMOUNT');
    expect(errorOf(() => greedyDebts({ anna: Number.NaN })).code).toBe('INVALID_AMOUNT');
  });

  it('stays exact with balances near 2^53', () => {
    const big = Number.MAX_SAFE_INTEGER;
    const nets = { a: big, b: -big, c: 3, d: -1, e: -2 };
    const transfers = simplifyDebts(nets);
    expect(transfers).toHaveLength(3);
    expect(Object.values(settle(nets, transfers)).every((cents) => cents === 0)).toBe(true);
    // Subset sums beyond 2^53 are not exact in a Float64Array: the greedy method takes over.
    const huge = { a: big, b: big, c: -big, d: -big };
    expect(simplifyDebts(huge)).toEqual([
      { from: 'c', to: 'a', amountCents: big },
      { from: 'd', to: 'b', amountCents: big },
    ]);
  });

  it('solves the limit of 20 balances exactly', () => {
    // Ten pairs that cancel, disguised: 10 transfers, where the greedy method needs more.
    const nets: Record<string, Cents> = {};
    for (let pair = 0; pair < EXACT_DEBT_LIMIT / 2; pair++) {
      nets[`credit${pair}`] = 1000 + pair * 7;
      nets[`debt${pair}`] = -(1000 + ((pair + 1) % 10) * 7);
    }
    expect(simplifyDebts(nets)).toHaveLength(10);
  });
});

// ---- Properties ----

/** Zero-sum balances with small values, so zero-sum subsets are frequent. */
function balances(maxCount: number, maxMagnitude = 30, minCount = 2) {
  return fc
    .array(fc.integer({ min: -maxMagnitude, max: maxMagnitude }), {
      minLength: minCount - 1,
      maxLength: maxCount - 1,
    })
    .chain((values) => {
      const all = [...values, -values.reduce((sum, value) => sum + value, 0)];
      return fc
        .uniqueArray(fc.string({ minLength: 1, maxLength: 4 }), {
          minLength: all.length,
          maxLength: all.length,
        })
        .map((ids) => Object.fromEntries(ids.map((id, index) => [id, all[index] ?? 0])));
    });
}

const nonZeroCount = (nets: Record<string, Cents>) =>
  Object.values(nets).filter((cents) => cents !== 0).length;

describe('simplifyDebts properties', () => {
  it('settles everything with positive transfers, never more than greedy, in a stable order', () => {
    fc.assert(
      fc.property(fc.oneof(balances(12), balances(12, 1_000_000)), (nets) => {
        const transfers = simplifyDebts(nets);
        expect(Object.values(settle(nets, transfers)).every((cents) => cents === 0)).toBe(true);
        for (const { from, to, amountCents } of transfers) {
          expect(amountCents).toBeGreaterThan(0);
          expect(nets[from]).toBeLessThan(0);
          expect(nets[to]).toBeGreaterThan(0);
        }
        expect(transfers.length).toBeLessThanOrEqual(greedyDebts(nets).length);
        expect(transfers).toEqual([...transfers].sort(byFromThenTo));
      }),
      { numRuns: 200 },
    );
  });

  it('uses the proven minimum number of transfers (brute force, up to 7 balances)', () => {
    fc.assert(
      fc.property(fc.oneof(balances(7, 5), balances(7)), (nets) => {
        const values = Object.values(nets).filter((cents) => cents !== 0);
        expect(simplifyDebts(nets)).toHaveLength(bruteForceMinimum(values));
      }),
      { numRuns: 300 },
    );
  });

  it('is deterministic: the same balances in another key order give the same transfers', () => {
    fc.assert(
      fc.property(balances(14), fc.func(fc.integer()), (nets, rank) => {
        const shuffled = Object.fromEntries(
          Object.entries(nets).sort(([a], [b]) => rank(a) - rank(b) || (a < b ? -1 : 1)),
        );
        expect(simplifyDebts(shuffled)).toEqual(simplifyDebts(nets));
        expect(greedyDebts(shuffled)).toEqual(greedyDebts(nets));
      }),
      { numRuns: 100 },
    );
  });

  it('needs at most n minus the planted zero-sum groups, up to the limit of 20', () => {
    const group = fc
      .array(
        fc.integer({ min: -50_000, max: 50_000 }).filter((cents) => cents !== 0),
        {
          minLength: 1,
          maxLength: 4,
        },
      )
      .map((values) => [...values, -values.reduce((sum, value) => sum + value, 0)])
      .filter((values) => values.every((cents) => cents !== 0));
    fc.assert(
      fc.property(fc.array(group, { minLength: 1, maxLength: 10 }), (groups) => {
        const planted: number[][] = [];
        for (const values of groups) {
          if (planted.flat().length + values.length > EXACT_DEBT_LIMIT) break;
          planted.push(values);
        }
        const values = planted.flat();
        const nets = Object.fromEntries(values.map((cents, index) => [`m${index}`, cents]));
        const transfers = simplifyDebts(nets);
        expect(transfers.length).toBeLessThanOrEqual(values.length - planted.length);
        expect(Object.values(settle(nets, transfers)).every((cents) => cents === 0)).toBe(true);
      }),
      { numRuns: 30 },
    );
  });

  it('beyond the limit, settles like greedy', () => {
    fc.assert(
      fc.property(balances(60, 1000, 30), (nets) => {
        fc.pre(nonZeroCount(nets) > EXACT_DEBT_LIMIT);
        expect(simplifyDebts(nets)).toEqual(greedyDebts(nets).sort(byFromThenTo));
      }),
      { numRuns: 50 },
    );
  });
});
