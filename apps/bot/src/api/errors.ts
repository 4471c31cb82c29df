import { TRPCClientError } from '@trpc/client';

/** The server's error code (the spec's catalogue: GROUP_NOT_FOUND, TELEGRAM_NOT_LINKED…), if the server answered one. */
export function appCodeOf(error: unknown): string | undefined {
  if (!(error instanceof TRPCClientError)) return undefined;
  const data = error.data as { appCode?: unknown } | undefined;
  return typeof data?.appCode === 'string' ? data.appCode : undefined;
}

export function hasAppCode(error: unknown, ...codes: string[]): boolean {
  const code = appCodeOf(error);
  return code !== undefined && codes.includes(code);
}
