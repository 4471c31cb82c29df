import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';

describe('configuration from the environment', () => {
  it('has working defaults: embedded database, port 3000, demo seed', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      publicUrl: 'http://localhost:3000',
      databaseUrl: undefined,
      dataDir: './data',
      seedDemo: true,
      cookieSecure: false,
      cookieSameSite: 'lax',
    });
  });

  it('runs one server process by default; several, or one per core, only on PostgreSQL', () => {
    expect(loadConfig({}).workers).toBe(1);
    const postgres = { DATABASE_URL: 'postgres://db/dolya' };
    expect(loadConfig({ ...postgres, SERVER_WORKERS: '3' }).workers).toBe(3);
    expect(loadConfig({ ...postgres, SERVER_WORKERS: 'auto' }).workers).toBeGreaterThanOrEqual(1);
    expect(() => loadConfig({ SERVER_WORKERS: '2' })).toThrow(
      /SERVER_WORKERS: more than one worker needs DATABASE_URL/,
    );
    expect(() => loadConfig({ ...postgres, SERVER_WORKERS: '0' })).toThrow(/SERVER_WORKERS/);
  });

  it('derives the public URL from PORT unless PUBLIC_URL is given', () => {
    expect(loadConfig({ PORT: '3200' }).publicUrl).toBe('http://localhost:3200');
    const https = loadConfig({ PORT: '3200', PUBLIC_URL: 'https://dolya.example/app' });
    expect(https.publicUrl).toBe('https://dolya.example');
    expect(https.cookieSecure).toBe(true);
  });

  it('treats an empty DATABASE_URL as unset, as .env.example leaves it', () => {
    expect(loadConfig({ DATABASE_URL: '' }).databaseUrl).toBeUndefined();
  });

  it('fails fast naming the variable that is wrong', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ SEED_DEMO: 'maybe' })).toThrow(/SEED_DEMO/);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SESSION_SECRET: required in production/);
    expect(() => loadConfig({ SESSION_SECRET: 'short' })).toThrow(/SESSION_SECRET/);
  });

  it('sizes the pool, the waits and the load limits, with defaults for a 2-core machine', () => {
    expect(loadConfig({})).toMatchObject({
      databasePool: { max: 5, waitMs: 1000, statementTimeoutMs: 10_000 },
      requestTimeoutMs: 10_000,
      loadShedding: { maxEventLoopDelayMs: 1000, maxHeapUsedMb: 1024 },
    });
    const tuned = loadConfig({
      DATABASE_POOL_MAX: '20',
      DATABASE_POOL_WAIT_MS: '250',
      DATABASE_STATEMENT_TIMEOUT_MS: '0',
      REQUEST_TIMEOUT_MS: '30000',
      MAX_EVENT_LOOP_DELAY_MS: '0',
      MAX_HEAP_USED_MB: '0',
    });
    expect(tuned).toMatchObject({
      databasePool: { max: 20, waitMs: 250, statementTimeoutMs: 0 },
      requestTimeoutMs: 30_000,
      loadShedding: { maxEventLoopDelayMs: 0, maxHeapUsedMb: 0 },
    });
  });

  it('refuses a pool or deadline that cannot work', () => {
    expect(() => loadConfig({ DATABASE_POOL_MAX: '0' })).toThrow(/DATABASE_POOL_MAX/);
    expect(() => loadConfig({ DATABASE_POOL_MAX: 'many' })).toThrow(/DATABASE_POOL_MAX/);
    expect(() => loadConfig({ DATABASE_POOL_WAIT_MS: '-1' })).toThrow(/DATABASE_POOL_WAIT_MS/);
    expect(() => loadConfig({ DATABASE_STATEMENT_TIMEOUT_MS: '1.5' })).toThrow(
      /DATABASE_STATEMENT_TIMEOUT_MS/,
    );
    expect(() => loadConfig({ REQUEST_TIMEOUT_MS: '10' })).toThrow(/REQUEST_TIMEOUT_MS/);
    expect(() => loadConfig({ MAX_EVENT_LOOP_DELAY_MS: 'fast' })).toThrow(/MAX_EVENT_LOOP_DELAY_MS/);
    expect(() => loadConfig({ MAX_HEAP_USED_MB: '-5' })).toThrow(/MAX_HEAP_USED_MB/);
  });
});
