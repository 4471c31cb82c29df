/** The search of /group/{groupId}/new-expense: `?draft=<id>` opens a bot draft. */
export interface NewExpenseSearch {
  draft?: string | undefined;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Keeps `draft` only when it is a draft id (a UUID); anything else opens an empty form. The key
 * is always returned: the router lays the validated search over the raw one, so leaving it out
 * would let the raw value through.
 */
export function newExpenseSearch(search: Record<string, unknown>): NewExpenseSearch {
  const draft = search.draft;
  return { draft: typeof draft === 'string' && UUID.test(draft) ? draft : undefined };
}
