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
  return { draft: matching(search.draft, UUID), fix: matching(search.fix, /^[0-9a-f]{32}$/) };
}

const matching = (value: unknown, pattern: RegExp) =>
  typeof value === 'string' && pattern.test(value) ? value : undefined;
