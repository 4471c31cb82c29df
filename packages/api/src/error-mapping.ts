import { DatabaseUnavailableError } from '@dolya/db';
import { DomainError } from '@dolya/domain';
import { TRPCError } from '@trpc/server';
import { ZodError } from 'zod';
import { AppError } from './errors';

/** Turns anything thrown inside a procedure into the AppError the client should see. */
export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof DomainError) return new AppError(error.code, error.message, error.field);
  if (error instanceof ZodError) return fromZod(error);
  if (databaseUnavailable(error)) {
    return new AppError(
      'SERVICE_UNAVAILABLE',
      'The service is briefly unavailable; try again in a moment',
      undefined,
      UNAVAILABLE_RETRY_AFTER_SECONDS,
    );
  }
  // Class 22 is PostgreSQL's "data exception" (a NUL byte in text, a number out of range): bad input.
  if (pgErrorOf(error)?.code?.startsWith('22'))
    return new AppError('VALIDATION_ERROR', 'A value cannot be stored as sent');
  if (error instanceof TRPCError) {
    if (error.cause && error.cause !== error) {
      const inner = toAppError(error.cause);
      if (inner.appCode !== 'INTERNAL') return inner;
    }
    return fromTrpcCode(error);
  }
  return new AppError('INTERNAL', 'An unexpected error occurred');
}

function fromZod(error: ZodError): AppError {
  const issue = error.issues[0];
  const field = issue?.path.map(String).join('.') || undefined;
  const message = issue ? (field ? `${field}: ${issue.message}` : issue.message) : 'Invalid input';
  return new AppError('VALIDATION_ERROR', message, field);
}

function fromTrpcCode(error: TRPCError): AppError {
  switch (error.code) {
    case 'BAD_REQUEST':
    case 'PARSE_ERROR':
      return new AppError('VALIDATION_ERROR', error.message || 'Invalid input');
    case 'UNAUTHORIZED':
      return new AppError('UNAUTHORIZED', 'Sign in first');
    case 'FORBIDDEN':
      return new AppError('FORBIDDEN', 'Not allowed');
    case 'NOT_FOUND':
      return new AppError('NOT_FOUND', 'Not found');
    case 'METHOD_NOT_SUPPORTED':
      // A query sent as POST or a mutation as GET: the caller's mistake, not ours.
      return new AppError('METHOD_NOT_SUPPORTED', 'This procedure does not accept this HTTP method');
    case 'CONFLICT':
      return new AppError('CONFLICT', error.message || 'Conflict');
    case 'TOO_MANY_REQUESTS':
      return new AppError('TOO_MANY_REQUESTS', 'Too many requests');
    case 'PAYLOAD_TOO_LARGE':
      return new AppError('PAYLOAD_TOO_LARGE', 'Request body too large');
    case 'UNSUPPORTED_MEDIA_TYPE':
      return new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send application/json');
    default:
      return new AppError('INTERNAL', 'An unexpected error occurred');
  }
}

/** The driver's PostgreSQL error under drizzle's wrapper, if any. */
export function pgErrorOf(
  error: unknown,
): { code?: string; constraint?: string; constraint_name?: string } | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const candidate = current as { code?: unknown; cause?: unknown };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) return candidate as never;
    current = candidate.cause;
  }
  return undefined;
}

/** Name of the unique constraint a statement violated, or undefined. */
export function uniqueViolation(error: unknown): string | undefined {
  const pg = pgErrorOf(error);
  if (pg?.code !== '23505') return undefined;
  return pg.constraint_name ?? pg.constraint ?? '';
}

/** What a client waits before retrying a request refused because the database was unavailable. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 1;

/**
 * PostgreSQL states that mean "not now" rather than "wrong": class 08 (connection exception), the
 * server shutting down or starting (57P01-57P03), too many connections (53300), a statement
 * cancelled by its timeout or because its request ended (57014), a lock not obtained in time (55P03).
 */
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '53300', '57014', '55P03']);
/** The driver's and the socket's own codes for a connection that failed, closed or timed out. */
const CONNECTION_FAILURES = new Set([
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  'CONNECT_TIMEOUT',
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** The database could not serve: unreachable, restarting, saturated, or the request ended first. */
export function databaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 6 && current && typeof current === 'object'; depth++) {
    if (current instanceof DatabaseUnavailableError) return true;
    const { code, errors, cause } = current as { code?: unknown; errors?: unknown; cause?: unknown };
    if (
      typeof code === 'string' &&
      (code.startsWith('08') || UNAVAILABLE_STATES.has(code) || CONNECTION_FAILURES.has(code))
    )
      return true;
    // A refused connection to a name with several addresses (localhost: ::1 and 127.0.0.1).
    if (Array.isArray(errors) && errors.some(databaseUnavailable)) return true;
    current = cause;
  }
  return false;
}
