import { type Cents, formatCents } from '@dolya/domain';
import type { ExportEntry, ExportGroup } from './export-model';
import { DOLYA_EXTRA_COLUMNS } from './words';

/** Cells a spreadsheet would take as the start of a formula (CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** Text a person typed, made inert for spreadsheets: a leading ' keeps it text. */
function inertText(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** RFC 4180: a cell with a comma, quote or line break is quoted, its quotes doubled. */
function csvCell(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

function csvLine(cells: readonly string[]): string {
  return cells.map(csvCell).join(',');
}

/** Each member's net effect of an entry: what they paid minus their part. */
export function entryNets(entry: ExportEntry): Record<string, Cents> {
  const nets: Record<string, Cents> = {};
  for (const [id, cents] of Object.entries(entry.payers)) nets[id] = (nets[id] ?? 0) + cents;
  for (const [id, cents] of Object.entries(entry.shares)) nets[id] = (nets[id] ?? 0) - cents;
  return nets;
}

/**
 * A group as a CSV in Splitwise's layout: `Date, Description, Category, Cost, Currency`, one net
 * column per member, then Dolya's own `Original cost, Original currency, Conversion rate` (blank
 * when paid in the group's currency); a blank row after the header and before the closing
 * "Total balance" row. Settlements are rows of the category "Payment". Starts with a UTF-8 BOM
 * so spreadsheets read the names right. Numbers are written as plain decimals (a negative net is
 * a number, not a formula); text cells that could start a formula get a leading '.
 */
export function writeSplitwiseCsv(group: ExportGroup): string {
  const ids = group.members.map((member) => member.id);
  const header = [
    'Date',
    'Description',
    'Category',
    'Cost',
    'Currency',
    ...group.members.map((member) => inertText(member.name)),
    ...DOLYA_EXTRA_COLUMNS,
  ];
  const lines = [csvLine(header), ''];
  const totals = new Map<string, Cents>();
  for (const entry of group.entries) {
    const nets = entryNets(entry);
    for (const [id, cents] of Object.entries(nets)) totals.set(id, (totals.get(id) ?? 0) + cents);
    lines.push(
      csvLine([
        entry.date,
        inertText(entry.description),
        entry.isSettlement ? 'Payment' : inertText(entry.category),
        formatCents(entry.costCents),
        group.currency,
        ...ids.map((id) => formatCents(nets[id] ?? 0)),
        entry.original ? formatCents(entry.original.amountCents) : '',
        entry.original?.currency ?? '',
        entry.original?.rate ?? '',
      ]),
    );
  }
  lines.push('');
  lines.push(
    csvLine([
      group.exportDate,
      'Total balance',
      ' ',
      ' ',
      group.currency,
      ...ids.map((id) => formatCents(totals.get(id) ?? 0)),
      '',
      '',
      '',
    ]),
  );
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
