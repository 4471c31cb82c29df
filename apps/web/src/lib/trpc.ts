import type { AppRouter } from '@dolya/api';
import { QueryClient } from '@tanstack/react-query';
import { createTRPCClient, httpBatchLink } from '@trpc/client';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import { isClientError } from './api-error';
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
