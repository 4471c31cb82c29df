import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres, PostgresJsDatabase, PostgresJsSession } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import { createGate } from './gate';
import { guardClient } from './guarded-client';
import { assertRequestLive, registerRequestBinding } from './request-scope';
import * as schema from './schema';
import { withUnixSocket } from './socket-url';

export type Schema = typeof schema;
/** The one database type the rest of the code sees, whichever driver is behind it. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'postgres' | 'pglite';
  /**
   * Applies the migrations, then runs `afterwards` (the demo seed), all under the start-up lock:
   * instances starting together on one PostgreSQL database take turns, so none races another
   * through CREATE SCHEMA or a seed.
   */
  migrate(afterwards?: () => Promise<unknown>): Promise<void>;
  close(): Promise<void>;
  /** PostgreSQL's connection pool as its gate sees it (for metrics); absent on PGlite. */
  pool?: PoolView;
}

export interface PoolView {
  /** Connections the pool may open. */
  size: number;
  /** Connections in use by a statement or transaction, and callers waiting for one, now. */
  readonly stats: { busy: number; waiting: number };
}

export const migrationsFolder = fileURLToPath(new URL('../../../drizzle', import.meta.url));

/** pg_advisory_lock key held while an instance migrates and seeds ("dolya" in ASCII, then 1). */
export const STARTUP_LOCK_KEY = '110429724041473';

export interface OpenDatabaseOptions {
  /** PostgreSQL connection string; when absent the embedded PGlite is used. */
  databaseUrl?: string | undefined;
  /** PGlite data directory; 'memory://' keeps everything in memory. */
  dataDir?: string | undefined;
  /** Connections in the pool (default 10). */
  maxConnections?: number;
  /** How long a statement or transaction may wait for a free connection before it is refused (default 10 s). */
  poolWaitMs?: number;
  /**
   * statement_timeout and idle_in_transaction_session_timeout of the pool's connections, so
   * PostgreSQL itself ends anything that runs or sits open that long (default 30 s; 0 turns it off).
   */
  statementTimeoutMs?: number;
  /**
   * Named server-side prepared statements for queries built with `.prepare()` (default true).
   * Off for a connection pooler in transaction mode that cannot keep them (PgBouncer before 1.21).
   */
  prepare?: boolean;
  /**
   * A direct PostgreSQL connection string for the start-up lock and the migrations, when
   * databaseUrl goes through a pooler in transaction mode: a session-level advisory lock taken
   * through such a pooler stays on whichever server connection ran it. Default: databaseUrl.
   */
  directUrl?: string | undefined;
}

/**
 * After PostgreSQL refused or dropped a connection, the next attempt on that connection waits this
 * long (seconds). postgres-js's own backoff grows to 20 s after a few failures, which kept the
 * server failing long after a restart; and while the database is down every queued query waits its
 * connection's delay before failing, so a short delay also keeps the 503s quick (measured with
 * bench:faults: 0.25 s gave a median 503 of 1 s during a 5 s outage at 50 writes/s). Each attempt
 * belongs to a real query, and the request admission bounds those, so this never spins.
 */
const reconnectDelay = (failures: number) => Math.min(0.01 * failures, 0.05);

/** What a request's copy of a postgres-js database reuses of it (drizzle keeps these internal). */
interface DrizzleInternals {
  dialect: ConstructorParameters<typeof PostgresJsSession>[1];
  session: {
    schema: ConstructorParameters<typeof PostgresJsSession>[2];
    options: ConstructorParameters<typeof PostgresJsSession>[3];
  };
}

export function openDatabase(options: OpenDatabaseOptions): DatabaseHandle {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options);
  // The extensions the migrations create (0012: the expense search's trigram index).
  const client = new PGlite(options.dataDir ?? './data', { extensions: { pg_trgm, btree_gin } });
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  // PGlite runs in this process: there is no statement to cancel, only a commit to refuse.
  registerRequestBinding(db, (signal) => rollBackEndedRequests(Object.create(db), signal));
  return {
    db,
    kind: 'pglite',
    // One process owns a PGlite directory: nobody to take turns with.
    async migrate(afterwards) {
      await migratePglite(drizzlePglite(client), { migrationsFolder });
      await afterwards?.();
    },
    close: () => client.close(),
  };
}

function openPostgres(url: string, options: OpenDatabaseOptions): DatabaseHandle {
  const max = options.maxConnections ?? 10;
  const timeout = options.statementTimeoutMs ?? 30_000;
  const target = withUnixSocket(url);
  const client = postgres(target.url, {
    ...(target.path ? { path: target.path } : {}),
    max,
    prepare: options.prepare ?? true,
    onnotice: () => {},
    // An unreachable host fails in 5 s, not postgres-js's 30; idle connections are given back.
    connect_timeout: 5,
    idle_timeout: 60,
    backoff: reconnectDelay,
    connection: {
      application_name: 'dolya',
      statement_timeout: timeout,
      idle_in_transaction_session_timeout: timeout,
    },
  });
  const gate = createGate({ size: max, waitMs: options.poolWaitMs ?? 10_000 });
  const db = drizzlePostgres(guardClient(client, gate), { schema });
  // A request's copy shares the dialect and the relational schema (built once, above) and sends
  // its statements through a guard that watches the request's signal.
  const { dialect, session } = db as unknown as DrizzleInternals;
  registerRequestBinding(db as unknown as Database, (signal) => {
    const bound = new PostgresJsSession(
      guardClient(client, gate, signal),
      dialect,
      session.schema,
      session.options,
    );
    const requestDb = new PostgresJsDatabase(dialect, bound, session.schema as never);
    return rollBackEndedRequests(requestDb as unknown as Database, signal);
  });
  return {
    db: db as unknown as Database,
    kind: 'postgres',
    pool: {
      size: max,
      get stats() {
        return gate.stats;
      },
    },
    async migrate(afterwards) {
      // A connection of its own: it holds the session-level lock, and long migrations are not
      // cut short by the pool's statement timeout.
      const direct = withUnixSocket(options.directUrl || url);
      const lockHolder = postgres(direct.url, {
        ...(direct.path ? { path: direct.path } : {}),
        max: 1,
        onnotice: () => {},
        connection: { application_name: 'dolya-startup' },
      });
      try {
        await lockHolder`select pg_advisory_lock(${STARTUP_LOCK_KEY}::bigint)`;
        await migratePostgres(drizzlePostgres(lockHolder), { migrationsFolder });
        await afterwards?.();
        await lockHolder`select pg_advisory_unlock(${STARTUP_LOCK_KEY}::bigint)`;
      } finally {
        // Ending the session releases the lock too, should anything above have failed.
        await lockHolder.end({ timeout: 5 });
      }
    },
    close: () => client.end({ timeout: 5 }),
  };
}

/**
 * A transaction of a request that has ended (its client left, its deadline passed) rolls back
 * instead of committing, so a write nobody waits for any more is never stored.
 */
function rollBackEndedRequests(db: Database, signal: AbortSignal): Database {
  const transaction = db.transaction.bind(db);
  db.transaction = ((work, config) =>
    transaction(async (tx) => {
      assertRequestLive(signal);
      const result = await work(tx);
      assertRequestLive(signal);
      return result;
    }, config)) as Database['transaction'];
  return db;
}
