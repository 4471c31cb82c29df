import { TRPCClientError } from '@trpc/client';
import { errorCode } from './api-error';

/** GROUP_NOT_FOUND, or any 404, or an id the API refuses as malformed. */
export function isNotFound(error: unknown): boolean {
  const code = errorCode(error);
  if (code === 'GROUP_NOT_FOUND' || code === 'NOT_FOUND') return true;
  if (!(error instanceof TRPCClientError)) return false;
  const data = error.data as { httpStatus?: number; code?: string } | undefined;
  return data?.httpStatus === 404 || data?.code === 'NOT_FOUND';
}
