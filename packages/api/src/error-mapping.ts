import { DomainError } from '@dolya/domain';
import { TRPCError } from '@trpc/server';
import { ZodError } from 'zod';
import { AppError } from './errors';

/** Turns anything thrown inside a procedure into the AppError the client should see. */
export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof DomainError) return new AppError(error.code, error.message, error.field);
  if (error instanceof ZodError) return fromZod(error);
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
