import { shown } from './format';

/** A cell written as is: our own numbers and dates, never text a person typed. */
export interface Verbatim {
  verbatim: string;
}

export type Cell = string | null | Verbatim;

export const verbatim = (text: string): Verbatim => ({ verbatim: text });

/** Excel and LibreOffice read the file as UTF-8 (Cyrillic names intact) only with a byte order mark. */
const BOM = '\uFEFF';

/**
 * RFC 4180 CSV: comma separated, CRLF line ends, a field quoted when it holds a comma, a quote, a
 * line break or edge spaces, with quotes doubled. Text a person typed that starts like a formula
 * (= + - @, tab, CR) gets a leading apostrophe, so a spreadsheet shows it instead of running it.
 */
export function toCsv(rows: Cell[][]): string {
  return `${BOM}${rows.map((row) => row.map(field).join(',')).join('\r\n')}\r\n`;
}

function field(cell: Cell): string {
  if (cell === null) return '';
  const text = typeof cell === 'string' ? defuse(cell) : cell.verbatim;
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * A formula-looking start gets its apostrophe; control characters and bidi controls become
 * \uXXXX escapes (a CSV goes to a terminal as often as to a file), line breaks and tabs of notes kept.
 */
function defuse(text: string): string {
  const safe = text
    .replace(/\r\n?/g, '\n')
    .split(/(\n|\t)/)
    .map((piece, index) => (index % 2 === 1 ? piece : shown(piece)))
    .join('');
  return /^[=+\-@\t\r]/.test(safe) ? `'${safe}` : safe;
}
