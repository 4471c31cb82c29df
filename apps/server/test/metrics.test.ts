import { type DatabaseHandle, openDatabase } from '@dolya/db';
import {
  createEmptyPostgresDatabase,
  createPostgresTestDatabase,
  type TestDatabase,
} from '@dolya/db/testing';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { ORIGIN } from './harness';
import { freePort, startServerProcess } from './server-process';

const TOKEN = 'metrics-token-of-at-least-32-characters';
const config = (env: Record<string, string> = {}) =>
  loadConfig({
    LOG_LEVEL: 'silent',
    PUBLIC_URL: ORIGIN,
    WEB_DIST: 'none',
    MAX_EVENT_LOOP_DELAY_MS: '0',
    MAX_HEAP_USED_MB: '0',
    ...env,
  });

/** The value of one sample of the exposition text: metric name and some of its labels. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries(
      [...(match[3] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]),
    );
    if (Object.entries(labels).every(([k, v]) => found[k] === v)) return Number(match[4]);
  }
  return undefined;
}

describe('/metrics with METRICS_TOKEN', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  beforeAll(async () => {
    database = await createPostgresTestDatabase();
    app = await buildApp(config({ METRICS_TOKEN: TOKEN }), database.db, { pool: database.pool });
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const scrape = async () => {
    const res = await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return res.body;
  };

  it('refuses a scraper without the token, or with another', async () => {
    expect((await app.inject('/metrics')).statusCode).toBe(401);
    const wrong = await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}x` } });
    expect(wrong.statusCode).toBe(401);
  });

  it('counts answers by route pattern and status, with their latency, and failed procedures by code', async () => {
    const groupId = '00000000-0000-4000-8000-000000000000';
    await app.inject(`/api/groups/${groupId}/balances`);
    await app.inject(`/api/groups/${groupId}/balances`);
    await app.inject('/api/no-such-route');
    await app.inject({ url: '/trpc/auth.me', headers: { origin: ORIGIN } });
    await app.inject('/healthz');
    const text = await scrape();
    const balances = { method: 'GET', route: '/api/groups/:id/balances', status: '401' };
    expect(sample(text, 'dolya_http_requests_total', balances)).toBe(2);
    expect(sample(text, 'dolya_http_request_duration_seconds_count', balances)).toBe(2);
    expect(sample(text, 'dolya_http_request_duration_seconds_bucket', { ...balances, le: '+Inf' })).toBe(2);
    expect(sample(text, 'dolya_http_requests_total', { route: 'unmatched', status: '404' })).toBe(1);
    expect(sample(text, 'dolya_http_requests_total', { route: '/healthz', status: '200' })).toBe(1);
    expect(sample(text, 'dolya_trpc_errors_total', { procedure: 'auth.me', code: 'UNAUTHORIZED' })).toBe(1);
    // The process's own metrics come along.
    expect(sample(text, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(sample(text, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
  });

  it("shows the database pool's connections in use while a transaction holds one", async () => {
    expect(sample(await scrape(), 'dolya_db_pool_size')).toBe(5);
    const held = database.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_sleep(0.5)`);
    });
    await new Promise((r) => setTimeout(r, 150));
    const during = await scrape();
    await held;
    expect(sample(during, 'dolya_db_pool_in_use')).toBeGreaterThanOrEqual(1);
    expect(sample(during, 'dolya_db_pool_waiting')).toBe(0);
    expect(sample(await scrape(), 'dolya_db_pool_in_use')).toBe(0);
  });
});

describe('5xx answers', () => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  beforeAll(async () => {
    database = openDatabase({ databaseUrl: 'postgres://postgres@127.0.0.1:1/dolya' });
    app = await buildApp(config({ METRICS_TOKEN: TOKEN }), database.db, { pool: database.pool });
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('are counted as server errors (a database that does not answer: 503)', async () => {
    await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { origin: ORIGIN, 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'nobody@example.com', password: 'whatever-password' }),
    });
    const text = (await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).body;
    expect(sample(text, 'dolya_http_server_errors_total', { route: '/api/auth/login', status: '503' })).toBe(
      1,
    );
  });
});

describe('METRICS_PORT (the server as a process)', () => {
  it('serves /metrics on its own port without a token; without METRICS_TOKEN the main port has none', async () => {
    const empty = await createEmptyPostgresDatabase();
    const metricsPort = await freePort();
    const server = await startServerProcess({
      DATABASE_URL: empty.url,
      NODE_ENV: 'test',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      METRICS_PORT: String(metricsPort),
    });
    try {
      expect((await fetch(`${server.base}/metrics`)).status).toBe(404);
      await fetch(`${server.base}/readyz`);
      const res = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
      expect(res.status).toBe(200);
      const text = await res.text();
      expect(sample(text, 'dolya_http_requests_total', { route: '/readyz', status: '200' })).toBe(1);
      expect(sample(text, 'dolya_db_pool_size')).toBe(5);
      expect((await fetch(`http://127.0.0.1:${metricsPort}/other`)).status).toBe(404);
    } finally {
      await server.stop();
      await empty.drop();
    }
  }, 60_000);
});
