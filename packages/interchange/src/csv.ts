import { CsvError, parse } from 'csv-parse/sync';

/** One record of a CSV file and the 1-based line it starts on. */
export interface CsvRecord {
  line: number;
  cells: string[];
}

export type CsvReading = { ok: true; records: CsvRecord[] } | { ok: false; line: number; message: string };

/**
 * Every record of a CSV text with the line it starts on, blank lines kept (as records of empty
 * cells) so callers can see separators. csv-parse does the quoting rules (RFC 4180: quoted
 * commas, doubled quotes, line breaks inside quotes), drops a UTF-8 BOM and reads \r\n, \n or \r.
 * Stray quotes inside unquoted cells are taken as text; a quote left open is the one thing that
 * makes the rest unreadable, and is answered with its line.
 */
export function readCsv(text: string): CsvReading {
  const records: CsvRecord[] = [];
  // The line where the last whole record ended: a record starts on the line after it.
  let lastLine = 0;
  try {
    parse(text, {
      bom: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
      on_record: (record: string[], context) => {
        records.push({ line: lastLine + 1, cells: record });
        lastLine = context.lines;
        return null;
      },
    });
    return { ok: true, records };
  } catch (error) {
    // The record that could not be closed starts right after the last one read.
    if (error instanceof CsvError) return { ok: false, line: lastLine + 1, message: error.message };
    throw error;
  }
}

/** A record whose cells are all blank: Splitwise's separator rows. */
export function isBlank(cells: readonly string[]): boolean {
  return cells.every((cell) => cell.trim() === '');
}
