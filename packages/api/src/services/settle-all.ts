/**
 * Promise.all for a request's independent statements, except that it waits for every one of them
 * before it throws the first failure (in the order given). A statement left running after the
 * request has been answered is cancelled when the request ends, and PostgreSQL's cancel hits
 * whatever that connection runs by then: another request's statement, which then fails with 503.
 */
export async function settleAll<T extends readonly unknown[] | []>(
  work: T,
): Promise<{ -readonly [K in keyof T]: Awaited<T[K]> }> {
  const results = (await Promise.allSettled(work)) as PromiseSettledResult<unknown>[];
  const values: unknown[] = [];
  for (const result of results) {
    if (result.status === 'rejected') throw result.reason;
    values.push(result.value);
  }
  return values as { -readonly [K in keyof T]: Awaited<T[K]> };
}
