import { describe, expect, it } from 'vitest';
import { type ExportGroup, planBalances, planImport, readSplitwiseCsv, writeSplitwiseCsv } from '../src';

const group: ExportGroup = {
  name: 'Lisbon',
  currency: 'EUR',
  exportDate: '2026-06-01',
  members: [
    { id: 'm-anna', name: 'Anna' },
    { id: 'm-boris', name: 'Boris, K.' },
    { id: 'm-eve', name: '=Eve' },
  ],
  entries: [
    {
      date: '2026-05-02',
      description: 'Groceries',
      category: 'Food',
      costCents: 9000,
      payers: { 'm-anna': 9000 },
      shares: { 'm-anna': 3000, 'm-boris': 3000, 'm-eve': 3000 },
      isSettlement: false,
    },
    {
      date: '2026-05-03',
      description: '-taxi "night"',
      category: '@work',
      costCents: 10001,
      payers: { 'm-boris': 6000, 'm-eve': 4001 },
      shares: { 'm-anna': 3334, 'm-boris': 3334, 'm-eve': 3333 },
      isSettlement: false,
      original: { currency: 'USD', amountCents: 10870, rate: '0.9201' },
    },
    {
      date: '2026-05-04',
      description: 'Anna → Boris',
      category: '',
      costCents: 2500,
      payers: { 'm-anna': 2500 },
      shares: { 'm-boris': 2500 },
      isSettlement: true,
    },
  ],
};

describe('writeSplitwiseCsv', () => {
  const csv = writeSplitwiseCsv(group);
  const lines = csv.split('\r\n');

  it("lays the group out as Splitwise does, with Dolya's extra columns after the people", () => {
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(lines).toEqual([
      '\uFEFFDate,Description,Category,Cost,Currency,Anna,"Boris, K.",\'=Eve,Original cost,Original currency,Conversion rate',
      '',
      '2026-05-02,Groceries,Food,90.00,EUR,60.00,-30.00,-30.00,,,',
      '2026-05-03,"\'-taxi ""night""",\'@work,100.01,EUR,-33.34,26.66,6.68,108.70,USD,0.9201',
      '2026-05-04,Anna → Boris,Payment,25.00,EUR,25.00,-25.00,0.00,,,',
      '',
      '2026-06-01,Total balance, , ,EUR,51.66,-28.34,-23.32,,,',
      '',
    ]);
  });

  it('escapes every text cell that could start a formula, and no number', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r']) {
      const text = writeSplitwiseCsv({
        ...group,
        entries: [{ ...group.entries[0]!, description: `${start}cmd` }],
      });
      expect(text).toContain(`'${start}cmd`);
    }
    expect(lines[2]).toContain(',-30.00,');
  });

  it('reads back through the Splitwise reader with the same nets, originals and totals', () => {
    const file = readSplitwiseCsv(csv);
    expect(file.problems).toEqual([]);
    expect(file.people.map((person) => person.name)).toEqual(['Anna', 'Boris, K.', "'=Eve"]);
    expect(file.rows.map((row) => row.nets)).toEqual([
      { p1: 6000, p2: -3000, p3: -3000 },
      { p1: -3334, p2: 2666, p3: 668 },
    ]);
    expect(file.rows[1]?.original).toEqual({ currency: 'USD', amountCents: 10870, rate: '0.9201' });
    expect(file.repayments.map((row) => row.nets)).toEqual([{ p1: 2500, p2: -2500 }]);
    expect(file.totals).toEqual([{ line: 7, currency: 'EUR', nets: { p1: 5166, p2: -2834, p3: -2332 } }]);
    const keys = file.people.map((person) => person.key);
    expect(planBalances(planImport(file), keys)).toEqual([
      { currency: 'EUR', nets: { p1: 5166, p2: -2834, p3: -2332 } },
    ]);
  });

  it('writes an empty group as a header and zero totals', () => {
    const file = readSplitwiseCsv(writeSplitwiseCsv({ ...group, entries: [] }));
    expect(file.problems).toEqual([]);
    expect(file.rows).toEqual([]);
    expect(file.totals[0]?.nets).toEqual({});
  });
});
