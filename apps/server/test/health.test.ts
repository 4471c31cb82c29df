import { type DatabaseHandle, openDatabase, readJournal } from '@dolya/db';
import { createEmptyPostgresDatabase } from '@dolya/db/testing';
import type { FastifyInstance } from 'fastify';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { ORIGIN } from './harness';

const config = () =>
  loadConfig({
    LOG_LEVEL: 'silent',
    PUBLIC_URL: ORIGIN,
    WEB_DIST: 'none',
    MAX_EVENT_LOOP_DELAY_MS: '0',
    MAX_HEAP_USED_MB: '0',
  });

const tags = readJournal().map((e) => e.tag);

describe('/healthz and /readyz on a real PostgreSQL database', () => {
  let empty: Awaited<ReturnType<typeof createEmptyPostgresDatabase>>;
  let database: DatabaseHandle;
  let app: FastifyInstance;
  beforeAll(async () => {
    empty = await createEmptyPostgresDatabase();
    database = openDatabase({ databaseUrl: empty.url, maxConnections: 2 });
    app = await buildApp(config(), database.db);
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await empty?.drop();
  });

  it('is alive but not ready while no migration has run', async () => {
    expect((await app.inject('/healthz')).statusCode).toBe(200);
    const ready = await app.inject('/readyz');
    expect(ready.statusCode).toBe(503);
    expect(ready.headers['cache-control']).toBe('no-store');
    expect(ready.json()).toEqual({
      status: 'unavailable',
      reason: 'migrations pending',
      pending: tags,
      requestId: ready.headers['x-request-id'],
    });
  });

  it('is ready once every migration of the folder is applied, and /health still answers', async () => {
    await database.migrate();
    const ready = await app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
    expect((await app.inject('/health')).json()).toEqual({ ok: true });
  });

  it('names the migration a database lacks (an upgrade deployed before its migration step)', async () => {
    const sql = postgres(empty.url, { max: 1, onnotice: () => {} });
    try {
      const newest = Math.max(...readJournal().map((e) => e.when));
      const [row] =
        await sql`delete from drizzle.__drizzle_migrations where created_at = ${newest} returning hash`;
      const ready = await app.inject('/readyz');
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ reason: 'migrations pending', pending: [tags.at(-1)] });
      // Put the record back (the migration itself is still applied; it cannot run twice).
      await sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${row?.hash}, ${newest})`;
    } finally {
      await sql.end({ timeout: 5 });
    }
    expect((await app.inject('/readyz')).statusCode).toBe(200);
  });
});

describe('/readyz when PostgreSQL does not answer', () => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  beforeAll(async () => {
    database = openDatabase({ databaseUrl: 'postgres://postgres@127.0.0.1:1/dolya' });
    app = await buildApp(config(), database.db);
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('is 503 "database unreachable" while /healthz stays 200', async () => {
    const ready = await app.inject('/readyz');
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ status: 'unavailable', reason: 'database unreachable' });
    expect((await app.inject('/healthz')).statusCode).toBe(200);
  });
});
