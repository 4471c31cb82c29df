import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type ExportEntry,
  type ExportGroup,
  entryNets,
  planBalances,
  planImport,
  readSplitwiseCsv,
  writeSplitwiseCsv,
} from '../src';

const NAME_CHARS = ['a', 'Я', 'é', ' ', ',', '"', '=', '+', '-', '@', "'", '1'];
const name = fc
  .array(fc.constantFrom(...NAME_CHARS), { minLength: 1, maxLength: 8 })
  .map((chars) => `M${chars.join('')}`.trim());

/** `total` cents cut into `count` parts, some of them zero. */
const partsOf = (total: number, count: number) =>
  fc.array(fc.nat({ max: 1000 }), { minLength: count, maxLength: count }).map((weights) => {
    const sum = weights.reduce((a, b) => a + b, 0) || 1;
    const parts = weights.map((w) => Math.floor((total * w) / sum));
    parts[0] = (parts[0] ?? 0) + total - parts.reduce((a, b) => a + b, 0);
    return parts;
  });

const entry = (memberCount: number) =>
  fc
    .record({
      costCents: fc.integer({ min: 1, max: 10_000_000 }),
      settlement: fc.boolean(),
      from: fc.nat({ max: memberCount - 1 }),
      to: fc.nat({ max: memberCount - 1 }),
      description: fc.string({ maxLength: 12 }),
      day: fc.integer({ min: 1, max: 28 }),
    })
    .chain((base) =>
      fc
        .tuple(partsOf(base.costCents, memberCount), partsOf(base.costCents, memberCount))
        .map(([paid, owed]): ExportEntry => {
          const id = (index: number) => `m${index}`;
          const date = `2026-03-${String(base.day).padStart(2, '0')}`;
          if (base.settlement && base.from !== base.to) {
            return {
              date,
              description: base.description,
              category: '',
              costCents: base.costCents,
              payers: { [id(base.from)]: base.costCents },
              shares: { [id(base.to)]: base.costCents },
              isSettlement: true,
            };
          }
          return {
            date,
            description: base.description,
            category: 'General',
            costCents: base.costCents,
            payers: Object.fromEntries(paid.map((cents, index) => [id(index), cents])),
            shares: Object.fromEntries(owed.map((cents, index) => [id(index), cents])),
            isSettlement: false,
          };
        }),
    );

const group = fc.uniqueArray(name, { minLength: 2, maxLength: 6, selector: (n) => n }).chain((names) =>
  fc.array(entry(names.length), { maxLength: 25 }).map(
    (entries): ExportGroup => ({
      name: 'Random',
      currency: 'EUR',
      exportDate: '2026-04-01',
      members: names.map((n, index) => ({ id: `m${index}`, name: n })),
      entries,
    }),
  ),
);

describe('a group exported to CSV and read back', () => {
  it('keeps every balance to the cent, in the file and through the import plan', () => {
    fc.assert(
      fc.property(group, (g) => {
        const expected: Record<string, number> = {};
        for (const e of g.entries) {
          for (const [id, cents] of Object.entries(entryNets(e))) expected[id] = (expected[id] ?? 0) + cents;
        }
        const file = readSplitwiseCsv(writeSplitwiseCsv(g));
        expect(file.problems).toEqual([]);
        expect(file.people).toHaveLength(g.members.length);
        const byMember = (nets: Record<string, number>) =>
          Object.fromEntries(g.members.map((m, index) => [m.id, nets[`p${index + 1}`] ?? 0]));
        const want = Object.fromEntries(g.members.map((m) => [m.id, expected[m.id] ?? 0]));
        expect(byMember(file.totals[0]?.nets ?? {})).toEqual(want);
        const keys = file.people.map((p) => p.key);
        const planned = planBalances(planImport(file), keys)[0]?.nets ?? {};
        expect(byMember(planned)).toEqual(want);
      }),
      { numRuns: 200 },
    );
  });
});
