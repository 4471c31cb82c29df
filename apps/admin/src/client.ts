import type { AppRouter } from '@dolya/api';
import { createTRPCClient, httpLink, TRPCClientError } from '@trpc/client';

/** Long enough for a ledger check of a big database; a hung server still ends the command. */
const TIMEOUT_MS = 120_000;

export type AdminClient = ReturnType<typeof adminClient>;

/** The server's tRPC endpoint under ADMIN_API_URL, called with the admin token as a bearer. */
export function adminClient(baseUrl: string, token: string) {
  return createTRPCClient<AppRouter>({
    links: [
      httpLink({
        url: `${baseUrl.replace(/\/+$/, '')}/trpc`,
        headers: { authorization: `Bearer ${token}` },
        fetch: (url, init) => fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) }),
      }),
    ],
  });
}

/** One line saying what went wrong with a call, for a person at a terminal. */
export function describeFailure(error: unknown, baseUrl: string): string {
  if (!(error instanceof TRPCClientError)) return error instanceof Error ? error.message : String(error);
  const data = error.data as { httpStatus?: number; appCode?: string } | undefined;
  if (data?.httpStatus === 401) {
    return `the server at ${baseUrl} refused the admin token (401): check ADMIN_API_TOKEN against the server's`;
  }
  if (data?.httpStatus) return `${error.message} (${data.appCode ?? data.httpStatus})`;
  const cause = error.cause as (Error & { cause?: { code?: string; message?: string } }) | undefined;
  if (cause?.name === 'SyntaxError') {
    return `unexpected answer from ${baseUrl}: is ADMIN_API_URL the address of a Dolya server?`;
  }
  if (cause?.name === 'TimeoutError') return `the server at ${baseUrl} did not answer in time`;
  const reason = cause?.cause?.code ?? cause?.cause?.message ?? cause?.message ?? error.message;
  return `cannot reach the Dolya server at ${baseUrl} (${reason}); is it running? (ADMIN_API_URL)`;
}
