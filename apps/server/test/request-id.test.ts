import { createEmptyPostgresDatabase } from '@dolya/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerProcess, startServerProcess } from './server-process';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('request ids, in the answers and in every log line (the server as a process)', () => {
  let database: Awaited<ReturnType<typeof createEmptyPostgresDatabase>>;
  let server: ServerProcess;
  beforeAll(async () => {
    database = await createEmptyPostgresDatabase();
    server = await startServerProcess({
      DATABASE_URL: database.url,
      NODE_ENV: 'test',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'info',
      MAX_EVENT_LOOP_DELAY_MS: '0',
      MAX_HEAP_USED_MB: '0',
    });
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
    await database?.drop();
  });

  const logOf = (id: string) =>
    server
      .lines()
      .map((line) => JSON.parse(line) as { reqId?: string; msg?: string })
      .filter((entry) => entry.reqId === id);

  it('makes one up, sends it back, puts it in a REST error body and in the log lines of the request', async () => {
    const res = await fetch(`${server.base}/api/groups`);
    expect(res.status).toBe(401);
    const id = res.headers.get('x-request-id') ?? '';
    expect(id).toMatch(UUID);
    const body = (await res.json()) as { code: string; message: string; requestId: string };
    expect(body).toMatchObject({ code: 'UNAUTHORIZED', requestId: id });
    await new Promise((r) => setTimeout(r, 200));
    expect(logOf(id).map((e) => e.msg)).toEqual(['incoming request', 'request completed']);
  });

  it("keeps a proxy's sane x-request-id, and replaces one that is not", async () => {
    const kept = await fetch(`${server.base}/healthz`, { headers: { 'x-request-id': 'lb-7f3a:42' } });
    expect(kept.headers.get('x-request-id')).toBe('lb-7f3a:42');
    expect(await kept.json()).toEqual({ status: 'ok' });
    for (const bad of ['has space', 'x'.repeat(129), '{"msg":"forged"}']) {
      const res = await fetch(`${server.base}/healthz`, { headers: { 'x-request-id': bad } });
      expect(res.headers.get('x-request-id')).toMatch(UUID);
    }
  });

  it('puts it in the data of every tRPC error, single calls and batches alike', async () => {
    const single = await fetch(`${server.base}/trpc/auth.me`, { headers: { 'x-request-id': 'trpc-one' } });
    expect(single.status).toBe(401);
    expect(await single.json()).toMatchObject({
      error: { data: { appCode: 'UNAUTHORIZED', requestId: 'trpc-one' } },
    });
    const batch = await fetch(`${server.base}/trpc/auth.providers,auth.me?batch=1&input={}`, {
      headers: { 'x-request-id': 'trpc-batch' },
    });
    const [ok, failed] = (await batch.json()) as [Record<string, unknown>, Record<string, unknown>];
    expect(ok).toHaveProperty('result');
    expect(ok).not.toHaveProperty('requestId');
    expect(failed).toMatchObject({ error: { data: { appCode: 'UNAUTHORIZED', requestId: 'trpc-batch' } } });
    await new Promise((r) => setTimeout(r, 200));
    expect(logOf('trpc-batch').map((e) => e.msg)).toEqual(['incoming request', 'request completed']);
  });

  it('writes JSON lines only, each request line with its reqId', () => {
    const entries = server.lines().map((line) => JSON.parse(line) as { req?: unknown; reqId?: string });
    expect(entries.length).toBeGreaterThan(0);
    for (const entry of entries.filter((e) => e.req)) expect(entry.reqId).toBeTruthy();
  });
});

describe('LOG_PRETTY=true', () => {
  it('writes readable lines through pino-pretty, with the request id', async () => {
    const database = await createEmptyPostgresDatabase();
    const server = await startServerProcess({
      DATABASE_URL: database.url,
      NODE_ENV: 'development',
      LOG_PRETTY: 'true',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'info',
    });
    try {
      await fetch(`${server.base}/healthz`, { headers: { 'x-request-id': 'pretty-1' } });
      await new Promise((r) => setTimeout(r, 500));
      const lines = server.lines();
      const id = lines.findIndex((l) => l.includes('reqId: "pretty-1"'));
      // pino-pretty prints a line's fields below it.
      expect(lines[id - 1]).toMatch(/^\[[\d:.]+\] INFO: (incoming request|request completed)$/);
      expect(() => JSON.parse(lines[id - 1] ?? '')).toThrow();
    } finally {
      await server.stop();
      await database.drop();
    }
  }, 60_000);
});
