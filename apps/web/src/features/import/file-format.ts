import type { RouterInputs } from '../../lib/api-types';

export type ImportFormat = RouterInputs['imports']['run']['format'];
export const IMPORT_FORMATS: readonly ImportFormat[] = ['splitwise-csv', 'spliit-csv', 'spliit-json'];
/** The server's limit (packages/api services/import/input.ts), checked before sending. */
export const IMPORT_CONTENT_MAX = 400_000;

/**
 * The likely format of a dropped file, from its first character (JSON) or Spliit's "Is
 * Reimbursement" column; else Splitwise's. Only the picker's first choice: the server reads it.
 */
export function guessFormat(content: string): ImportFormat {
  const text = content.replace(/^\uFEFF/, '').trimStart();
  if (text.startsWith('{')) return 'spliit-json';
  const firstLine = text.split(/\r\n|\n|\r/, 1)[0] ?? '';
  return /is reimbursement/i.test(firstLine) ? 'spliit-csv' : 'splitwise-csv';
}

/** A new group's name from the file's: "lisbon-trip_2026-05-09.csv" -> "lisbon trip 2026-05-09". */
export function nameFromFile(fileName: string): string {
  return fileName
    .replace(/\.[^.]+$/, '')
    .replace(/[_-]+/g, ' ')
    .trim()
    .slice(0, 100);
}
