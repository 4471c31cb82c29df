import type { Database } from './client';

const built = new WeakMap<object, Map<string, unknown>>();

/**
 * A query built once per database handle and reused: drizzle assembles a query's SQL anew on every
 * call, which was a fifth of the server's CPU for the reads every request makes (the session, the
 * membership check, the seats). `build` makes the prepared query (`.prepare(name)` with
 * `sql.placeholder`s) for `db`; a transaction is its own handle, so inside one it is built for it.
 */
export function preparedFor<T>(db: Database, name: string, build: (db: Database) => T): T {
  let byName = built.get(db);
  if (!byName) {
    byName = new Map();
    built.set(db, byName);
  }
  let query = byName.get(name) as T | undefined;
  if (query === undefined) {
    query = build(db);
    byName.set(name, query);
  }
  return query;
}
