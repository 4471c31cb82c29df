import { createHash } from 'node:crypto';
import { cleanExternalName } from '@dolya/domain';
import {
  type ImportFile,
  type ImportPreview,
  type ImportProblemCode,
  previewImport,
  readImport,
} from '@dolya/interchange';
import { AppError } from '../../errors';
import type { ImportGroupInput } from './input';

/** Problems that leave no file to import rather than one row out. */
const FILE_PROBLEMS = new Set<ImportProblemCode>(['NOT_THIS_FORMAT', 'BROKEN_CSV', 'BAD_JSON']);

export interface ReadFile {
  file: ImportFile;
  preview: ImportPreview;
  /** The content's SHA-256 (BOM and line endings aside): the same file twice is refused per group. */
  contentHash: string;
}

/**
 * Reads the file and plans it; a file that is not of its format, a broken CSV, or one without a
 * single readable row is IMPORT_INVALID_FILE naming the line.
 */
export function readImportFile(input: Pick<ImportGroupInput, 'format' | 'content' | 'currency'>): ReadFile {
  const file = readImport(input.format, input.content, input.currency ? { currency: input.currency } : {});
  const fatal = file.problems.find((problem) => FILE_PROBLEMS.has(problem.code));
  const nothing = file.rows.length + file.repayments.length === 0;
  if (fatal || nothing) {
    const problem = fatal ?? file.problems[0];
    const where = problem && problem.line > 0 ? `Line ${problem.line}: ` : '';
    const message = problem ? `${where}${problem.message}` : 'The file has no rows to import';
    throw new AppError('IMPORT_INVALID_FILE', message, 'content');
  }
  return { file, preview: previewImport(file), contentHash: hashContent(input.content) };
}

export function hashContent(content: string): string {
  const normalized = content
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .trim();
  return createHash('sha256').update(normalized).digest('hex');
}

/** The currency most of the file's rows use (ties: the first used), for a new group. */
function mainCurrency(preview: ImportPreview): string | undefined {
  let best: { currency: string; rows: number } | undefined;
  for (const entry of preview.currencies) if (!best || entry.rows > best.rows) best = entry;
  return best?.currency;
}

/** The imported group's currency: the existing group's, else the one asked for, else the file's main one. */
export function importCurrency(
  groupCurrency: string | undefined,
  asked: string | undefined,
  preview: ImportPreview,
): string {
  return groupCurrency ?? asked ?? mainCurrency(preview) ?? 'RUB';
}

/** A person's name as a seat's: unsafe characters dropped, at most 100 characters. */
export function seatName(name: string, fallback: string): string {
  return cleanExternalName(name).slice(0, 100) || fallback;
}

/** Names compared as people read them: case, spaces and "ё" aside. */
export function sameName(a: string, b: string): boolean {
  const norm = (text: string) =>
    text.normalize('NFC').trim().toLowerCase().replace(/ё/g, 'е').replace(/\s+/g, ' ');
  return norm(a) === norm(b);
}
