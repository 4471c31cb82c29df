import { randomBytes } from 'node:crypto';
import { withUnixSocket } from '@dolya/db';
import postgres from 'postgres';

const LOCAL_SERVER = 'postgres://postgres@127.0.0.1:5432/postgres';

/** The PostgreSQL server to use: BENCH_DATABASE_URL, DATABASE_URL, else the local one. */
export function serverUrl(): string {
  return process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL || LOCAL_SERVER;
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/** A new, empty database on `server`; drop() removes it again. */
export async function freshDatabase(server: string, prefix = 'dolya_bench') {
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const target = withUnixSocket(server);
  const admin = postgres(target.url, {
    max: 1,
    onnotice: () => {},
    ...(target.path ? { path: target.path } : {}),
  });
  await admin.unsafe(`CREATE DATABASE "${name}"`);
  return {
    name,
    url: withDatabase(server, name),
    async drop() {
      await admin.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch(() => {});
      await admin.end({ timeout: 5 });
    },
  };
}
