import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { RouterInputs, RouterOutputs } from './api-types';
import { trpc } from './trpc';

/**
 * The group page's expense list is an infinite query of pages (newest first, keyset cursors).
 * After a write, only what changed is fetched again: the balances, the spending chart, the log
 * and the group list always; of the expense list, the first page after a create or an edit (the
 * saved row may move anywhere, and the user comes back to the top of the list), and nothing after
 * a delete (the row just leaves the pages it was in; the cursors of the others stay valid). The
 * callers pass their react-query client (useQueryClient).
 */

type ExpensePages = InfiniteData<RouterOutputs['expenses']['list'], string | null>;

/**
 * Query options of the group's expense pages: 50 rows a page, the next one from the last cursor;
 * with a filter, the search's pages (the writes below refresh those too: their filters match any
 * list of the group).
 */
export function expensePagesOptions(groupId: string, filter?: RouterInputs['expenses']['list']['filter']) {
  return trpc.expenses.list.infiniteQueryOptions(filter ? { groupId, filter } : { groupId }, {
    getNextPageParam: (page) => page.nextCursor,
  });
}

function refreshAroundExpenses(queryClient: QueryClient, groupId: string) {
  return Promise.all([
    queryClient.invalidateQueries(trpc.balances.get.queryFilter({ groupId })),
    queryClient.invalidateQueries(trpc.stats.spending.queryFilter({ groupId })),
    queryClient.invalidateQueries(trpc.logs.list.queryFilter({ groupId })),
    queryClient.invalidateQueries(trpc.groups.list.queryFilter()),
  ]);
}

/** After an expense or settlement was created or edited. */
export function afterExpenseSaved(queryClient: QueryClient, groupId: string, expenseId?: string) {
  const pages = trpc.expenses.list.infiniteQueryFilter({ groupId });
  queryClient.setQueriesData<ExpensePages>(pages, (data) =>
    data && data.pages.length > 1
      ? { pages: data.pages.slice(0, 1), pageParams: data.pageParams.slice(0, 1) }
      : data,
  );
  return Promise.all([
    queryClient.invalidateQueries(pages),
    expenseId
      ? queryClient.invalidateQueries(trpc.expenses.get.queryFilter({ groupId, expenseId }))
      : undefined,
    refreshAroundExpenses(queryClient, groupId),
  ]);
}

/** After an expense or settlement was deleted. */
export function afterExpenseDeleted(queryClient: QueryClient, groupId: string, expenseId: string) {
  queryClient.setQueriesData<ExpensePages>(trpc.expenses.list.infiniteQueryFilter({ groupId }), (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            items: page.items.filter((expense) => expense.id !== expenseId),
          })),
        }
      : data,
  );
  return Promise.all([
    // Stale, not fetched now: the edit page that deleted it is on its way out.
    queryClient.invalidateQueries({
      ...trpc.expenses.get.queryFilter({ groupId, expenseId }),
      refetchType: 'none',
    }),
    refreshAroundExpenses(queryClient, groupId),
  ]);
}
