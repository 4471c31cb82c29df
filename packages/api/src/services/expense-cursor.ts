import { AppError } from '../errors';

/**
 * Where a page of the expense list ends: the sort key of its last row (date, created_at, id; the
 * list runs newest first). The timestamps keep PostgreSQL's microseconds, which a JS Date would
 * round away, so rows created within one millisecond are neither skipped nor repeated.
 */
export interface ExpenseCursor {
  /** UTC, microseconds: "2026-01-01T12:00:00.123456Z". */
  date: string;
  createdAt: string;
  id: string;
}

const MICRO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** SQL's to_char pattern that writes a timestamp (taken at UTC) the way the cursor keeps it. */
export const CURSOR_TIMESTAMP_FORMAT = 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"';

/** A real instant in the cursor's form (no 30 February: the database would refuse it). */
function isTimestamp(text: string): boolean {
  if (!MICRO_TIMESTAMP.test(text)) return false;
  const ms = Date.parse(text);
  return !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 19) === text.slice(0, 19);
}

/** Opaque to clients: base64url of the key as JSON. */
export function encodeCursor(key: ExpenseCursor): string {
  return Buffer.from(JSON.stringify([key.date, key.createdAt, key.id])).toString('base64url');
}

/** The key a cursor holds; anything that is not a cursor this API made is 400 VALIDATION_ERROR on `cursor`. */
export function decodeCursor(cursor: string): ExpenseCursor {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    parsed = undefined;
  }
  if (
    Array.isArray(parsed) &&
    parsed.length === 3 &&
    typeof parsed[0] === 'string' &&
    typeof parsed[1] === 'string' &&
    typeof parsed[2] === 'string' &&
    isTimestamp(parsed[0]) &&
    isTimestamp(parsed[1]) &&
    UUID.test(parsed[2])
  ) {
    return { date: parsed[0], createdAt: parsed[1], id: parsed[2] };
  }
  throw new AppError('VALIDATION_ERROR', 'cursor: not a cursor of this list', 'cursor');
}
