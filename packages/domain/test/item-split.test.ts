import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type Cents,
  checkItemSplit,
  formatCents,
  type ItemSplit,
  isItemAssigned,
  itemParticipants,
  sameItemSplit,
  splitItem,
  splitItems,
  sumCents,
  toggleItemMember,
} from '../src/index';
import { errorOf } from './error-of';

const order = ['anya', 'borya', 'dima', 'sasha'] as const;

describe('splitItem', () => {
  it('splits among the listed members equally, the extra cent to the first in group order', () => {
    expect(splitItem(1000, { method: 'members', memberIds: ['sasha', 'borya', 'dima'] }, order)).toEqual({
      borya: 334,
      dima: 333,
      sasha: 333,
    });
  });

  it('leaves an item without members unallocated', () => {
    expect(splitItem(500, { method: 'members', memberIds: [] }, order)).toEqual({});
  });

  it('splits by shares, the remainder to the first member in group order, not the biggest share', () => {
    expect(splitItem(1000, { method: 'shares', shares: { dima: 2, borya: 1, anya: 0 } }, order)).toEqual({
      borya: 334,
      dima: 666,
    });
  });

  it('splits by percentages summing to 100 within 0.1, the remainder to the first member', () => {
    expect(
      splitItem(
        1000,
        { method: 'percentages', percents: { sasha: 33.33, dima: 33.33, borya: 33.33 } },
        order,
      ),
    ).toEqual({ borya: 334, dima: 333, sasha: 333 });
    expect(splitItem(999, { method: 'percentages', percents: { anya: 60, borya: 40 } }, order)).toEqual({
      anya: 600,
      borya: 399,
    });
  });

  it('takes amounts as typed; the cent the 0.01 tolerance leaves goes to the first member', () => {
    expect(splitItem(1000, { method: 'amounts', cents: { borya: 400, anya: 600 } }, order)).toEqual({
      anya: 600,
      borya: 400,
    });
    expect(splitItem(1000, { method: 'amounts', cents: { dima: 500, borya: 499, anya: 0 } }, order)).toEqual({
      borya: 500,
      dima: 500,
    });
  });

  it.each<[string, ItemSplit]>([
    ['amounts above the item', { method: 'amounts', cents: { anya: 600, borya: 401 } }],
    ['amounts more than a cent short', { method: 'amounts', cents: { anya: 600, borya: 398 } }],
    ['no amounts at all', { method: 'amounts', cents: { anya: 0 } }],
    ['percentages above 100.1', { method: 'percentages', percents: { anya: 60, borya: 40.11 } }],
    ['percentages short of 99.9', { method: 'percentages', percents: { anya: 60, borya: 39.89 } }],
    ['percentages with 3 decimals', { method: 'percentages', percents: { anya: 59.995, borya: 40.005 } }],
    ['no shares', { method: 'shares', shares: { anya: 0 } }],
    ['a fractional share', { method: 'shares', shares: { anya: 1.5 } }],
    ['someone outside the group', { method: 'members', memberIds: ['anya', 'ghost'] }],
    ['someone outside the group with nothing', { method: 'amounts', cents: { anya: 1000, ghost: 0 } }],
  ])('refuses %s, naming the split', (_, split) => {
    const error = errorOf(() => splitItem(1000, split, order, 'items.3.split'));
    expect(error.code).toBe('INVALID_SPLIT');
    expect(error.field).toBe('items.3.split');
  });

  it('refuses a negative or fractional amount for a member', () => {
    const negative = errorOf(() =>
      splitItem(1000, { method: 'amounts', cents: { anya: 1001, borya: -1 } }, order),
    );
    expect(negative).toMatchObject({ code: 'INVALID_AMOUNT', field: 'split.borya' });
    expect(errorOf(() => splitItem(1000, { method: 'amounts', cents: { anya: 999.5 } }, order)).code).toBe(
      'INVALID_AMOUNT',
    );
  });
});

describe('the item split dialog rules', () => {
  it('says what is wrong, with the required and current sums', () => {
    expect(checkItemSplit(1000, { method: 'amounts', cents: { anya: 1001 } })).toEqual({
      code: 'AMOUNTS_EXCEED',
      requiredCents: 1000,
      currentCents: 1001,
    });
    expect(checkItemSplit(1000, { method: 'amounts', cents: { anya: 900 } })).toEqual({
      code: 'AMOUNTS_MISMATCH',
      requiredCents: 1000,
      currentCents: 900,
    });
    expect(checkItemSplit(1000, { method: 'amounts', cents: { anya: 999 } })).toBeNull();
    expect(checkItemSplit(1000, { method: 'percentages', percents: { anya: 100.11 } })).toEqual({
      code: 'PERCENTS_EXCEED',
      currentHundredths: 10_011,
    });
    expect(checkItemSplit(1000, { method: 'percentages', percents: { anya: 100.1 } })).toBeNull();
    expect(checkItemSplit(1000, { method: 'percentages', percents: { anya: 99.9 } })).toBeNull();
    expect(checkItemSplit(1000, { method: 'percentages', percents: { anya: 50, borya: 49.89 } })).toEqual({
      code: 'PERCENTS_MISMATCH',
      currentHundredths: 9989,
    });
    expect(checkItemSplit(1000, { method: 'shares', shares: {} })).toEqual({ code: 'NO_SHARES' });
    expect(checkItemSplit(1000, { method: 'members', memberIds: [] })).toBeNull();
  });

  it('accepts amounts exactly when they do not exceed the item and fall short by at most a cent', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.array(fc.integer({ min: 0, max: 5_000_000 }), { minLength: 1, maxLength: 5 }),
        (amountCents, values) => {
          const cents = Object.fromEntries(values.map((value, i) => [order[i % 4]! + i, value]));
          const sum = sumCents(Object.values(cents));
          const problem = checkItemSplit(amountCents, { method: 'amounts', cents });
          if (sum > amountCents) expect(problem?.code).toBe('AMOUNTS_EXCEED');
          else if (amountCents - sum > 1 || sum === 0) expect(problem?.code).toBe('AMOUNTS_MISMATCH');
          else expect(problem).toBeNull();
          if (problem && problem.code !== 'NO_SHARES' && 'requiredCents' in problem) {
            expect(problem).toMatchObject({ requiredCents: amountCents, currentCents: sum });
          }
        },
      ),
    );
  });

  it('accepts percentages exactly when they sum to 100 within 0.1', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 10_000 }), { minLength: 1, maxLength: 6 }),
        (hundredths) => {
          const percents = Object.fromEntries(hundredths.map((h, i) => [`m${i}`, Number(formatCents(h))]));
          const total = hundredths.reduce((sum, h) => sum + h, 0);
          const problem = checkItemSplit(100, { method: 'percentages', percents });
          if (total > 10_010) expect(problem).toEqual({ code: 'PERCENTS_EXCEED', currentHundredths: total });
          else if (total < 9990)
            expect(problem).toEqual({ code: 'PERCENTS_MISMATCH', currentHundredths: total });
          else expect(problem).toBeNull();
        },
      ),
    );
  });
});

describe('toggling a member on an item', () => {
  it('adds and removes the member, keeping group order', () => {
    const none: ItemSplit = { method: 'members', memberIds: [] };
    const withDima = toggleItemMember(none, 'dima', order);
    const both = toggleItemMember(withDima, 'anya', order);
    expect(both).toEqual({ method: 'members', memberIds: ['anya', 'dima'] });
    expect(toggleItemMember(both, 'dima', order)).toEqual({ method: 'members', memberIds: ['anya'] });
  });

  it('turns a numeric split into a plain members split of those who took part', () => {
    const shares: ItemSplit = { method: 'shares', shares: { anya: 2, borya: 0, dima: 1 } };
    expect(toggleItemMember(shares, 'sasha', order)).toEqual({
      method: 'members',
      memberIds: ['anya', 'dima', 'sasha'],
    });
    expect(toggleItemMember(shares, 'anya', order)).toEqual({ method: 'members', memberIds: ['dima'] });
    const amounts: ItemSplit = { method: 'amounts', cents: { borya: 500, sasha: 500 } };
    expect(toggleItemMember(amounts, 'borya', order)).toEqual({ method: 'members', memberIds: ['sasha'] });
  });

  it('is undone by toggling the same member again on a members split', () => {
    fc.assert(
      fc.property(fc.subarray([...order]), fc.constantFrom(...order), (memberIds, id) => {
        const split: ItemSplit = { method: 'members', memberIds: order.filter((m) => memberIds.includes(m)) };
        const twice = toggleItemMember(toggleItemMember(split, id, order), id, order);
        expect(twice).toEqual(split);
      }),
    );
  });
});

describe('helpers', () => {
  it('knows who takes part and whether an item is assigned', () => {
    expect(itemParticipants({ method: 'shares', shares: { dima: 1, anya: 0, borya: 3 } }, order)).toEqual([
      'borya',
      'dima',
    ]);
    expect(isItemAssigned({ method: 'members', memberIds: [] })).toBe(false);
    expect(isItemAssigned({ method: 'members', memberIds: ['anya'] })).toBe(true);
    expect(isItemAssigned({ method: 'percentages', percents: { anya: 100 } })).toBe(true);
  });

  it('compares splits as typed, whatever the order of ids and keys', () => {
    expect(
      sameItemSplit(
        { method: 'members', memberIds: ['a', 'b'] },
        { method: 'members', memberIds: ['b', 'a'] },
      ),
    ).toBe(true);
    expect(
      sameItemSplit(
        { method: 'shares', shares: { a: 1, b: 2 } },
        { method: 'shares', shares: { b: 2, a: 1 } },
      ),
    ).toBe(true);
    expect(
      sameItemSplit({ method: 'shares', shares: { a: 1 } }, { method: 'shares', shares: { a: 1, b: 0 } }),
    ).toBe(false);
    expect(
      sameItemSplit({ method: 'shares', shares: { a: 1 } }, { method: 'percentages', percents: { a: 1 } }),
    ).toBe(false);
  });
});

/** A random group, and items each with a split the dialog would accept. */
const scenario = fc
  .uniqueArray(fc.string({ minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 8 })
  .chain((members) =>
    fc.record({
      members: fc.constant(members),
      items: fc.array(
        fc
          .oneof(fc.integer({ min: 1, max: 100_000 }), fc.integer({ min: 1, max: 10_000_000_000 }))
          .chain((amountCents) =>
            fc.record({ amountCents: fc.constant(amountCents), split: validSplit(amountCents, members) }),
          ),
        { minLength: 1, maxLength: 10 },
      ),
    }),
  );

/** n non-negative integers summing to total. */
function partition(total: number, n: number): fc.Arbitrary<number[]> {
  return fc.array(fc.integer({ min: 0, max: total }), { minLength: n - 1, maxLength: n - 1 }).map((cuts) => {
    const sorted = [0, ...cuts.sort((a, b) => a - b), total];
    return sorted.slice(1).map((cut, i) => cut - sorted[i]!);
  });
}

function validSplit(amountCents: Cents, members: string[]): fc.Arbitrary<ItemSplit> {
  const someone = fc.subarray(members, { minLength: 1 });
  return fc.oneof(
    fc.subarray(members).map((memberIds): ItemSplit => ({ method: 'members', memberIds })),
    someone.chain((ids) =>
      fc.array(fc.integer({ min: 0, max: 1000 }), { minLength: ids.length, maxLength: ids.length }).map(
        (shares): ItemSplit => ({
          method: 'shares',
          shares: Object.fromEntries(ids.map((id, i) => [id, i === 0 ? shares[i]! + 1 : shares[i]!])),
        }),
      ),
    ),
    someone.chain((ids) =>
      fc
        .tuple(partition(10_000, ids.length), fc.integer({ min: -10, max: 10 }))
        .map(([parts, nudge]): ItemSplit => {
          const hundredths = parts.map((h, i) => (i === 0 ? Math.min(10_000, Math.max(0, h + nudge)) : h));
          return {
            method: 'percentages',
            percents: Object.fromEntries(ids.map((id, i) => [id, Number(formatCents(hundredths[i]!))])),
          };
        }),
    ),
    someone.chain((ids) =>
      // The amounts add up to the item, or fall a cent short (the dialog's 0.01 tolerance).
      fc
        .integer({ min: 0, max: amountCents > 1 ? 1 : 0 })
        .chain((short) => partition(amountCents - short, ids.length))
        .map(
          (parts): ItemSplit => ({
            method: 'amounts',
            cents: Object.fromEntries(ids.map((id, i) => [id, parts[i]!])),
          }),
        ),
    ),
  );
}

describe('splitItems properties', () => {
  it('splits every item exactly, totals the item sum, and sums each member over the items', () => {
    fc.assert(
      fc.property(scenario, ({ members, items }) => {
        const result = splitItems(items, members);
        items.forEach((item, index) => {
          const part = result.items[index] ?? {};
          const participants = itemParticipants(item.split, members);
          expect(Object.keys(part).sort()).toEqual([...participants].sort());
          if (participants.length > 0) expect(sumCents(Object.values(part))).toBe(item.amountCents);
        });
        expect(result.totalCents).toBe(sumCents(items.map((item) => item.amountCents)));
        expect(result.assigned).toBe(items.some((item) => isItemAssigned(item.split)));
        for (const id of members) {
          const mine = result.items.filter((part) => Object.hasOwn(part, id)).map((part) => part[id] ?? 0);
          if (mine.length === 0) expect(Object.hasOwn(result.totals, id)).toBe(false);
          else expect(result.totals[id]).toBe(sumCents(mine));
        }
        const allocated = sumCents(
          items.filter((item) => isItemAssigned(item.split)).map((item) => item.amountCents),
        );
        expect(sumCents(Object.values(result.totals))).toBe(allocated);
      }),
    );
  });

  it('gives every remainder cent to the first member in group order who takes part', () => {
    fc.assert(
      fc.property(scenario, ({ members, items }) => {
        const result = splitItems(items, members);
        items.forEach((item, index) => {
          const part = result.items[index] ?? {};
          const [first, ...rest] = itemParticipants(item.split, members);
          if (first === undefined) return;
          const { split, amountCents } = item;
          if (split.method === 'amounts') {
            for (const id of rest) expect(part[id]).toBe(split.cents[id]);
            return;
          }
          // Everyone else gets exactly floor(amount * weight / total weight).
          const weights = (id: string): bigint => {
            if (split.method === 'members') return 1n;
            if (split.method === 'shares') return BigInt(split.shares[id] ?? 0);
            return BigInt(Math.round((split.percents[id] ?? 0) * 100));
          };
          const total = [first, ...rest].reduce((sum, id) => sum + weights(id), 0n);
          for (const id of rest) {
            expect(BigInt(part[id]!)).toBe((BigInt(amountCents) * weights(id)) / total);
          }
          expect(BigInt(part[first]!)).toBeGreaterThanOrEqual((BigInt(amountCents) * weights(first)) / total);
        });
      }),
    );
  });
});
