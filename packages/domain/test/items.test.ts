import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_AMOUNT_CENTS, splitItems, sumCents } from '../src/index';
import { errorOf } from './error-of';

const order = ['anya', 'borya', 'dima', 'sasha'] as const;

describe('splitItems', () => {
  it('splits each item equally and adds up each member', () => {
    const result = splitItems(
      [
        { amountCents: 80000, participantIds: ['anya', 'borya'] },
        { amountCents: 120000, participantIds: [...order] },
        { amountCents: 35000, participantIds: ['dima'] },
      ],
      order,
    );
    expect(result.items).toEqual([
      { anya: 40000, borya: 40000 },
      { anya: 30000, borya: 30000, dima: 30000, sasha: 30000 },
      { dima: 35000 },
    ]);
    expect(result.totals).toEqual({ anya: 70000, borya: 70000, dima: 65000, sasha: 30000 });
    expect(result.totalCents).toBe(235000);
  });

  it('gives an item remainder to its first member in group order, whatever order they were listed in', () => {
    const result = splitItems([{ amountCents: 1000, participantIds: ['sasha', 'borya', 'dima'] }], order);
    expect(result.items[0]).toEqual({ borya: 334, dima: 333, sasha: 333 });
    expect(Object.keys(result.totals)).toEqual(['borya', 'dima', 'sasha']);
  });

  it('leaves an item without members unallocated but still counts it in the total', () => {
    const result = splitItems(
      [
        { amountCents: 500, participantIds: [] },
        { amountCents: 300, participantIds: ['anya'] },
      ],
      order,
    );
    expect(result.items).toEqual([{}, { anya: 300 }]);
    expect(result.totals).toEqual({ anya: 300 });
    expect(result.totalCents).toBe(800);
  });

  it('splits each item its own way and says whether any item is assigned', () => {
    const result = splitItems(
      [
        { amountCents: 1000, split: { method: 'percentages', percents: { borya: 60, anya: 40 } } },
        { amountCents: 301, split: { method: 'shares', shares: { dima: 1, sasha: 2 } } },
        { amountCents: 500, split: { method: 'members', memberIds: [] } },
      ],
      order,
    );
    expect(result.items).toEqual([{ anya: 400, borya: 600 }, { dima: 101, sasha: 200 }, {}]);
    expect(result.totals).toEqual({ anya: 400, borya: 600, dima: 101, sasha: 200 });
    expect(result.totalCents).toBe(1801);
    expect(result.assigned).toBe(true);
    expect(splitItems([{ amountCents: 5, participantIds: [] }], order).assigned).toBe(false);
  });

  it('refuses an item member who is not in the group', () => {
    const error = errorOf(() => splitItems([{ amountCents: 100, participantIds: ['ghost'] }], order));
    expect(error.code).toBe('INVALID_SPLIT');
    expect(error.field).toBe('items.0.split');
  });
});

describe('splitItems properties', () => {
  const scenario = fc
    .uniqueArray(fc.string({ minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 8 })
    .chain((members) =>
      fc.record({
        members: fc.constant(members),
        items: fc.array(
          fc.record({
            amountCents: fc.oneof(
              fc.integer({ min: 1, max: 100_000 }),
              fc.integer({ min: 1, max: MAX_AMOUNT_CENTS }),
            ),
            participantIds: fc.subarray(members, { minLength: 1 }),
          }),
          { minLength: 1, maxLength: 12 },
        ),
      }),
    );

  it('splits every item exactly, totals the item sum, and sums each member over the items', () => {
    fc.assert(
      fc.property(scenario, ({ members, items }) => {
        const result = splitItems(items, members);
        items.forEach((item, index) => {
          const part = result.items[index] ?? {};
          expect(sumCents(Object.values(part))).toBe(item.amountCents);
          expect(Object.keys(part).sort()).toEqual([...new Set(item.participantIds)].sort());
        });
        expect(result.totalCents).toBe(sumCents(items.map((item) => item.amountCents)));
        expect(sumCents(Object.values(result.totals))).toBe(result.totalCents);
        for (const id of members) {
          const expected = result.items.filter((part) => id in part).map((part) => part[id] ?? 0);
          // Object.hasOwn, not toHaveProperty: that one reads a key with '.' or '[' as a path.
          if (expected.length === 0) expect(Object.hasOwn(result.totals, id)).toBe(false);
          else expect(result.totals[id]).toBe(sumCents(expected));
        }
      }),
    );
  });

  it('keeps item parts within one cent of each other, the extra cents on the first member in group order', () => {
    fc.assert(
      fc.property(scenario, ({ members, items }) => {
        const result = splitItems(items, members);
        result.items.forEach((part) => {
          // Read in group order: an object lists integer-like keys such as "0" first.
          const values = members.filter((id) => Object.hasOwn(part, id)).map((id) => part[id] ?? 0);
          const first = values[0] ?? 0;
          const low = Math.min(...values);
          expect(first).toBe(Math.max(...values));
          for (const value of values.slice(1)) expect(value).toBe(low);
          expect(first - low).toBeLessThan(values.length);
        });
      }),
    );
  });
});
