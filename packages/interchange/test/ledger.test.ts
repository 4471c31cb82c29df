import { checkPayers, sumCents } from '@dolya/domain';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareWithTotals, type ImportFile, planBalances, planImport, readSplitwiseCsv } from '../src';
import { SPLITWISE_WORDS } from '../src/words';
import { fixture } from './support/fixtures';
import { type SampleRow, writeSplitwiseCsv } from './support/splitwise-writer';

const keysOf = (file: ImportFile) => file.people.map(({ key }) => key);

/** Every planned expense and settlement of the file gives exactly its row's nets. */
function expectRowNets(file: ImportFile) {
  const plan = planImport(file);
  for (const expense of plan.expenses) {
    const row = file.rows.find((r) => r.line === expense.line)!;
    checkPayers(expense.amountCents, expense.payers, keysOf(file));
    expect(sumCents(Object.values(expense.splitCents))).toBe(expense.amountCents);
    const nets: Record<string, number> = {};
    for (const { memberId, cents } of expense.payers) nets[memberId] = (nets[memberId] ?? 0) + cents;
    for (const [key, cents] of Object.entries(expense.splitCents)) nets[key] = (nets[key] ?? 0) - cents;
    for (const key of Object.keys(nets)) if (nets[key] === 0) delete nets[key];
    expect(nets).toEqual(row.nets);
    for (const share of Object.values(expense.splitCents)) expect(share).toBeGreaterThan(0);
  }
  for (const row of file.repayments) {
    const nets: Record<string, number> = {};
    for (const s of plan.settlements.filter((settlement) => settlement.line === row.line)) {
      expect(s.amountCents).toBeGreaterThan(0);
      nets[s.fromKey] = (nets[s.fromKey] ?? 0) + s.amountCents;
      nets[s.toKey] = (nets[s.toKey] ?? 0) - s.amountCents;
    }
    expect(nets).toEqual(row.nets);
  }
  return plan;
}

describe('planImport: a Splitwise export', () => {
  const file = readSplitwiseCsv(fixture('splitwise-lisbon-en.csv'));
  const plan = planImport(file);

  it('makes the one person ahead the payer of the whole cost', () => {
    expect(plan.expenses[0]).toEqual({
      line: 3,
      date: '2026-05-02',
      name: 'Groceries at Pingo Doce',
      category: 'Groceries',
      currency: 'EUR',
      amountCents: 8460,
      payers: [{ memberId: 'p1', cents: 8460 }],
      splitCents: { p1: 2115, p2: 2115, p3: 2115, p4: 2115 },
    });
    // Dmitri's zero: the file cannot say he took part, so he has no share.
    expect(plan.expenses[2]?.splitCents).toEqual({ p1: 3245, p2: 3245, p3: 3245 });
  });

  it('makes a row two people came out ahead on an expense paid by both', () => {
    expect(plan.expenses[1]).toEqual(
      expect.objectContaining({
        amountCents: 60000,
        payers: [
          { memberId: 'p2', cents: 40000 },
          { memberId: 'p3', cents: 20000 },
        ],
        splitCents: { p1: 15000, p2: 15000, p3: 15000, p4: 15000 },
      }),
    );
  });

  it('makes repayments settlements from the one ahead to the one behind', () => {
    expect(plan.settlements).toEqual([
      {
        line: 7,
        date: '2026-05-05',
        name: 'Boris K. paid Anna P.',
        currency: 'EUR',
        fromKey: 'p2',
        toKey: 'p1',
        amountCents: 8435,
      },
      {
        line: 10,
        date: '2026-05-07',
        name: 'Chloé M. paid Dmitri',
        currency: 'EUR',
        fromKey: 'p3',
        toKey: 'p4',
        amountCents: 2000,
      },
    ]);
    expect(plan.skipped).toEqual([]);
  });

  it("leaves balances equal to the file's Total balance rows, in every currency", () => {
    expectRowNets(file);
    const balances = planBalances(plan, keysOf(file));
    expect(balances).toEqual(file.totals.map(({ currency, nets }) => ({ currency, nets })));
    expect(compareWithTotals(file, balances)).toEqual([]);
  });

  it('shows where a file with a broken line will differ from its totals', () => {
    const broken = readSplitwiseCsv(fixture('splitwise-broken-line-en.csv'));
    const differences = compareWithTotals(broken, planBalances(planImport(broken), keysOf(broken)));
    expect(differences).toEqual([
      { currency: 'EUR', key: 'p1', fileCents: 300, importedCents: 1200 },
      { currency: 'EUR', key: 'p2', fileCents: 1800, importedCents: 0 },
      { currency: 'EUR', key: 'p3', fileCents: -2100, importedCents: -1200 },
    ]);
  });

  it('skips rows that change no balance, and splits a repayment to several people', () => {
    const header = 'Date,Description,Category,Cost,Currency,Anna,Boris,Chloé';
    const text = `${header}\n2026-01-01,Own lunch,General,90.00,EUR,0.00,0.00,0.00\n2026-01-02,Anna paid both,Payment,15.00,EUR,15.00,-10.00,-5.00\n`;
    const several = readSplitwiseCsv(text);
    const result = planImport(several);
    expect(result.expenses).toEqual([]);
    expect(result.skipped).toEqual([{ line: 2, reason: 'NO_EFFECT' }]);
    expect(
      result.settlements.map(({ fromKey, toKey, amountCents }) => ({ fromKey, toKey, amountCents })),
    ).toEqual([
      { fromKey: 'p1', toKey: 'p2', amountCents: 1000 },
      { fromKey: 'p1', toKey: 'p3', amountCents: 500 },
    ]);
  });

  it("splits the payers' own part evenly, the odd cent to the first", () => {
    const header = 'Date,Description,Category,Cost,Currency,Anna,Boris,Chloé';
    // 10.01: Anna and Boris came out 0.34 and 0.33 ahead, Chloé 0.67 behind. The 9.34 the nets
    // do not account for is the payers' own shares: 4.67 each.
    const text = `${header}\n2026-01-02,Cake,General,10.01,EUR,0.34,0.33,-0.67\n`;
    const [expense] = planImport(readSplitwiseCsv(text)).expenses;
    expect(expense?.payers).toEqual([
      { memberId: 'p1', cents: 501 },
      { memberId: 'p2', cents: 500 },
    ]);
    expect(expense?.splitCents).toEqual({ p1: 467, p2: 467, p3: 67 });
    const odd = `${header}\n2026-01-02,Cake,General,10.00,EUR,0.34,0.33,-0.67\n`;
    expect(planImport(readSplitwiseCsv(odd)).expenses[0]?.splitCents).toEqual({ p1: 467, p2: 466, p3: 67 });
  });
});

// ---- The property: random valid exports import to the file's own totals, to the cent ----

const languages = Object.keys(SPLITWISE_WORDS);
const names = fc.uniqueArray(
  fc.oneof(
    fc.constantFrom('Anna', 'Борис', 'Chloé', 'D. "Dima" K.', 'Ева, младшая', 'Ömer', 'João'),
    fc
      .string({ minLength: 1, maxLength: 12 })
      .filter((name) => name.trim() === name && name.trim() !== '' && !/[\r\n]/.test(name)),
  ),
  { minLength: 1, maxLength: 6, selector: (name) => name },
);

/** Random cents summing to `total` over `count` people (zeros allowed). */
const partsOf = (total: number, count: number) =>
  fc.array(fc.nat({ max: 1000 }), { minLength: count, maxLength: count }).map((weights) => {
    const sum = weights.reduce((a, b) => a + b, 0);
    if (sum === 0) return weights.map((_, i) => (i === 0 ? total : 0));
    const parts = weights.map((w) => Math.floor((total * w) / sum));
    parts[weights.findIndex((w) => w > 0)]! += total - parts.reduce((a, b) => a + b, 0);
    return parts;
  });

const rowOf = (people: number) =>
  fc.oneof(
    // An expense: some paid, some owe, both summing to the cost.
    fc
      .integer({ min: 1, max: 50_000_000 })
      .chain((cost) => fc.tuple(fc.constant(cost), partsOf(cost, people), partsOf(cost, people)))
      .map(([cost, paid, owed]) => ({
        cost,
        nets: paid.map((p, i) => p - (owed[i] ?? 0)),
        repayment: false,
      })),
    // A repayment from one person to another.
    fc
      .tuple(fc.nat({ max: people - 1 }), fc.nat({ max: people - 1 }), fc.integer({ min: 1, max: 5_000_000 }))
      .map(([from, to, cents]) => ({
        cost: cents,
        nets: Array.from({ length: people }, (_, i) =>
          from === to ? 0 : i === from ? cents : i === to ? -cents : 0,
        ),
        repayment: true,
      })),
  );

const exportArb = names.chain((people) =>
  fc.record({
    people: fc.constant(people),
    language: fc.constantFrom(...languages),
    blankEvery: fc.integer({ min: 0, max: 5 }),
    rows: fc.array(
      fc.tuple(
        rowOf(people.length),
        fc.constantFrom('EUR', 'USD', 'RUB'),
        fc.date({ min: new Date('2015-01-01'), max: new Date('2026-12-31'), noInvalidDate: true }),
        fc.constantFrom('Groceries', 'Dining out', 'Rent', 'General', 'Такси'),
        fc.string({ maxLength: 30 }),
      ),
      { maxLength: 25 },
    ),
  }),
);

describe('planImport: property', () => {
  it("balances computed from the produced expenses and settlements equal the file's totals", () => {
    fc.assert(
      fc.property(exportArb, ({ people, language, blankEvery, rows }) => {
        const sampleRows: SampleRow[] = rows.map(([row, currency, date, category, description]) => ({
          date: date.toISOString().slice(0, 10),
          description: description.replace(/[\r\n]/g, ' '),
          category,
          currency,
          costCents: row.cost,
          nets: row.nets,
          repayment: row.repayment,
        }));
        const text = writeSplitwiseCsv({
          language,
          people,
          rows: sampleRows,
          exportDate: '2027-01-01',
          blankEvery,
        });
        const file = readSplitwiseCsv(text);
        expect(file.problems).toEqual([]);
        expect(file.people.map(({ name }) => name)).toEqual(people);
        expect(file.rows.length + file.repayments.length).toBe(rows.length);
        expectRowNets(file);
        const balances = planBalances(planImport(file), keysOf(file));
        expect(compareWithTotals(file, balances)).toEqual([]);
      }),
      { numRuns: 200 },
    );
  });
});
