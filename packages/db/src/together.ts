/**
 * Statements sent together (pipelined on a transaction's connection) and awaited as one, like
 * Promise.all, except for which failure it reports. When a statement fails, PostgreSQL aborts the
 * transaction and fails every statement sent after it with 25P02 ("current transaction is
 * aborted"). Their answers can arrive in the same read and settle before the first failure has
 * come up through its callers, so Promise.all sometimes reported that echo instead of the cause:
 * a create with a NUL byte in an item's name came out as INTERNAL instead of VALIDATION_ERROR, in
 * one CI run of many. This waits for every statement (after the first failure the rest fail at
 * once) and rejects with the first failure in the order the statements were given.
 */
export async function together<T extends readonly unknown[]>(
  statements: readonly [...T],
): Promise<{ -readonly [K in keyof T]: Awaited<T[K]> }> {
  const settled = await Promise.allSettled(statements);
  for (const outcome of settled) if (outcome.status === 'rejected') throw outcome.reason;
  return settled.map((outcome) => (outcome as PromiseFulfilledResult<unknown>).value) as never;
}
