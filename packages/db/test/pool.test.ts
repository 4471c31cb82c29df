import { eq, sql } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/client';
import { requestDatabase } from '../src/request-scope';
import { users } from '../src/schema';
import { createPostgresTestDatabase, type TestDatabase } from '../src/testing';
import { DatabaseUnavailableError } from '../src/unavailable';

/** The PostgreSQL error code somewhere in drizzle's wrapping, if any. */
function pgCode(error: unknown): string | undefined {
  let current = error as { code?: unknown; cause?: unknown } | undefined;
  for (let depth = 0; depth < 4 && current; depth++) {
    if (typeof current.code === 'string') return current.code;
    current = current.cause as typeof current;
  }
  return undefined;
}

/** The DatabaseUnavailableError under drizzle's "Failed query" wrapper, if any. */
function unavailable(error: unknown): DatabaseUnavailableError | undefined {
  let current = error as { cause?: unknown } | undefined;
  for (let depth = 0; depth < 4 && current; depth++) {
    if (current instanceof DatabaseUnavailableError) return current;
    current = current.cause as typeof current;
  }
  return undefined;
}

const failure = (promise: PromiseLike<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error,
  );

describe('the PostgreSQL pool under pressure', () => {
  let database: TestDatabase & { url: string };
  let side: postgres.Sql;
  beforeAll(async () => {
    database = await createPostgresTestDatabase();
    side = postgres(database.url, { max: 2, onnotice: () => {} });
  });
  afterAll(async () => {
    await side.end({ timeout: 5 });
    await database.close();
  });

  it('refuses a query as busy when the one connection stays taken past the wait, then serves again', async () => {
    const small = openDatabase({ databaseUrl: database.url, maxConnections: 1, poolWaitMs: 50 });
    try {
      let release = () => {};
      let inside = () => {};
      const entered = new Promise<void>((resolve) => {
        inside = resolve;
      });
      const holding = small.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        inside();
        await new Promise<void>((resolve) => {
          release = resolve;
        });
      });
      await entered;
      const refused = await failure(small.db.execute(sql`select 1`));
      expect(unavailable(refused)?.reason).toBe('busy');
      release();
      await holding;
      expect(await small.db.execute(sql`select 1 as one`)).toHaveLength(1);
    } finally {
      await small.close();
    }
  });

  it('cancels the running statement of a request that ends', async () => {
    const controller = new AbortController();
    // drizzle runs a query when it is awaited: failure() starts it, as a handler's await would.
    const running = failure(
      requestDatabase(database.db, controller.signal).execute(sql`select pg_sleep(60)`),
    );
    await waitForStatement(side, 'pg_sleep(60)');
    controller.abort();
    expect(pgCode(await running)).toBe('57014');
  });

  it('rolls back the transaction of a request that ended before it committed', async () => {
    const controller = new AbortController();
    const email = `ended-${Date.now()}@example.com`;
    const attempt = requestDatabase(database.db, controller.signal).transaction(async (tx) => {
      await tx.insert(users).values({ name: 'Ended', username: `ended_${Date.now()}`, email });
      controller.abort();
    });
    expect(unavailable(await failure(attempt))?.reason).toBe('ended');
    expect(await database.db.select().from(users).where(eq(users.email, email))).toEqual([]);
  });

  it('cancels a transaction waiting on a lock when its request ends, writing nothing', async () => {
    const email = `waiting-${Date.now()}@example.com`;
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const lock = side.begin(async (tx) => {
      await tx`lock table users in share mode`;
      await released;
    });
    try {
      await waitForLockHolder(side);
      const controller = new AbortController();
      const attempt = requestDatabase(database.db, controller.signal).transaction(async (tx) => {
        await tx.insert(users).values({ name: 'Waiting', username: `waiting_${Date.now()}`, email });
      });
      await waitForStatement(side, 'insert into "users"');
      controller.abort();
      expect(pgCode(await failure(attempt))).toBe('57014');
    } finally {
      release();
      await lock;
    }
    expect(await database.db.select().from(users).where(eq(users.email, email))).toEqual([]);
  });

  it("ends a statement that runs past the pool's statement timeout", async () => {
    const strict = openDatabase({ databaseUrl: database.url, statementTimeoutMs: 100 });
    try {
      expect(pgCode(await failure(strict.db.execute(sql`select pg_sleep(10)`)))).toBe('57014');
    } finally {
      await strict.close();
    }
  });

  it('keeps no broken connection after the server ended them all: queries fail as closed, then it reconnects', async () => {
    const handle = openDatabase({ databaseUrl: database.url, maxConnections: 2 });
    try {
      await Promise.all([handle.db.execute(sql`select 1`), handle.db.execute(sql`select 1`)]);
      await side`select pg_terminate_backend(pid) from pg_stat_activity
                 where datname = current_database() and application_name = 'dolya' and pid <> pg_backend_pid()`;
      // A query may still reach a connection whose end the client has not read yet: it fails as a
      // closed connection, and the connection is replaced rather than kept.
      const failures: unknown[] = [];
      let answered = 0;
      for (let attempt = 0; attempt < 10 && answered < 3; attempt++) {
        const error = await failure(handle.db.execute(sql`select 1 as one`));
        if (error === undefined) answered++;
        else failures.push(error);
      }
      expect(answered).toBe(3);
      for (const error of failures) {
        expect(['57P01', 'CONNECTION_CLOSED', 'ECONNRESET', 'CONNECT_TIMEOUT']).toContain(pgCode(error));
      }
    } finally {
      await handle.close();
    }
  });
});

async function waitUntil(check: () => Promise<boolean>) {
  for (let tries = 0; tries < 500; tries++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('the condition never held');
}

function waitForStatement(side: postgres.Sql, text: string) {
  return waitUntil(async () => {
    const rows = await side`select 1 from pg_stat_activity
      where datname = current_database() and state = 'active' and position(${text} in query) > 0`;
    return rows.length > 0;
  });
}

function waitForLockHolder(side: postgres.Sql) {
  return waitUntil(async () => {
    const rows = await side`select 1 from pg_locks l join pg_class c on c.oid = l.relation
      where c.relname = 'users' and l.mode = 'ShareLock' and l.granted`;
    return rows.length > 0;
  });
}
