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
 * PGlite. close() drops the database again.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = await findServer();
  if (!serverUrl) {
    const handle = openDatabase({ dataDir: 'memory://' });
    await handle.migrate();
    return { ...handle, url: undefined };
  }
  const name = `dolya_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE "${name}"`);
  const url = withDatabase(serverUrl, name);
  const handle = openDatabase({ databaseUrl: url, maxConnections: 5 });
  await handle.migrate();
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
