import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { type DatabaseHandle, openDatabase } from './client';

const LOCAL_SERVER = 'postgres://postgres@127.0.0.1:5432/postgres';

export interface TestDatabase extends DatabaseHandle {
  /** Connection string of the fresh database; undefined on PGlite. */
  url: string | undefined;
}

/**
 * A fresh, migrated database for one test file: a new database on the PostgreSQL server at
 * TEST_DATABASE_URL / DATABASE_URL, else on the local server when it answers, else an in-memory
 * PGlite. close() drops the database again. `migrate: false` leaves it empty (migration tests).
 */
export async function createTestDatabase({ migrate = true } = {}): Promise<TestDatabase> {
  const serverUrl = await findServer();
  if (!serverUrl) {
    const handle = openDatabase({ dataDir: 'memory://' });
    if (migrate) await handle.migrate();
    return { ...handle, url: undefined };
  }
  const name = `dolya_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE "${name}"`);
  const url = withDatabase(serverUrl, name);
  const handle = openDatabase({ databaseUrl: url, maxConnections: 5 });
  if (migrate) await handle.migrate();
  return {
    ...handle,
    url,
    async close() {
      await handle.close();
      await admin.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end({ timeout: 5 });
    },
  };
}

/**
 * A fresh database on the PostgreSQL server, for behaviour PGlite does not have (the pool's gate,
 * cancelled statements, the start-up advisory lock); fails plainly when no server answers.
 */
export async function createPostgresTestDatabase(): Promise<TestDatabase & { url: string }> {
  if (!(await findServer())) {
    throw new Error('This test needs PostgreSQL: set TEST_DATABASE_URL or run one on 127.0.0.1:5432');
  }
  return (await createTestDatabase()) as TestDatabase & { url: string };
}

/** A new, empty (unmigrated) database on the PostgreSQL server; drop() removes it. */
export async function createEmptyPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const serverUrl = await findServer();
  if (!serverUrl)
    throw new Error('This test needs PostgreSQL: set TEST_DATABASE_URL or run one on 127.0.0.1:5432');
  const name = `dolya_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE "${name}"`);
  return {
    url: withDatabase(serverUrl, name),
    async drop() {
      await admin.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end({ timeout: 5 });
    },
  };
}

async function findServer(): Promise<string | undefined> {
  const configured = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
  if (configured) return configured;
  const probe = postgres(LOCAL_SERVER, { max: 1, connect_timeout: 2, onnotice: () => {} });
  try {
    await probe`select 1`;
    return LOCAL_SERVER;
  } catch {
    return undefined;
  } finally {
    await probe.end({ timeout: 1 }).catch(() => {});
  }
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/**
 * Holds every write to `table` back, in a transaction on a connection of `side`, until the returned
 * function is called. SHARE mode stops inserts, updates and deletes but lets reads and row locks
 * through.
 */
export async function holdWrites(side: postgres.Sql, table: string): Promise<() => Promise<void>> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let holding = () => {};
  const held = new Promise<void>((resolve) => {
    holding = resolve;
  });
  const lock = side.begin(async (sql) => {
    await sql.unsafe(`LOCK TABLE "${table}" IN SHARE MODE`);
    holding();
    await released;
  });
  await Promise.race([held, lock]);
  return async () => {
    release();
    await lock;
  };
}

/**
 * Starts the calls together and holds every write to `table` back until each call waits for it,
 * then lets go, so their writes really collide (unhindered, the first call tends to be done before
 * the next one starts). The hold and the watch use connections of their own, outside the pool the
 * calls share, so up to its size (5) calls can wait at once. On PGlite, which runs one transaction
 * at a time, the calls simply run.
 */
export async function raceOnWrites<T>(
  database: TestDatabase,
  table: string,
  calls: (() => Promise<T>)[],
): Promise<PromiseSettledResult<T>[]> {
  if (!database.url) return Promise.allSettled(calls.map((call) => call()));
  const side = postgres(database.url, { max: 2, onnotice: () => {} });
  try {
    const releaseWrites = await holdWrites(side, table);
    const results = Promise.allSettled(calls.map((call) => call()));
    let waiting = 0;
    try {
      for (let tries = 0; tries < 300 && waiting < calls.length; tries++) {
        await new Promise((resolve) => setTimeout(resolve, 10));
        const [row] = await side<{ n: number }[]>`
          select count(*)::int as n from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'`;
        waiting = row?.n ?? 0;
      }
    } finally {
      await releaseWrites();
    }
    const settled = await results;
    if (waiting < calls.length) {
      throw new Error(`only ${waiting} of ${calls.length} calls waited on writes to ${table}`);
    }
    return settled;
  } finally {
    await side.end({ timeout: 5 });
  }
}
