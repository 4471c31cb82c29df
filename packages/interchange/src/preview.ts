import type { Cents } from '@dolya/domain';
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
