import type { Cents } from '@dolya/domain';
import { readCsv } from './csv';
import {
  type CurrencyBalances,
  compareWithTotals,
  type ImportPlan,
  planBalances,
  planImport,
  type TotalsDifference,
} from './ledger';
import type { ImportFile, ImportFormat, ImportProblem } from './model';
import { readSpliitCsv } from './spliit-csv';
import { readSpliitJson } from './spliit-json';
import { readSplitwiseCsv } from './splitwise-csv';
import { normalizeWord, splitwiseLanguage } from './words';

export interface ReadOptions {
  /** The currency meant by a symbol that names several ("$" in a Spliit file). */
  currency?: string;
}

/** Reads a file of any of the formats Dolya imports. */
export function readImport(format: ImportFormat, content: string, options: ReadOptions = {}): ImportFile {
  switch (format) {
    case 'splitwise-csv':
      return readSplitwiseCsv(content);
    case 'spliit-csv':
      return readSpliitCsv(content, options);
    case 'spliit-json':
      return readSpliitJson(content, options);
    default:
      throw new Error(`Unknown import format "${String(format)}"`);
  }
}

/**
 * Which of the formats a dropped file looks like, from its first non-blank character (JSON) or
 * its first row (Spliit's "Is Reimbursement" column, Splitwise's five localized columns);
 * undefined when none. Only a guess for the file picker: reading it is what checks it.
 */
export function detectFormat(content: string): ImportFormat | undefined {
  const text = content.replace(/^\uFEFF/, '').trimStart();
  if (text.startsWith('{')) return 'spliit-json';
  const firstLine = text.split(/\r\n|\n|\r/, 1)[0] ?? '';
  const header = readCsv(firstLine).records[0]?.cells ?? [];
  if (header.some((cell) => normalizeWord(cell) === 'is reimbursement')) return 'spliit-csv';
  if (splitwiseLanguage(header) !== undefined) return 'splitwise-csv';
  return undefined;
}

/** A person as the preview shows them: their balance in each currency after the import. */
export interface PreviewPerson {
  key: string;
  name: string;
  /** Non-zero balances only, in the order currencies are first used. */
  balances: { currency: string; cents: Cents }[];
}

/** Everything the user sees before confirming; nothing is written from it. */
export interface ImportPreview {
  format: ImportFormat;
  language: string;
  groupName?: string;
  people: PreviewPerson[];
  expenseCount: number;
  settlementCount: number;
  /** Rows read, by currency, in the order first used. */
  currencies: { currency: string; rows: number }[];
  /** First and last day of the rows read (YYYY-MM-DD), none when nothing was read. */
  dateRange?: { from: string; to: string };
  balances: CurrencyBalances[];
  /** Rows that change no balance and are not imported. */
  skippedLines: number[];
  /** Every row that cannot be read, with its line and why. */
  problems: ImportProblem[];
  /** Where the import would leave balances other than the file's own totals (Splitwise). */
  totalsDifferences: TotalsDifference[];
  plan: ImportPlan;
}

/** What importing a read file would do: people, rows, currencies, dates, balances, problems. */
export function previewImport(file: ImportFile): ImportPreview {
  const plan = planImport(file);
  const order = file.people.map(({ key }) => key);
  const balances = planBalances(plan, order);
  const rows = [...file.rows, ...file.repayments].sort((a, b) => a.line - b.line);

  const currencies: { currency: string; rows: number }[] = [];
  for (const { currency } of rows) {
    const entry = currencies.find((c) => c.currency === currency);
    if (entry) entry.rows++;
    else currencies.push({ currency, rows: 1 });
  }
  const dates = rows.map(({ date }) => date).sort();
  const from = dates[0];
  const to = dates[dates.length - 1];

  return {
    format: file.format,
    language: file.language,
    ...(file.groupName ? { groupName: file.groupName } : {}),
    people: file.people.map(({ key, name }) => ({
      key,
      name,
      balances: balances.flatMap(({ currency, nets }) =>
        nets[key] !== undefined ? [{ currency, cents: nets[key] }] : [],
      ),
    })),
    expenseCount: plan.expenses.length,
    settlementCount: plan.settlements.length,
    currencies,
    ...(from && to ? { dateRange: { from, to } } : {}),
    balances,
    skippedLines: plan.skipped.map(({ line }) => line),
    problems: file.problems,
    totalsDifferences: compareWithTotals(file, balances),
    plan,
  };
}
