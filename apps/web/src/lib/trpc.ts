import type { AppRouter } from '@dolya/api';
import { QueryClient } from '@tanstack/react-query';
import { createTRPCClient, httpBatchLink, TRPCClientError } from '@trpc/client';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import { errorCode, isClientError } from './api-error';
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

export { errorCode, errorField } from './api-error';

/** GROUP_NOT_FOUND, or any 404, or an id the API refuses as malformed. */
export function isNotFound(error: unknown): boolean {
  const code = errorCode(error);
  if (code === 'GROUP_NOT_FOUND' || code === 'NOT_FOUND') return true;
  if (!(error instanceof TRPCClientError)) return false;
  const data = error.data as { httpStatus?: number; code?: string } | undefined;
  return data?.httpStatus === 404 || data?.code === 'NOT_FOUND';
}
