import type { QueryClient } from '@tanstack/react-query';
import { trpc } from '../../lib/trpc';

/**
 * After a member is added, removed, promoted or demoted: the group itself, the group list (member
 * counts, admin rights), the balances (their member list) and the log all change.
 */
export function invalidateMembership(queryClient: QueryClient, groupId: string) {
  return Promise.all([
    queryClient.invalidateQueries(trpc.groups.get.queryFilter({ groupId })),
    queryClient.invalidateQueries(trpc.groups.list.queryFilter()),
    queryClient.invalidateQueries(trpc.balances.get.queryFilter({ groupId })),
    queryClient.invalidateQueries(trpc.logs.list.queryFilter({ groupId })),
  ]);
}

/** After settings are saved (the fresh group is already in the cache): the list, balances and log. */
export function invalidateAfterSave(queryClient: QueryClient, groupId: string) {
  return Promise.all([
    queryClient.invalidateQueries(trpc.groups.list.queryFilter()),
    queryClient.invalidateQueries(trpc.balances.get.queryFilter({ groupId })),
    queryClient.invalidateQueries(trpc.logs.list.queryFilter({ groupId })),
  ]);
}
