import type { ErrorCode } from './api-types';

/** What the API says about a failed call (tRPC's error data: AppError's code and field). */
export interface ApiErrorData {
  appCode?: ErrorCode;
  field?: string | null;
  httpStatus?: number;
}

/**
 * The API's error data of a failed call, from the tRPC client's TRPCClientError or from the small
 * client of the sign-in pages (api-call.ts), which both carry it as `data`; undefined for network
 * errors. Read by shape, so the sign-in pages need not load the tRPC client to read an error.
 */
function dataOf(error: unknown): ApiErrorData | undefined {
  if (!(error instanceof Error) || !('data' in error)) return undefined;
  const data = (error as { data?: unknown }).data;
  return typeof data === 'object' && data !== null ? (data as ApiErrorData) : undefined;
}

/** The API's error code (AppError.appCode) of a failed call, e.g. 'LAST_ADMIN'; undefined for network errors. */
export function errorCode(error: unknown): ErrorCode | undefined {
  return dataOf(error)?.appCode;
}

export function errorField(error: unknown): string | undefined {
  return dataOf(error)?.field ?? undefined;
}

/** An answer of 4xx: asking again will not help. */
export function isClientError(error: unknown): boolean {
  const status = dataOf(error)?.httpStatus ?? 0;
  return status >= 400 && status < 500;
}
