/** The search of /group/{groupId}/new-expense: `?draft=<id>` opens a bot draft. */
export interface NewExpenseSearch {
  draft?: string | undefined;
  /** `?fix=<idempotency key>`: a write queued offline and refused, opened to be fixed (lib/outbox.ts). */
  fix?: string | undefined;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Keeps `draft` only when it is a draft id (a UUID); anything else opens an empty form. The key
 * is always returned: the router lays the validated search over the raw one, so leaving it out
 * would let the raw value through.
 */
export function newExpenseSearch(search: Record<string, unknown>): NewExpenseSearch {
  const { draft, fix } = search;
  return {
    draft: typeof draft === 'string' && UUID.test(draft) ? draft : undefined,
    fix: typeof fix === 'string' && /^[0-9a-f]{32}$/.test(fix) ? fix : undefined,
  };
}
