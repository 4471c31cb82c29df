import { type QueryClient, skipToken, useQuery } from '@tanstack/react-query';
import { trpc } from '../trpc';
import type { RateState } from './foreign';

/** What the form asks the server for: a rate of `from` in `to` on a day (YYYY-MM-DD). */
export interface RateQuery {
  from: string;
  to: string;
  date: string;
}

/**
 * The server's suggested rate (fx.rate, cached there per day): asked once per (currency, day), never
 * retried; a failure only means the form asks the person for the rate.
 */
export function useFxRate(query: RateQuery | null): RateState {
  const result = useQuery({
    ...trpc.fx.rate.queryOptions(query ?? skipToken),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  if (!query) return { status: 'none' };
  if (result.data) return { status: 'ready', rate: result.data };
  if (result.isError) return { status: 'unavailable' };
  return { status: 'loading' };
}

/**
 * The currencies other than the group's that its expenses were paid in, newest first, as far as
 * the group page's cached list pages tell: the currency button offers them first. (Here, not in
 * lib/expense-cache, to keep it out of the group page's first screen.)
 */
export function usedCurrencies(queryClient: QueryClient, groupId: string): string[] {
  const used: string[] = [];
  for (const [, data] of queryClient.getQueriesData<{
    pages: { items: { original: { currency: string } | null }[] }[];
  }>(trpc.expenses.list.infiniteQueryFilter({ groupId }))) {
    for (const page of data?.pages ?? []) {
      for (const expense of page.items) {
        const code = expense.original?.currency;
        if (code && !used.includes(code)) used.push(code);
      }
    }
  }
  return used;
}
