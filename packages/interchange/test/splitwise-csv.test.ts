import { describe, expect, it } from 'vitest';
import { readSplitwiseCsv } from '../src';
import { fixture } from './support/fixtures';

describe('readSplitwiseCsv: a real-shaped export', () => {
  const file = readSplitwiseCsv(fixture('splitwise-lisbon-en.csv'));

  it('finds the people in column order', () => {
    expect(file.format).toBe('splitwise-csv');
    expect(file.language).toBe('en');
    expect(file.problems).toEqual([]);
    expect(file.people).toEqual([
      { key: 'p1', name: 'Anna Petrova' },
      { key: 'p2', name: 'Boris K.' },
      { key: 'p3', name: 'Chloé Martin' },
      { key: 'p4', name: 'Dmitri' },
    ]);
  });

  it('reads expenses in cents with their lines, skipping the blank separator rows', () => {
    expect(file.rows.map((row) => row.line)).toEqual([3, 4, 5, 6, 8, 9, 11, 12]);
    expect(file.rows[0]).toEqual({
      line: 3,
      date: '2026-05-02',
      description: 'Groceries at Pingo Doce',
      category: 'Groceries',
      currency: 'EUR',
      costCents: 8460,
      nets: { p1: 6345, p2: -2115, p3: -2115, p4: -2115 },
    });
    // Two payers: Boris and Chloé both come out ahead.
    expect(file.rows[1]?.nets).toEqual({ p1: -15000, p2: 25000, p3: 5000, p4: -15000 });
    // Quoted cells: a comma inside, a doubled quote; a zero column is left out of the nets.
    expect(file.rows[2]?.description).toBe('Dinner, Time Out Market');
    expect(file.rows[2]?.nets).toEqual({ p1: -3245, p2: -3245, p3: 6490 });
    expect(file.rows[7]?.description).toBe('Souvenir "azulejo"');
    expect(file.rows.map((row) => row.currency)).toEqual([
      'EUR',
      'EUR',
      'EUR',
      'EUR',
      'USD',
      'EUR',
      'EUR',
      'USD',
    ]);
  });

  it('takes the Payment category as repayments', () => {
    expect(file.repayments).toEqual([
      expect.objectContaining({ line: 7, costCents: 8435, nets: { p1: -8435, p2: 8435 } }),
      expect.objectContaining({ line: 10, costCents: 2000, nets: { p3: 2000, p4: -2000 } }),
    ]);
  });

  it('reads the closing Total balance rows, one per currency', () => {
    expect(file.totals).toEqual([
      { line: 14, currency: 'EUR', nets: { p1: -20915, p2: 26055, p3: 10075, p4: -15215 } },
      { line: 15, currency: 'USD', nets: { p1: 10500, p2: -1000, p3: -6000, p4: -3500 } },
    ]);
  });

  it('reads the same with a BOM, CRLF line ends and a trailing comma per line', () => {
    const text = `\uFEFF${fixture('splitwise-lisbon-en.csv')
      .split('\n')
      .map((line) => (line === '' ? line : `${line},`))
      .join('\r\n')}`;
    const again = readSplitwiseCsv(text);
    expect(again.problems).toEqual([]);
    expect(again.people).toEqual(file.people);
    expect(again.rows).toEqual(file.rows);
    expect(again.repayments).toEqual(file.repayments);
    expect(again.totals).toEqual(file.totals);
  });
});

describe('readSplitwiseCsv: headers in the exporter language', () => {
  const cases = [
    ['ru', 'splitwise-ru.csv', 'RUB', 'Аня'],
    ['de', 'splitwise-de.csv', 'EUR', 'Jonas'],
    ['fr', 'splitwise-fr.csv', 'EUR', 'Jules'],
    ['es', 'splitwise-es.csv', 'EUR', 'Lucía'],
    ['it', 'splitwise-it.csv', 'EUR', 'Giulia'],
    ['pt', 'splitwise-pt.csv', 'BRL', 'Ana'],
  ] as const;

  it.each(cases)(
    '%s: people, rows, the localized Payment and Total balance',
    (language, name, currency, first) => {
      const file = readSplitwiseCsv(fixture(name));
      expect(file.problems).toEqual([]);
      expect(file.language).toBe(language);
      expect(file.people.map((person) => person.name)[0]).toBe(first);
      expect(file.rows.map(({ line, costCents, nets }) => ({ line, costCents, nets }))).toEqual([
        { line: 3, costCents: 9000, nets: { p1: 6000, p2: -3000, p3: -3000 } },
        { line: 5, costCents: 4500, nets: { p1: -1500, p2: -1500, p3: 3000 } },
      ]);
      expect(file.repayments.map(({ line, nets }) => ({ line, nets }))).toEqual([
        { line: 4, nets: { p1: -3000, p2: 3000 } },
      ]);
      expect(file.totals).toEqual([{ line: 7, currency, nets: { p1: 1500, p2: -1500 } }]);
    },
  );
});

describe('readSplitwiseCsv: what it cannot read', () => {
  it('names a broken line and reads every other row', () => {
    const file = readSplitwiseCsv(fixture('splitwise-broken-line-en.csv'));
    expect(file.problems).toEqual([
      { line: 4, code: 'BAD_AMOUNT', message: 'Boris\'s amount "18.O0" is not an amount' },
    ]);
    expect(file.rows.map((row) => row.line)).toEqual([3]);
    expect(file.repayments.map((row) => row.line)).toEqual([5]);
    expect(file.totals).toHaveLength(1);
  });

  const header = 'Date,Description,Category,Cost,Currency,Anna,Boris';
  const problemOf = (row: string) => readSplitwiseCsv(`${header}\n${row}\n`).problems[0];

  it.each([
    ['2026-13-01,X,General,10.00,EUR,5.00,-5.00', 'BAD_DATE'],
    ['01/02/2026,X,General,10.00,EUR,5.00,-5.00', 'BAD_DATE'],
    ['2026-01-01,X,General,ten,EUR,5.00,-5.00', 'BAD_AMOUNT'],
    ['2026-01-01,X,General,10.005,EUR,5.00,-5.00', 'BAD_AMOUNT'],
    ['2026-01-01,X,General,-10.00,EUR,5.00,-5.00', 'NEGATIVE_COST'],
    ['2026-01-01,X,General,10.00,,5.00,-5.00', 'MISSING_CURRENCY'],
    ['2026-01-01,X,General,10.00,Euro,5.00,-5.00', 'UNKNOWN_CURRENCY'],
    ['2026-01-01,X,General,10.00,EUR,5.00,-4.99', 'NETS_NOT_ZERO'],
    ['2026-01-01,X,General,10.00,EUR,15.00,-15.00', 'NETS_EXCEED_COST'],
    ['2026-01-01,X,General,10.00,EUR,5.00', 'WRONG_COLUMN_COUNT'],
    ['2026-01-01,X,General,10.00,EUR,5.00,-5.00,1.00', 'WRONG_COLUMN_COUNT'],
  ])('%s -> %s on its line', (row, code) => {
    expect(problemOf(row)).toEqual(expect.objectContaining({ line: 2, code }));
  });

  it('refuses a file that is not a Splitwise export', () => {
    expect(readSplitwiseCsv('name,amount\nPizza,12\n').problems).toEqual([
      expect.objectContaining({ line: 1, code: 'NOT_THIS_FORMAT' }),
    ]);
    expect(readSplitwiseCsv('').problems).toEqual([expect.objectContaining({ code: 'NOT_THIS_FORMAT' })]);
    expect(readSplitwiseCsv(`${'Date,Description,Category,Cost,Currency'}\n`).problems).toEqual([
      expect.objectContaining({ code: 'NOT_THIS_FORMAT', message: 'The header names no people' }),
    ]);
  });

  it('names the line where a quote is left open, and reads on after it', () => {
    const text = [
      header,
      '2026-01-01,Fine,General,10.00,EUR,5.00,-5.00',
      '2026-01-02,"Closed"x,General,10.00,EUR,5.00,-5.00',
      '2026-01-03,"Two',
      'lines",General,10.00,EUR,5.00,-5.00',
      '2026-01-04,Ten,General,10.00,EUR,5.00,-5.00x',
      '2026-01-05,"Open,General,10.00,EUR,5.00,-5.00',
      '2026-01-06,Last,General,10.00,EUR,-5.00,5.00',
    ].join('\r\n');
    const file = readSplitwiseCsv(text);
    expect(file.problems.map(({ line, code }) => ({ line, code }))).toEqual([
      { line: 6, code: 'BAD_AMOUNT' },
      { line: 7, code: 'BROKEN_CSV' },
    ]);
    expect(file.rows.map(({ line, description }) => ({ line, description }))).toEqual([
      { line: 2, description: 'Fine' },
      // A stray quote is taken as text rather than losing the row.
      { line: 3, description: '"Closed"x' },
      { line: 4, description: 'Two\nlines' },
      { line: 8, description: 'Last' },
    ]);
  });
});

describe('readSplitwiseCsv: Total balance rows', () => {
  const header = 'Date,Description,Category,Cost,Currency,Anna,Boris';

  it('knows one in an unlisted language by its blank category and cost', () => {
    const file = readSplitwiseCsv(`${header}\n2026-01-01,Saldo całkowite, , ,PLN,5.00,-5.00\n`);
    expect(file.totals).toEqual([{ line: 2, currency: 'PLN', nets: { p1: 500, p2: -500 } }]);
  });

  it('does not take a row with only its cost missing for one', () => {
    const file = readSplitwiseCsv(`${header}\n2026-01-01,Lunch,General,,EUR,5.00,-5.00\n`);
    expect(file.totals).toEqual([]);
    expect(file.problems).toEqual([expect.objectContaining({ line: 2, code: 'BAD_AMOUNT' })]);
  });
});
