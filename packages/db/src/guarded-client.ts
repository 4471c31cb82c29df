import type { PendingQuery, Row, Sql, TransactionSql } from 'postgres';
import type { Gate } from './gate';
import { assertRequestLive } from './request-scope';

type Unsafe = (query: string, params?: unknown[], options?: { prepare?: boolean }) => PendingQuery<Row[]>;

/**
 * What drizzle gets from `client.unsafe(...)`: awaited as is, or after `.values()`. The statement
 * runs only when first awaited, so the wrapper can take a place at the gate first.
 */
class DeferredQuery implements PromiseLike<unknown> {
  #asValues = false;
  #result: Promise<unknown> | undefined;

  constructor(private readonly run: (asValues: boolean) => Promise<unknown>) {}

  values(): this {
    this.#asValues = true;
    return this;
  }

  // biome-ignore lint/suspicious/noThenProperty: drizzle awaits the client's query object
  then<A = unknown, B = never>(
    onFulfilled?: ((value: unknown) => A | PromiseLike<A>) | null,
    onRejected?: ((reason: unknown) => B | PromiseLike<B>) | null,
  ): Promise<A | B> {
    this.#result ??= this.run(this.#asValues);
    return this.#result.then(onFulfilled, onRejected);
  }
}

/** Runs one statement; if the request ends meanwhile, PostgreSQL is asked to cancel it. */
async function runCancellable(
  pending: PendingQuery<Row[]>,
  asValues: boolean,
  signal: AbortSignal | undefined,
) {
  const query = asValues ? pending.values() : pending;
  if (!signal) return await query;
  const cancel = () => {
    pending.cancel();
  };
  signal.addEventListener('abort', cancel, { once: true });
  try {
    return await query;
  } finally {
    signal.removeEventListener('abort', cancel);
  }
}

/**
 * drizzle runs every query not built with `.prepare()` as an unnamed statement (prepare: false).
 * With parameters, postgres-js then asks PostgreSQL for their types first (Parse, Describe, Flush)
 * and sends them only when that answer is back: two round trips a statement, and nothing goes out
 * behind it meanwhile, so statements sent "together" ran one after another. A named statement is
 * described once per connection and then reused: one round trip, pipelined with its neighbours
 * (creating an expense on one connection went from 10.8–16.4 ms to 7.4–10.2 ms on the bench
 * machine). Left unnamed where the pool does not prepare (a pooler in transaction mode);
 * connections end within an hour (postgres-js's max_lifetime), and their statements with them.
 */
function statementOptions(named: boolean, options: { prepare?: boolean } | undefined) {
  return named ? { ...options, prepare: true } : options;
}

/**
 * Statements of a transaction: cancelled with their request (if any), named as above; savepoints
 * keep the same watch.
 */
function watchTransaction(
  tx: TransactionSql,
  signal: AbortSignal | undefined,
  named: boolean,
): TransactionSql {
  const unsafe: Unsafe = (query, params, options) =>
    new DeferredQuery((asValues) =>
      runCancellable(tx.unsafe(query, params as never, statementOptions(named, options)), asValues, signal),
    ) as never;
  const savepoint = (nameOrWork: unknown, work?: unknown) => {
    const [name, body] = typeof nameOrWork === 'function' ? [undefined, nameOrWork] : [nameOrWork, work];
    const watched = (inner: TransactionSql) =>
      (body as (sql: TransactionSql) => unknown)(watchTransaction(inner, signal, named));
    return name === undefined
      ? tx.savepoint(watched as never)
      : tx.savepoint(name as string, watched as never);
  };
  return new Proxy(tx, {
    get(target, property, receiver) {
      if (property === 'unsafe') return unsafe;
      if (property === 'savepoint') return savepoint;
      return Reflect.get(target, property, receiver);
    },
  });
}

/**
 * The postgres-js client as drizzle should use it: every statement outside a transaction, and
 * every transaction as a whole, first takes a place at the gate (so at most the pool's size run and
 * the rest wait a bounded time), and belongs to the request of `signal`, if any (request-scope.ts),
 * whose end cancels what it still has running. Everything else passes through unchanged.
 */
export function guardClient(sql: Sql, gate: Gate, signal?: AbortSignal): Sql {
  const named = sql.options.prepare;
  const unsafe: Unsafe = (query, params, options) =>
    new DeferredQuery(async (asValues) => {
      const release = await gate.acquire(signal);
      try {
        assertRequestLive(signal);
        return await runCancellable(
          sql.unsafe(query, params as never, statementOptions(named, options)),
          asValues,
          signal,
        );
      } finally {
        release();
      }
    }) as never;

  const begin = async (optionsOrWork: unknown, work?: unknown) => {
    const [options, body] =
      typeof optionsOrWork === 'function' ? ['', optionsOrWork] : [optionsOrWork as string, work];
    const release = await gate.acquire(signal);
    try {
      assertRequestLive(signal);
      return await sql.begin(options, (tx) =>
        (body as (sql: TransactionSql) => unknown)(watchTransaction(tx, signal, named)),
      );
    } finally {
      release();
    }
  };

  return new Proxy(sql, {
    get(target, property, receiver) {
      if (property === 'unsafe') return unsafe;
      if (property === 'begin') return begin;
      return Reflect.get(target, property, receiver);
    },
  });
}
