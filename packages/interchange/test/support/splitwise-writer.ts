import { type Cents, formatCents } from '@dolya/domain';
import { SPLITWISE_WORDS } from '../../src/words';

/** A row of a test file: an expense or a repayment and each person's net. */
export interface SampleRow {
  date: string;
  description: string;
  category: string;
  currency: string;
  costCents: Cents;
  nets: Cents[];
  repayment: boolean;
}

function cell(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * A file laid out as Splitwise writes one: the header in `language`, a blank row, the rows, a
 * blank row, then a "Total balance" row per currency (each person's sum), dated `exportDate`.
 */
export function writeSplitwiseCsv(options: {
  language: string;
  people: readonly string[];
  rows: readonly SampleRow[];
  exportDate: string;
  blankEvery?: number;
}): string {
  const words = SPLITWISE_WORDS[options.language];
  if (!words) throw new Error(`No words for ${options.language}`);
  const header = [words.date, words.description, words.category, words.cost, words.currency]
    .map((word) => word[0]!.replace(/^./, (first) => first.toUpperCase()))
    .concat(options.people);
  const lines = [header.map(cell).join(','), ''];
  const totals = new Map<string, Cents[]>();
  options.rows.forEach((row, index) => {
    const category = row.repayment ? words.payment[0]! : row.category;
    lines.push(
      [
        row.date,
        row.description,
        category,
        formatCents(row.costCents),
        row.currency,
        ...row.nets.map(formatCents),
      ]
        .map(cell)
        .join(','),
    );
    if (options.blankEvery && (index + 1) % options.blankEvery === 0) lines.push('');
    const sums = totals.get(row.currency) ?? options.people.map(() => 0);
    totals.set(
      row.currency,
      sums.map((sum, person) => sum + (row.nets[person] ?? 0)),
    );
  });
  lines.push('');
  for (const [currency, sums] of totals) {
    lines.push(
      [options.exportDate, words.totalBalance[0]!, ' ', ' ', currency, ...sums.map(formatCents)]
        .map(cell)
        .join(','),
    );
  }
  return `${lines.join('\n')}\n`;
}
