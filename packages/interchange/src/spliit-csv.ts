import { type Cents, DomainError, formatCents, parseRate, sumCents } from '@dolya/domain';
import { isBlank, readCsv } from './csv';
import type { ImportFile, ImportOriginal, ImportRow } from './model';
import { fail, RowProblem } from './row-problem';
import { SPLIIT_SYMBOLS } from './spliit-currency';
import { readCents, readCurrency, readDate } from './values';
import { normalizeWord } from './words';

/** Spliit's fixed columns (English only: Spliit does not translate its export), by name. */
const COLUMNS = {
  date: 'date',
  description: 'description',
  category: 'category',
  currency: 'currency',
  cost: 'cost',
  originalCost: 'original cost',
  originalCurrency: 'original currency',
  conversionRate: 'conversion rate',
  isReimbursement: 'is reimbursement',
  splitMode: 'split mode',
  paidBy: 'paid by',
} as const;
type Column = keyof typeof COLUMNS;
const REQUIRED: Column[] = ['date', 'description', 'currency', 'cost', 'isReimbursement', 'splitMode'];

export interface SpliitCsvOptions {
  /** The currency meant by a Currency cell that is a symbol Spliit wrote without a code ("$"). */
  currency?: string;
}

/**
 * Reads Spliit's CSV export: `Date, Description, Category, Currency, Cost, Original cost,
 * Original currency, Conversion rate, Is Reimbursement, Split mode` (older exports lack the three
 * original-amount columns), then one column per participant. A participant's cell is their share
 * of the cost, positive for the one who paid and negative for everyone else: so the payer is the
 * positive column, and a payer with no share of their own (every reimbursement) shows as a zero,
 * which can be told apart only when one person alone has zero. Otherwise the row is named as
 * PAYER_UNKNOWN: the JSON export says who paid.
 *
 * Spliit rounds each share to cents on its own, so the shares may miss the cost by a cent or so
 * per person; that difference is the payer's (or, when the payer has no share, the first
 * sharer's), as Dolya books a split's rounding. More than a cent per person is SHARES_NOT_COST.
 * An income (a negative cost, every sign turned round) becomes the nets of an expense paid by
 * those who got a part of it.
 */
export function readSpliitCsv(text: string, options: SpliitCsvOptions = {}): ImportFile {
  const file: ImportFile = {
    format: 'spliit-csv',
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
  // The fixed columns come first; the first cell that is not one starts the participants (so a
  // participant called "Paid by" or "Date" stays a participant).
  const index = new Map<Column, number>();
  let lastFixed = -1;
  for (const [position, cell] of (header?.cells ?? []).entries()) {
    const name = normalizeWord(cell);
    const column = (Object.keys(COLUMNS) as Column[]).find((key) => COLUMNS[key] === name);
    if (!column || index.has(column)) break;
    index.set(column, position);
    lastFixed = position;
  }
  const missing = REQUIRED.filter((column) => !index.has(column));
  if (!header || missing.length > 0) {
    file.problems.push({
      line: header?.line ?? 1,
      code: 'NOT_THIS_FORMAT',
      message: `The first row is not the header of a Spliit export (missing: ${missing
        .map((column) => COLUMNS[column])
        .join(', ')})`,
    });
    return file;
  }
  const names = header.cells.slice(lastFixed + 1).map((name) => name.trim());
  while (names.length > 0 && names[names.length - 1] === '') names.pop();
  if (names.length === 0) {
    file.problems.push({
      line: header.line,
      code: 'NOT_THIS_FORMAT',
      message: 'The header names no participants',
    });
    return file;
  }
  file.people = names.map((name, position) => ({ key: `p${position + 1}`, name }));
  const context: Context = { file, index, firstPerson: lastFixed + 1, options };

  for (const { line, cells } of records) {
    try {
      readRecord(context, line, cells);
    } catch (error) {
      if (!(error instanceof RowProblem)) throw error;
      file.problems.push({ line, code: error.code, message: error.message });
    }
  }
  // In file order, lines the CSV rules could not read among the rest.
  file.problems.sort((a, b) => a.line - b.line);
  return file;
}

interface Context {
  file: ImportFile;
  index: Map<Column, number>;
  firstPerson: number;
  options: SpliitCsvOptions;
}

function readRecord({ file, index, firstPerson, options }: Context, line: number, cells: string[]): void {
  const width = firstPerson + file.people.length;
  if (cells.length < width)
    fail('WRONG_COLUMN_COUNT', `The row has ${cells.length} cells, the header ${width}`);
  if (cells.slice(width).some((cell) => cell.trim() !== '')) {
    fail('WRONG_COLUMN_COUNT', `The row has more cells than the header's ${width}`);
  }
  const get = (column: Column) => {
    const position = index.get(column);
    return position === undefined ? '' : (cells[position] ?? '');
  };

  const dateCell = get('date');
  const date = readDate(dateCell) ?? fail('BAD_DATE', `The date "${dateCell}" is not YYYY-MM-DD`);
  const currency = readSpliitCurrency(get('currency'), options);
  const costCell = get('cost');
  if (costCell.trim() === '') fail('BAD_AMOUNT', 'The cost is missing');
  const signedCost = readCents(costCell) ?? fail('BAD_AMOUNT', `The cost "${costCell}" is not an amount`);
  // An income (a negative cost): Spliit's signs are those of an expense, all turned round.
  const income = signedCost < 0;
  const costCents = Math.abs(signedCost);
  const original = readOriginal(get('originalCost'), get('originalCurrency'), get('conversionRate'));

  const values = file.people.map(({ name }, position) => {
    const cell = cells[firstPerson + position] ?? '';
    const cents = readCents(cell);
    if (cents === undefined) fail('BAD_AMOUNT', `${name}'s amount "${cell.trim()}" is not an amount`);
    return income ? -cents : cents;
  });
  const { payer, shares } = sharesOf(file, values, get('paidBy'));

  const nets: Record<string, Cents> = {};
  if (payer !== undefined) {
    const shareTotal = sumCents(shares);
    const difference = costCents - shareTotal;
    const sharers = shares.filter((share) => share > 0).length;
    if (Math.abs(difference) > Math.max(sharers, 1)) {
      fail(
        'SHARES_NOT_COST',
        `The shares add up to ${formatCents(shareTotal)}, the cost is ${formatCents(costCents)}`,
      );
    }
    // Spliit's rounding of each share: the difference goes where Dolya books a split's rest.
    const restTo = (shares[payer] ?? 0) > 0 ? payer : shares.findIndex((share) => share > 0);
    if (restTo >= 0) shares[restTo] = (shares[restTo] ?? 0) + difference;
    if (shares.some((share) => share < 0)) {
      fail('SHARES_NOT_COST', `The shares do not fit the cost ${formatCents(costCents)}`);
    }
    file.people.forEach(({ key }, position) => {
      const share = shares[position] ?? 0;
      const net = (position === payer ? costCents : 0) - share;
      if (net !== 0) nets[key] = income ? -net : net;
    });
  }

  const row: ImportRow = {
    line,
    date,
    description: get('description').trim(),
    category: get('category').trim(),
    currency,
    costCents,
    nets,
    // An income's nets are those of an expense paid by the ones who got a part of it.
    ...(payer !== undefined && !income ? { paidBy: file.people[payer]!.key } : {}),
    ...(original ? { original } : {}),
  };
  const reimbursement = normalizeWord(get('isReimbursement')) === 'yes';
  (reimbursement ? file.repayments : file.rows).push(row);
}

/**
 * Who paid (a position in the people) and each person's share, from the signed cells: the one
 * positive cell is the payer's share; with none, the payer had no share and is the one person
 * at zero. A "Paid by" column, where an export has one, settles it by name.
 */
function sharesOf(
  file: ImportFile,
  values: Cents[],
  paidByCell: string,
): { payer: number | undefined; shares: Cents[] } {
  const shares = values.map((value) => Math.abs(value));
  if (values.every((value) => value === 0)) return { payer: undefined, shares };
  const named = paidByCell.trim();
  if (named !== '') {
    const payer = file.people.findIndex(({ name }) => name === named);
    if (payer < 0) fail('PAYER_UNKNOWN', `"${named}" who paid is not one of the participants`);
    return { payer, shares };
  }
  const positive = values.flatMap((value, position) => (value > 0 ? [position] : []));
  if (positive.length > 1) {
    fail('PAYER_UNKNOWN', 'More than one participant is marked as the payer');
  }
  if (positive.length === 1) return { payer: positive[0], shares };
  const zero = values.flatMap((value, position) => (value === 0 ? [position] : []));
  if (zero.length === 1) return { payer: zero[0], shares };
  return fail(
    'PAYER_UNKNOWN',
    "The payer had no share of this row, and Spliit's CSV does not say who it was (its JSON export does)",
  );
}

function readSpliitCurrency(cell: string, options: SpliitCsvOptions): string {
  const text = cell.trim();
  if (text === '') fail('MISSING_CURRENCY', 'The currency is missing');
  const code =
    readCurrency(text) ??
    SPLIIT_SYMBOLS[text] ??
    (options.currency ? readCurrency(options.currency) : undefined);
  return code ?? fail('UNKNOWN_CURRENCY', `"${text}" is not a currency code; say which currency it is`);
}

function readOriginal(costCell: string, currencyCell: string, rateCell: string): ImportOriginal | undefined {
  if ([costCell, currencyCell, rateCell].every((cell) => cell.trim() === '')) return undefined;
  const amountCents = readCents(costCell);
  if (amountCents === undefined || amountCents === 0) {
    fail('BAD_AMOUNT', `The original cost "${costCell.trim()}" is not an amount`);
  }
  const currency =
    readCurrency(currencyCell) ?? fail('UNKNOWN_CURRENCY', `"${currencyCell.trim()}" is not a currency code`);
  let rate: string;
  try {
    rate = parseRate(rateCell.trim());
  } catch (error) {
    if (error instanceof DomainError)
      fail('BAD_RATE', `The conversion rate "${rateCell.trim()}": ${error.message}`);
    throw error;
  }
  return { currency, amountCents: Math.abs(amountCents), rate };
}
