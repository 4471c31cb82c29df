import { type Cents, formatCents, sumCents } from '@dolya/domain';
import { isBlank, readCsv } from './csv';
import type { ImportFile, ImportOriginal, ImportPerson, ImportProblem, ImportRow } from './model';
import { fail, RowProblem } from './row-problem';
import { readCents, readCurrency, readDate } from './values';
import { dolyaExtraColumnCount, isPaymentCategory, isTotalBalance, splitwiseLanguage } from './words';

const FIXED_COLUMNS = 5;

/**
 * Reads a Splitwise group export ("Export as spreadsheet"): a header `Date, Description,
 * Category, Cost, Currency` (in the exporter's language) and one column per person holding each
 * row's net effect on them (what they paid minus their share); blank separator rows; and closing
 * "Total balance" rows, one per currency, with each person's balance. The "Payment" category
 * marks repayments. Amounts are plain decimals ("12.50"), dates YYYY-MM-DD.
 *
 * Never throws on a bad file: a file that is not this format is one problem on line 1 (or the
 * line where the CSV breaks); a row that cannot be read is left out and named with its line.
 */
export function readSplitwiseCsv(text: string): ImportFile {
  const file: ImportFile = {
    format: 'splitwise-csv',
    language: 'en',
    people: [],
    rows: [],
    repayments: [],
    problems: [],
    totals: [],
  };
  const csv = readCsv(text);
  for (const { line, message } of csv.broken) file.problems.push({ line, code: 'BROKEN_CSV', message });
  const records = csv.records.filter(({ cells }) => !isBlank(cells));
  const header = records.shift();
  const language = header ? splitwiseLanguage(header.cells) : undefined;
  if (!header || language === undefined) {
    file.problems.push({
      line: header?.line ?? 1,
      code: 'NOT_THIS_FORMAT',
      message:
        'The first row is not the header of a Splitwise export (Date, Description, Category, Cost, Currency, then one column per person)',
    });
    return file;
  }
  file.language = language;
  const names = header.cells.slice(FIXED_COLUMNS).map((name) => name.trim());
  // A trailing empty header cell (a spreadsheet's extra comma) is not a person.
  while (names.length > 0 && names[names.length - 1] === '') names.pop();
  // Dolya's own export adds the original amount, currency and rate after the people.
  const extraColumns = dolyaExtraColumnCount(names);
  names.splice(names.length - extraColumns, extraColumns);
  if (names.length === 0) {
    file.problems.push({ line: header.line, code: 'NOT_THIS_FORMAT', message: 'The header names no people' });
    return file;
  }
  file.people = names.map((name, index) => ({ key: `p${index + 1}`, name }));

  for (const { line, cells } of records) {
    try {
      readRecord(file, line, cells, extraColumns);
    } catch (error) {
      if (!(error instanceof RowProblem)) throw error;
      file.problems.push({ line, code: error.code, message: error.message } satisfies ImportProblem);
    }
  }
  // In file order, lines the CSV rules could not read among the rest.
  file.problems.sort((a, b) => a.line - b.line);
  return file;
}

function readRecord(file: ImportFile, line: number, cells: string[], extraColumns: number): void {
  const width = FIXED_COLUMNS + file.people.length;
  if (cells.length < width) {
    fail('WRONG_COLUMN_COUNT', `The row has ${cells.length} cells, the header ${width}`);
  }
  const original = readOriginal(cells.slice(width, width + extraColumns));
  if (cells.slice(width + extraColumns).some((cell) => cell.trim() !== '')) {
    fail('WRONG_COLUMN_COUNT', `The row has more cells than the header's ${width}`);
  }
  const [dateCell = '', description = '', category = '', costCell = '', currencyCell = ''] = cells;
  const nets = readNets(file.people, cells.slice(FIXED_COLUMNS, width));
  const currency = readCurrencyOrFail(currencyCell);

  // "Total balance" (in the file's language): category and cost blank (Splitwise writes a
  // space in each) and the people's cells are their balances.
  if (isTotalBalance(description) || (costCell.trim() === '' && category.trim() === '')) {
    file.totals.push({ line, currency, nets });
    return;
  }

  const date = readDate(dateCell) ?? fail('BAD_DATE', `The date "${dateCell}" is not YYYY-MM-DD`);
  if (costCell.trim() === '') fail('BAD_AMOUNT', 'The cost is missing');
  const costCents = readCents(costCell) ?? fail('BAD_AMOUNT', `The cost "${costCell}" is not an amount`);
  if (costCents < 0) fail('NEGATIVE_COST', `The cost ${costCell} is below zero`);
  const total = sumCents(Object.values(nets));
  if (total !== 0) {
    fail('NETS_NOT_ZERO', `The people's amounts add up to ${formatCents(total)}, not to zero`);
  }
  const row: ImportRow = {
    line,
    date,
    description: description.trim(),
    category: category.trim(),
    currency,
    costCents,
    nets,
  };
  if (original) row.original = original;
  if (isPaymentCategory(category)) {
    file.repayments.push(row);
    return;
  }
  const gotBack = sumCents(Object.values(nets).filter((cents) => cents > 0));
  if (gotBack > costCents) {
    fail(
      'NETS_EXCEED_COST',
      `The payers are owed ${formatCents(gotBack)} in total, more than the cost ${costCell.trim()}`,
    );
  }
  file.rows.push(row);
}

function readNets(people: readonly ImportPerson[], cells: readonly string[]): Record<string, Cents> {
  const nets: Record<string, Cents> = {};
  people.forEach(({ key, name }, index) => {
    const cell = cells[index] ?? '';
    const cents = readCents(cell);
    if (cents === undefined) fail('BAD_AMOUNT', `${name}'s amount "${cell.trim()}" is not an amount`);
    if (cents !== 0) nets[key] = cents;
  });
  return nets;
}

function readCurrencyOrFail(cell: string): string {
  if (cell.trim() === '') fail('MISSING_CURRENCY', 'The currency is missing');
  return readCurrency(cell) ?? fail('UNKNOWN_CURRENCY', `"${cell.trim()}" is not a currency code`);
}

/** Dolya's extra columns of a row: the amount as paid in another currency; none when blank. */
function readOriginal(cells: readonly string[]): ImportOriginal | undefined {
  const [amountCell = '', currencyCell = '', rateCell = ''] = cells.map((cell) => cell.trim());
  if (amountCell === '' && currencyCell === '' && rateCell === '') return undefined;
  const amountCents = readCents(amountCell);
  if (amountCents === undefined || amountCents <= 0) {
    fail('BAD_AMOUNT', `The original cost "${amountCell}" is not an amount`);
  }
  const currency = readCurrencyOrFail(currencyCell);
  if (!/^\d+(\.\d+)?$/.test(rateCell) || Number(rateCell) <= 0) {
    fail('BAD_RATE', `The conversion rate "${rateCell}" is not a rate`);
  }
  return { currency, amountCents, rate: rateCell };
}
