import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { users } from '@dolya/db';
import { createTestDatabase, type TestDatabase } from '@dolya/db/testing';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { ORIGIN } from './harness';

describe('load shedding', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let probeRuns = 0;
  let base = '';
  // A web build of one page: the app's routes answer it (sendFile) for any path of the app.
  const webDist = mkdtempSync(join(tmpdir(), 'dolya-shed-web-'));
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Dolya</title>');
  beforeAll(async () => {
    database = await createTestDatabase();
    // A heap limit every process is over: the server is "under pressure" from its first sample on.
    const config = loadConfig({
      LOG_LEVEL: 'silent',
      PUBLIC_URL: ORIGIN,
      WEB_DIST: webDist,
      MAX_HEAP_USED_MB: '1',
    });
    app = await buildApp(config, database.db);
    // A route that counts its runs: a refused request must never reach its route.
    app.get('/api/shedding-probe', async () => {
      probeRuns++;
      return { ran: true };
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  async function shed(url: string, method: 'GET' | 'POST' = 'GET', payload?: object) {
    for (let tries = 0; tries < 100; tries++) {
      const res = await app.inject({
        method,
        url,
        headers: { origin: ORIGIN },
        ...(payload ? { payload } : {}),
      });
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

  it('does not run the route of a request it refused', async () => {
    const res = await shed('/api/shedding-probe');
    expect(res.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(probeRuns).toBe(0);
  });

  it('does not run what it refused: a refused sign-up makes no account', async () => {
    const email = `shed-${Date.now()}@example.com`;
    const res = await shed('/api/auth/register', 'POST', { name: 'Shed', email, password: 'correct horse' });
    expect(res.statusCode).toBe(503);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await database.db.select().from(users).where(eq(users.email, email))).toEqual([]);
  });

  it('refuses the app page and a missing file over a real socket, and the server goes on', async () => {
    let res: Response | undefined;
    for (const path of ['/group/some-page', '/favicon.ico']) {
      res = undefined;
      for (let tries = 0; tries < 100 && res?.status !== 503; tries++) {
        res = await fetch(`${base}${path}`, { headers: { 'accept-encoding': 'br' } });
        await res.arrayBuffer();
      }
    }
    expect(res?.status).toBe(503);
    expect(res?.headers.get('retry-after')).toBe('1');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await shed('/api/auth/providers')).statusCode).toBe(503);
  });
});

describe('the log of a flood of refusals', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  const lines: { msg: string; refusedMeanwhile?: number }[] = [];
  beforeAll(async () => {
    database = await createTestDatabase();
    const config = loadConfig({ LOG_LEVEL: 'warn', PUBLIC_URL: ORIGIN, MAX_HEAP_USED_MB: '1' });
    app = await buildApp(config, database.db, {
      logStream: { write: (line) => lines.push(JSON.parse(line)) },
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('writes one line a second at most, counting the refusals it left out', async () => {
    const status = async () => (await app.inject({ url: '/api/auth/providers' })).statusCode;
    // Until the first heap sample the server admits requests; the flood starts with the first 503.
    for (let tries = 0; tries < 100 && (await status()) !== 503; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const started = Date.now();
    const statuses = await Promise.all(Array.from({ length: 30 }, status));
    expect(statuses.every((s) => s === 503)).toBe(true);
    const shed = () => lines.filter((line) => line.msg === 'request shed: the server is under pressure');
    // 31 refusals within a second or so: one line (two, should the flood have crossed a second).
    expect(shed().length).toBeLessThanOrEqual(1 + Math.floor((Date.now() - started) / 1000));
    expect(shed()[0]?.refusedMeanwhile).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(await status()).toBe(503);
    const last = shed().at(-1);
    expect(last?.refusedMeanwhile).toBeGreaterThan(0);
    // Every refusal is accounted for: the lines plus the ones they say were left out.
    expect(shed().length + shed().reduce((sum, line) => sum + (line.refusedMeanwhile ?? 0), 0)).toBe(32);
  });
});
