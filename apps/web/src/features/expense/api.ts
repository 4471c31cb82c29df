import { queryClient, trpc } from '../../lib/trpc';

/**
 * After an expense is created, changed or deleted: the group's expenses, balances and activity
 * log, and the group list (its last-activity date).
 */
export function invalidateAfterExpenseChange(groupId: string) {
  return Promise.all([
    queryClient.invalidateQueries(trpc.expenses.list.queryFilter({ groupId })),
    queryClient.invalidateQueries(trpc.expenses.get.queryFilter()),
    queryClient.invalidateQueries(trpc.balances.get.queryFilter({ groupId })),
    queryClient.invalidateQueries(trpc.logs.list.queryFilter({ groupId })),
    queryClient.invalidateQueries({ queryKey: trpc.groups.list.queryKey() }),
  ]);
}
