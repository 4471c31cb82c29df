import type { Database } from './client';

/** What preparedFor needs of drizzle's handles and prepared queries (both drivers have these). */
interface Handle {
  dialect: object;
  session: { client: unknown };
}
interface BoundQuery {
  client: unknown;
}

/** Prepared queries per handle (a database or one of its transactions), by name. */
const built = new WeakMap<object, Map<string, unknown>>();
/** The first query built under each name, per database: the others are copies of it. */
const templates = new WeakMap<object, Map<string, unknown>>();

/**
 * A query built once per database and reused: drizzle assembles a query's SQL anew on every call,
 * which was a fifth of the server's CPU for the reads every request makes (the session, the
 * membership check, the seats). `build` makes the prepared query (`.prepare(name)` with
 * `sql.placeholder`s) for `db`. A transaction gets a copy of the database's query that runs on the
 * transaction's connection: a database and its transactions share drizzle's dialect, and a
 * prepared query differs between them only in the client it sends its statement to (postgres-js
 * and PGlite alike). Building them again in every transaction made a new expense, whose
 * transaction reads the caller's seat and the group's seats this way, cost about 12 % more CPU.
 */
export function preparedFor<T>(db: Database, name: string, build: (db: Database) => T): T {
  let byName = built.get(db);
  if (!byName) {
    byName = new Map();
    built.set(db, byName);
  }
  let query = byName.get(name) as T | undefined;
  if (query === undefined) {
    query = fromTemplate(db, name, build);
    byName.set(name, query);
  }
  return query;
}

function fromTemplate<T>(db: Database, name: string, build: (db: Database) => T): T {
  const handle = db as unknown as Handle;
  let byName = templates.get(handle.dialect);
  if (!byName) {
    byName = new Map();
    templates.set(handle.dialect, byName);
  }
  const template = byName.get(name) as (T & BoundQuery) | undefined;
  if (template === undefined) {
    const query = build(db);
    byName.set(name, query);
    return query;
  }
  if (template.client === handle.session.client) return template;
  const copy = Object.assign(Object.create(Object.getPrototypeOf(template)), template) as T & BoundQuery;
  copy.client = handle.session.client;
  return copy;
}
