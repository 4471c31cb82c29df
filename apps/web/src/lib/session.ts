import { queryOptions, useQuery } from '@tanstack/react-query';
import { errorCode, queryClient, trpcClient } from './trpc';

/** The signed-in user, or null. Decided once at start by the current-user call. */
export const sessionQuery = queryOptions({
  queryKey: ['session'],
  queryFn: async () => {
    try {
      return await trpcClient.auth.me.query();
    } catch (error) {
      if (errorCode(error) === 'UNAUTHORIZED') return null;
      throw error;
    }
  },
  staleTime: Number.POSITIVE_INFINITY,
  retry: false,
});

export type SessionUser = NonNullable<Awaited<ReturnType<typeof sessionQuery.queryFn & {}>>>;

export function useSession() {
  return useQuery(sessionQuery);
}

/** The signed-in user; only inside routes under the signed-in layout. */
export function useUser(): SessionUser {
  const { data } = useSession();
  if (!data) throw new Error('useUser outside the signed-in area');
  return data;
}

export function setSessionUser(user: SessionUser | null) {
  queryClient.setQueryData(sessionQuery.queryKey, user);
}
