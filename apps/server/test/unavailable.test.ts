import { request as httpRequest } from 'node:http';
import { type DatabaseHandle, openDatabase } from '@dolya/db';
import { createPostgresTestDatabase, holdWrites, type TestDatabase } from '@dolya/db/testing';
import type { FastifyInstance } from 'fastify';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { client, ORIGIN, testConfig } from './harness';
import { createGroup, expectError, signUp } from './helpers';

const config = testConfig;

const trpcLogin = (app: FastifyInstance) =>
  app.inject({
    method: 'POST',
    url: '/trpc/auth.login',
    headers: { origin: ORIGIN, 'content-type': 'application/json' },
    payload: JSON.stringify({ email: 'nobody@example.com', password: 'whatever-password' }),
  });

function expectUnavailable(
  res: { statusCode: number; headers: Record<string, unknown>; json(): unknown },
  trpc = false,
) {
  expect(res.statusCode).toBe(503);
  expect(res.headers['retry-after']).toBe('1');
  const body = res.json() as { code?: string; error?: { data?: { appCode?: string } } };
  if (trpc) expect(body.error?.data?.appCode).toBe('SERVICE_UNAVAILABLE');
  else expect(body.code).toBe('SERVICE_UNAVAILABLE');
}

describe('PostgreSQL unreachable (nothing listens on its port)', () => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  beforeAll(async () => {
    database = openDatabase({ databaseUrl: 'postgres://postgres@127.0.0.1:1/dolya' });
    app = await buildApp(config(), database.db);
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('answers REST calls with 503 SERVICE_UNAVAILABLE and Retry-After, never 500', async () => {
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { origin: ORIGIN, 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'nobody@example.com', password: 'whatever-password' }),
    });
    expectUnavailable(login);
    const withCookie = await app.inject({
      method: 'GET',
      url: '/api/groups',
      cookies: { dolya_session: 'x'.repeat(40) },
    });
    expectUnavailable(withCookie);
  });

  it('answers tRPC calls the same way', async () => {
    expectUnavailable(await trpcLogin(app), true);
  });
});

describe('the pool, a request deadline and a client that leaves', () => {
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

  /** Holds writes to expenses (SHARE lock) until the returned function is called. */
  const holdExpenseWrites = () => holdWrites(side, 'expenses');

  async function waitUntil(check: () => Promise<boolean>) {
    for (let tries = 0; tries < 1000; tries++) {
      if (await check()) return;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error('the condition never held');
  }

  const waitingOnLock = async () => {
    const [row] = await side<{ n: number }[]>`select count(*)::int as n from pg_stat_activity
      where datname = current_database() and application_name = 'dolya' and wait_event_type = 'Lock'`;
    return row?.n ?? 0;
  };

  const stored = async (name: string) => {
    const [row] = await side<{ n: number }[]>`select count(*)::int as n from expenses where name = ${name}`;
    return row?.n ?? 0;
  };

  it('answers 503 when the only connection stays taken past the wait (pool of 1)', async () => {
    const handle = openDatabase({ databaseUrl: database.url, maxConnections: 1, poolWaitMs: 100 });
    const app = await buildApp(config(), handle.db);
    let release = () => {};
    const holding = handle.db.transaction(
      () =>
        new Promise<void>((resolve) => {
          release = resolve;
        }),
    );
    try {
      expectUnavailable(await trpcLogin(app), true);
      const rest = await app.inject({
        method: 'GET',
        url: '/api/groups',
        cookies: { dolya_session: 'x'.repeat(40) },
      });
      expectUnavailable(rest);
    } finally {
      release();
      await holding;
      await app.close();
      await handle.close();
    }
  });

  it('answers 503 when the deadline passes while a write waits, and writes nothing', async () => {
    const app = await buildApp(config({ REQUEST_TIMEOUT_MS: '300' }), database.db);
    try {
      const { c } = await signUp(() => app, 'Dee');
      const { id, meId } = await createGroup(c);
      const releaseWrites = await holdExpenseWrites();
      let status = 0;
      try {
        const res = await c.post(`/api/groups/${id}/expenses`, {
          name: 'Too late',
          amount: '10.00',
          paidById: meId,
        });
        status = res.status;
        expectError(res, 503, 'SERVICE_UNAVAILABLE');
        expect(res.headers['retry-after']).toBe('1');
      } finally {
        await releaseWrites();
      }
      expect(status).toBe(503);
      expect(await stored('Too late')).toBe(0);
    } finally {
      await app.close();
    }
  });

  it('does not commit the write of a client that gave up while it waited on a lock', async () => {
    const app = await buildApp(config(), database.db);
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const address = app.server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      const { c } = await signUp(() => app, 'Eli');
      const { id, meId } = await createGroup(c);
      const releaseWrites = await holdExpenseWrites();
      try {
        const body = JSON.stringify({ name: 'Abandoned', amount: '12.00', paidById: meId });
        const req = httpRequest({
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: `/api/groups/${id}/expenses`,
          headers: {
            origin: ORIGIN,
            cookie: c.cookie,
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
          },
        });
        req.on('error', () => {});
        req.end(body);
        await waitUntil(async () => (await waitingOnLock()) === 1);
        req.destroy();
        // The server cancels the waiting insert: nothing of ours waits on the lock any more.
        await waitUntil(async () => (await waitingOnLock()) === 0);
      } finally {
        await releaseWrites();
      }
      const check = client(() => app);
      expect((await check.get('/health')).status).toBe(200);
      expect(await stored('Abandoned')).toBe(0);
    } finally {
      await app.close();
    }
  });
});
