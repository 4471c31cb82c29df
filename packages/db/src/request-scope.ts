import type { Database } from './client';
import { requestEnded } from './unavailable';

/**
 * The HTTP request a piece of database work belongs to. The server gives each request its own
 * handle of the database, bound to the request's signal (requestDatabase); the client wrapper
 * (guarded-client.ts) and the transaction guard of that handle watch the signal. When it aborts
 * (the client went away, or the request's deadline passed), waiting for a connection stops,
 * running statements are cancelled and an open transaction rolls back instead of committing.
 * Work on the database itself (start-up, scripts) has no signal and is never cut short.
 *
 * The handle is passed down rather than found through an AsyncLocalStorage, whose scope Fastify's
 * body reading left (the server had to step back into it before each handler), and which on
 * Node 20 puts promise hooks on every promise of the process. Binding costs about 11 µs a request.
 */
type Bind = (signal: AbortSignal) => Database;

const binders = new WeakMap<Database, Bind>();

/** How openDatabase's handles make their request-bound copies. */
export function registerRequestBinding(db: Database, bind: Bind): void {
  binders.set(db, bind);
}

/**
 * `db` bound to one request: the same tables and pool, with that request's statements cancelled
 * and its transactions rolled back once `signal` aborts. `db` must come from openDatabase.
 */
export function requestDatabase(db: Database, signal: AbortSignal): Database {
  const bind = binders.get(db);
  if (!bind) throw new Error('requestDatabase: not a database opened by openDatabase');
  return bind(signal);
}

/** Throws when the request has ended, so no further database work starts or commits for it. */
export function assertRequestLive(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw requestEnded();
}
