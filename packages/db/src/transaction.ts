import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Database } from './client';

/**
 * `work` in a transaction: a new one, or the caller's when `db` is one already (an idempotent
 * create runs its service inside the transaction that claimed the key). Reusing it saves the
 * SAVEPOINT and RELEASE round trips of a nested transaction; use it only where an error is never
 * caught inside the outer transaction, which a savepoint would have rolled back on its own.
 */
export function inTransaction<T>(db: Database, work: (tx: Database) => Promise<T>): Promise<T> {
  // The narrowed type loses the schema; the object is still the same Database.
  if ((db as unknown) instanceof PgTransaction) return work(db);
  return db.transaction((tx) => work(tx as unknown as Database));
}
