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

function defuse(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}
