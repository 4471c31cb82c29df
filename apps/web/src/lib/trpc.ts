import type { AppRouter, ErrorCode } from '@dolya/api';
import { QueryClient } from '@tanstack/react-query';
import { createTRPCClient, httpBatchLink, TRPCClientError } from '@trpc/client';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import { rememberSession, sessionHeaders } from './session-token';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 30_000, retry: (count, error) => !isClientError(error) && count < 2 },
  },
});

export const trpcClient = createTRPCClient<AppRouter>({
  links: [
    httpBatchLink({
      url: '/trpc',
      // The cookie, or inside the mini app the session header (session-token.ts).
      headers: sessionHeaders,
      fetch: async (url, init) => {
        const response = await fetch(url, { ...init, credentials: 'include' });
        rememberSession(response);
        return response;
      },
    }),
  ],
});

/** Query and mutation options for every procedure: `useQuery(trpc.groups.list.queryOptions())`. */
export const trpc = createTRPCOptionsProxy<AppRouter>({ client: trpcClient, queryClient });

/** The API's error code (AppError.appCode) of a failed call, e.g. 'LAST_ADMIN'; undefined for network errors. */
export function errorCode(error: unknown): ErrorCode | undefined {
  if (!(error instanceof TRPCClientError)) return undefined;
  const data = error.data as { appCode?: ErrorCode } | undefined;
  return data?.appCode;
}

export function errorField(error: unknown): string | undefined {
  if (!(error instanceof TRPCClientError)) return undefined;
  return (error.data as { field?: string | null } | undefined)?.field ?? undefined;
}

function isClientError(error: unknown): boolean {
  if (!(error instanceof TRPCClientError)) return false;
  const status = (error.data as { httpStatus?: number } | undefined)?.httpStatus ?? 0;
  return status >= 400 && status < 500;
}
