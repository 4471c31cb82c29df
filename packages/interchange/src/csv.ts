import { CsvError, parse } from 'csv-parse/sync';

/** One record of a CSV file and the 1-based line it starts on. */
export interface CsvRecord {
  line: number;
  cells: string[];
}

/** The records read, and the lines the CSV rules could not read (each left out). */
export interface CsvReading {
  records: CsvRecord[];
  broken: { line: number; message: string }[];
}

/** Past this many broken lines the rest of a file is not tried line by line. */
const MAX_BROKEN = 100;

/**
 * Every record of a CSV text with the line it starts on, blank lines kept (as records of empty
 * cells) so callers can see separators. csv-parse does the quoting rules (RFC 4180: quoted
 * commas, doubled quotes, line breaks inside quotes), drops a UTF-8 BOM and reads \r\n, \n or \r.
 * Stray quotes are taken as text. A record the rules cannot read (a quote left open to the end of
 * the file) is named by the line it starts on, that line is left out, and reading goes on from
 * the next one, so one broken line costs one row. (A quote left open before another quote
 * further down pairs with it, as in any CSV reader; the rows between then read as one, which
 * the column count names.)
 */
export function readCsv(text: string): CsvReading {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
  const reading: CsvReading = { records: [], broken: [] };
  // 0-based index of the first line still to read.
  let start = 0;
  while (start < lines.length) {
    // The line (relative to `start`) where the last whole record ended.
    let lastLine = 0;
    try {
      parse(lines.slice(start).join('\n'), {
        relax_column_count: true,
        relax_quotes: true,
        skip_empty_lines: false,
        on_record: (record: string[], context) => {
          reading.records.push({ line: start + lastLine + 1, cells: record });
          lastLine = context.lines;
          return null;
        },
      });
      return reading;
    } catch (error) {
      if (!(error instanceof CsvError)) throw error;
      // The record that could not be read starts right after the last one read.
      const bad = start + lastLine;
      reading.broken.push({ line: bad + 1, message: error.message });
      if (reading.broken.length >= MAX_BROKEN) return reading;
      start = bad + 1;
    }
  }
  return reading;
}

/** A record whose cells are all blank: Splitwise's separator rows. */
export function isBlank(cells: readonly string[]): boolean {
  return cells.every((cell) => cell.trim() === '');
}
