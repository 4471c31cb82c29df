import { describe, expect, it } from 'vitest';
import { detectFormat, previewImport, readImport } from '../src';
import { fixture } from './support/fixtures';

describe('previewImport', () => {
  it('shows people, rows, currencies, dates and each balance of a Splitwise export', () => {
    const preview = previewImport(readImport('splitwise-csv', fixture('splitwise-lisbon-en.csv')));
    expect(preview).toEqual(
      expect.objectContaining({
        format: 'splitwise-csv',
        language: 'en',
        expenseCount: 8,
        settlementCount: 2,
        currencies: [
          { currency: 'EUR', rows: 8 },
          { currency: 'USD', rows: 2 },
        ],
        dateRange: { from: '2026-05-02', to: '2026-05-08' },
        skippedLines: [],
        problems: [],
        totalsDifferences: [],
      }),
    );
    expect(preview.people).toEqual([
      {
        key: 'p1',
        name: 'Anna Petrova',
        balances: [
          { currency: 'EUR', cents: -20915 },
          { currency: 'USD', cents: 10500 },
        ],
      },
      {
        key: 'p2',
        name: 'Boris K.',
        balances: [
          { currency: 'EUR', cents: 26055 },
          { currency: 'USD', cents: -1000 },
        ],
      },
      {
        key: 'p3',
        name: 'Chloé Martin',
        balances: [
          { currency: 'EUR', cents: 10075 },
          { currency: 'USD', cents: -6000 },
        ],
      },
      {
        key: 'p4',
        name: 'Dmitri',
        balances: [
          { currency: 'EUR', cents: -15215 },
          { currency: 'USD', cents: -3500 },
        ],
      },
    ]);
  });

  it('lists every unreadable row with its line, and how the totals will then differ', () => {
    const preview = previewImport(readImport('splitwise-csv', fixture('splitwise-broken-line-en.csv')));
    expect(preview.problems).toEqual([expect.objectContaining({ line: 4, code: 'BAD_AMOUNT' })]);
    expect(preview.expenseCount).toBe(1);
    expect(preview.settlementCount).toBe(1);
    expect(preview.totalsDifferences.map(({ key }) => key)).toEqual(['p1', 'p2', 'p3']);
  });

  it('previews a Spliit JSON and a Spliit CSV export', () => {
    const json = previewImport(readImport('spliit-json', fixture('spliit-zurich.json')));
    expect(json).toEqual(
      expect.objectContaining({
        groupName: 'Zürich trip',
        expenseCount: 7,
        settlementCount: 1,
        currencies: [{ currency: 'EUR', rows: 8 }],
        dateRange: { from: '2025-06-01', to: '2025-06-08' },
        totalsDifferences: [],
      }),
    );
    const csv = previewImport(readImport('spliit-csv', fixture('spliit-zurich.csv')));
    expect(csv.problems.map(({ line, code }) => ({ line, code }))).toEqual([
      { line: 5, code: 'PAYER_UNKNOWN' },
    ]);
    expect(csv.dateRange).toEqual({ from: '2025-06-01', to: '2025-06-06' });
  });

  it('previews an empty reading without a date range', () => {
    const preview = previewImport(readImport('splitwise-csv', 'not,a,splitwise,file\n'));
    expect(preview.dateRange).toBeUndefined();
    expect(preview.people).toEqual([]);
    expect(preview.problems).toEqual([expect.objectContaining({ code: 'NOT_THIS_FORMAT' })]);
  });
});

describe('detectFormat', () => {
  it.each([
    ['splitwise-lisbon-en.csv', 'splitwise-csv'],
    ['splitwise-ru.csv', 'splitwise-csv'],
    ['splitwise-pt.csv', 'splitwise-csv'],
    ['spliit-zurich.csv', 'spliit-csv'],
    ['spliit-old-two-people.csv', 'spliit-csv'],
    ['spliit-zurich.json', 'spliit-json'],
  ] as const)('%s is %s', (name, format) => {
    expect(detectFormat(fixture(name))).toBe(format);
  });

  it('knows nothing else', () => {
    expect(detectFormat('name,amount\nPizza,12\n')).toBeUndefined();
    expect(detectFormat('')).toBeUndefined();
  });
});
