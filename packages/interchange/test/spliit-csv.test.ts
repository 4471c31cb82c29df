import { describe, expect, it } from 'vitest';
import { planBalances, planImport, readSpliitCsv } from '../src';
import { fixture } from './support/fixtures';

describe('readSpliitCsv: the current export', () => {
  const file = readSpliitCsv(fixture('spliit-zurich.csv'));

  it('finds the participants after the fixed columns', () => {
    expect(file.format).toBe('spliit-csv');
    expect(file.people.map(({ name }) => name)).toEqual(['Alice', 'Bob', 'Charlie']);
  });

  it('turns signed shares into nets, the positive column being the payer', () => {
    expect(file.rows[0]).toEqual({
      line: 2,
      date: '2025-06-01',
      description: 'Groceries',
      category: 'Groceries',
      currency: 'EUR',
      costCents: 6000,
      nets: { p1: 4000, p2: -2000, p3: -2000 },
      paidBy: 'p1',
    });
    // 100.00 evenly in three: Spliit writes 33.33 thrice; the lost cent is the payer's share.
    expect(file.rows[1]?.nets).toEqual({ p1: -3333, p2: 6666, p3: -3333 });
    expect(file.rows.map(({ description }) => description)).toContain('Museum "Kunsthaus"');
  });

  it('keeps the original amount, currency and rate', () => {
    expect(file.rows[2]).toEqual(
      expect.objectContaining({
        line: 4,
        costCents: 9360,
        nets: { p1: -4000, p3: 4000 },
        paidBy: 'p3',
        original: { currency: 'CHF', amountCents: 9000, rate: '1.04' },
      }),
    );
  });

  it('names a reimbursement whose payer the CSV cannot tell (three people, two at zero)', () => {
    expect(file.problems).toEqual([expect.objectContaining({ line: 5, code: 'PAYER_UNKNOWN' })]);
    expect(file.repayments).toEqual([]);
  });

  it('plans expenses with the payer Spliit had, and their balances', () => {
    const plan = planImport(file);
    expect(plan.expenses[1]).toEqual(
      expect.objectContaining({
        amountCents: 10000,
        payers: [{ memberId: 'p2', cents: 10000 }],
        splitCents: { p1: 3333, p2: 3334, p3: 3333 },
      }),
    );
    expect(plan.expenses[3]?.splitCents).toEqual({ p1: 10000, p2: 5000, p3: 10000 });
    expect(planBalances(plan, ['p1', 'p2', 'p3'])).toEqual([
      { currency: 'EUR', nets: { p1: 14667, p2: -1834, p3: -12833 } },
    ]);
  });
});

describe('readSpliitCsv: an older export of two', () => {
  it('reads symbols as currencies, and tells the reimbursement payer by their zero', () => {
    const file = readSpliitCsv(fixture('spliit-old-two-people.csv'));
    expect(file.problems).toEqual([]);
    expect(file.rows.map(({ currency, nets }) => ({ currency, nets }))).toEqual([
      { currency: 'RUB', nets: { p1: 250000, p2: -250000 } },
      { currency: 'RUB', nets: { p1: -40000, p2: 40000 } },
    ]);
    expect(file.repayments).toEqual([
      expect.objectContaining({
        line: 3,
        costCents: 250000,
        nets: { p1: -250000, p2: 250000 },
        paidBy: 'p2',
      }),
    ]);
    const plan = planImport(file);
    expect(plan.settlements).toEqual([
      expect.objectContaining({ fromKey: 'p2', toKey: 'p1', amountCents: 250000 }),
    ]);
    expect(planBalances(plan, ['p1', 'p2'])).toEqual([{ currency: 'RUB', nets: { p1: -40000, p2: 40000 } }]);
  });
});

describe('readSpliitCsv: what it cannot read', () => {
  const header =
    '"Date","Description","Category","Currency","Cost","Original cost","Original currency","Conversion rate","Is Reimbursement","Split mode","A","B","C"';
  const problemOf = (row: string, options = {}) => readSpliitCsv(`${header}\n${row}\n`, options).problems[0];

  it.each([
    ['"2025-06-01","X","","EUR","30.00",,,,"No","Evenly",10,10,-10', 'PAYER_UNKNOWN'],
    ['"2025-06-01","X","","EUR","30.00",,,,"No","Evenly",-10,-10,-10', 'PAYER_UNKNOWN'],
    ['"2025-06-01","X","","EUR","30.00",,,,"No","Evenly",10,-10,-5', 'SHARES_NOT_COST'],
    ['"2025-06-01","X","","$","30.00",,,,"No","Evenly",10,-10,-10', 'UNKNOWN_CURRENCY'],
    ['"2025-06-01","X","","EUR","30.00","30","CHF","abc","No","Evenly",10,-10,-10', 'BAD_RATE'],
    ['"2025-06-01","X","","EUR","30.00","30","XXY","1.1","No","Evenly",10,-10,-10', 'UNKNOWN_CURRENCY'],
    ['"06/01/2025","X","","EUR","30.00",,,,"No","Evenly",10,-10,-10', 'BAD_DATE'],
    ['"2025-06-01","X","","EUR","30.00",,,,"No","Evenly",10,-10', 'WRONG_COLUMN_COUNT'],
  ])('%s -> %s', (row, code) => {
    expect(problemOf(row)).toEqual(expect.objectContaining({ line: 2, code }));
  });

  it('reads "$" as the currency the caller names', () => {
    const row = '"2025-06-01","X","","$","30.00",,,,"No","Evenly",10,-10,-10';
    const file = readSpliitCsv(`${header}\n${row}\n`, { currency: 'USD' });
    expect(file.problems).toEqual([]);
    expect(file.rows[0]?.currency).toBe('USD');
  });

  it('uses a "Paid by" column where an export has one', () => {
    const withPayer = header.replace('"Split mode"', '"Split mode","Paid by"');
    const row = '"2025-06-01","Gift","","EUR","30.00",,,,"No","By amount","B",0,0,-30';
    const file = readSpliitCsv(`${withPayer}\n${row}\n`);
    expect(file.problems).toEqual([]);
    expect(file.rows[0]?.nets).toEqual({ p2: 3000, p3: -3000 });
  });

  it('reads an income: A got 30.00 back for the three of them, so A owes B and C 10.00 each', () => {
    const row = '"2025-06-01","Deposit back","","EUR","-30.00","-28.85","CHF","1.04","No","Evenly",-10,10,10';
    const file = readSpliitCsv(`${header}\n${row}\n`);
    expect(file.problems).toEqual([]);
    expect(file.rows[0]).toEqual(
      expect.objectContaining({
        costCents: 3000,
        nets: { p1: -2000, p2: 1000, p3: 1000 },
        original: { currency: 'CHF', amountCents: 2885, rate: '1.04' },
      }),
    );
    expect(file.rows[0]?.paidBy).toBeUndefined();
    const [expense] = planImport(file).expenses;
    expect(expense?.payers).toEqual([
      { memberId: 'p2', cents: 1500 },
      { memberId: 'p3', cents: 1500 },
    ]);
  });

  it('keeps a participant named like a column a participant', () => {
    const named = header.replace('"C"', '"Paid by"');
    const file = readSpliitCsv(`${named}\n"2025-06-01","X","","EUR","30.00",,,,"No","Evenly",10,-10,-10\n`);
    expect(file.people.map(({ name }) => name)).toEqual(['A', 'B', 'Paid by']);
    expect(file.rows[0]?.nets).toEqual({ p1: 2000, p2: -1000, p3: -1000 });
  });

  it('refuses a Splitwise file', () => {
    expect(readSpliitCsv(fixture('splitwise-lisbon-en.csv')).problems).toEqual([
      expect.objectContaining({ line: 1, code: 'NOT_THIS_FORMAT' }),
    ]);
  });
});
