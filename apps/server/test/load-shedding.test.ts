import { createTestDatabase, type TestDatabase } from '@dolya/db/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { ORIGIN } from './harness';

describe('load shedding', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  beforeAll(async () => {
    database = await createTestDatabase();
    // A heap limit every process is over: the server is "under pressure" from its first sample on.
    const config = loadConfig({
      LOG_LEVEL: 'silent',
      PUBLIC_URL: ORIGIN,
      WEB_DIST: 'none',
      MAX_HEAP_USED_MB: '1',
    });
    app = await buildApp(config, database.db);
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  async function shed(url: string) {
    for (let tries = 0; tries < 100; tries++) {
      const res = await app.inject({ method: 'GET', url, headers: { origin: ORIGIN } });
      if (res.statusCode === 503) return res;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`${url} was never refused`);
  }

  it('refuses REST calls at the door with 503 SERVICE_UNAVAILABLE and Retry-After', async () => {
    const res = await shed('/api/auth/providers');
    expect(res.headers['retry-after']).toBe('1');
    expect(res.json()).toEqual({
      code: 'SERVICE_UNAVAILABLE',
      message: expect.any(String),
      requestId: res.headers['x-request-id'],
    });
  });

  it('refuses tRPC calls in tRPC’s error shape, one error per call of a batch', async () => {
    const single = await shed('/trpc/auth.providers');
    expect(single.json()).toMatchObject({
      error: { data: { appCode: 'SERVICE_UNAVAILABLE', httpStatus: 503, path: 'auth.providers' } },
    });
    const batch = await shed('/trpc/auth.providers,auth.me?batch=1&input={}');
    expect(batch.json()).toMatchObject([
      { error: { data: { appCode: 'SERVICE_UNAVAILABLE', path: 'auth.providers' } } },
      { error: { data: { appCode: 'SERVICE_UNAVAILABLE', path: 'auth.me' } } },
    ]);
  });
});
