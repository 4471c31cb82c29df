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

  it('reads the metrics and log settings', () => {
    expect(loadConfig({})).toMatchObject({
      metricsToken: undefined,
      metricsPort: undefined,
      logPretty: false,
    });
    const set = loadConfig({
      HOST: '10.0.0.5',
      METRICS_TOKEN: 'm'.repeat(32),
      METRICS_PORT: '9100',
      LOG_PRETTY: 'true',
      NODE_ENV: 'test',
    });
    expect(set).toMatchObject({
      metricsToken: 'm'.repeat(32),
      metricsPort: 9100,
      metricsHost: '10.0.0.5',
      logPretty: true,
    });
    expect(loadConfig({ METRICS_PORT: '', LOG_PRETTY: '' })).toMatchObject({
      metricsPort: undefined,
      logPretty: false,
    });
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN: use at least 32 characters/);
    expect(() => loadConfig({ METRICS_PORT: '70000' })).toThrow(/METRICS_PORT/);
  });

  describe('a production start (NODE_ENV=production)', () => {
    const safe = {
      NODE_ENV: 'production',
      SESSION_SECRET: 'f3a9c1e07b5d42e8a6c0d9b1e4f7a2c5',
      PUBLIC_URL: 'https://dolya.example.org',
    };
    const refusal = (env: Record<string, string>) => {
      try {
        loadConfig(env);
      } catch (error) {
        return (error as Error).message;
      }
      return 'started';
    };

    it('starts with a real secret and an https address, the demo seed off by default', () => {
      const config = loadConfig(safe);
      expect(config).toMatchObject({ env: 'production', seedDemo: false, cookieSecure: true });
      expect(loadConfig({ ...safe, SEED_DEMO: 'false', COOKIE_SAMESITE: 'none' }).cookieSameSite).toBe(
        'none',
      );
    });

    it('refuses a missing, short or placeholder SESSION_SECRET', () => {
      const { SESSION_SECRET: _, ...noSecret } = safe;
      expect(refusal(noSecret)).toMatch(
        /^Refusing to start with NODE_ENV=production.*\n {2}SESSION_SECRET: required/,
      );
      expect(refusal({ ...safe, SESSION_SECRET: 'short' })).toMatch(
        /SESSION_SECRET: use at least 32 characters/,
      );
      expect(refusal({ ...safe, SESSION_SECRET: 'change-me-to-32-or-more-random-characters' })).toMatch(
        /SESSION_SECRET: still a placeholder/,
      );
    });

    it('refuses bearer secrets and tokens that are one repeated character or a placeholder', () => {
      const repeated = 'a'.repeat(36);
      for (const name of ['SESSION_SECRET', 'BOT_API_SECRET', 'ADMIN_API_TOKEN', 'METRICS_TOKEN']) {
        expect(refusal({ ...safe, [name]: repeated })).toMatch(
          new RegExp(`${name}: too few different characters to be random`),
        );
        expect(refusal({ ...safe, [name]: 'ab'.repeat(20) })).toMatch(new RegExp(`${name}: too few`));
        expect(refusal({ ...safe, [name]: 'your-admin-token-goes-here-32-chars' })).toMatch(
          new RegExp(`${name}: still a placeholder`),
        );
      }
      const random = {
        BOT_API_SECRET: 'c0e1d7a94b2f8e63a5d9c4b1f0e7a2d6',
        ADMIN_API_TOKEN: '9f2b7c4e1a8d0f63b5e2c9a7d4f1e0b8',
      };
      expect(refusal({ ...safe, ...random })).toBe('started');
    });

    it('refuses the demo seed', () => {
      expect(refusal({ ...safe, SEED_DEMO: 'true' })).toMatch(/SEED_DEMO: must be false in production/);
      expect(refusal({ ...safe, SEED_DEMO: '1' })).toMatch(/SEED_DEMO/);
    });

    it('refuses an http or missing PUBLIC_URL, localhost included', () => {
      expect(refusal({ ...safe, PUBLIC_URL: 'http://dolya.example.org' })).toMatch(
        /PUBLIC_URL: must be https/,
      );
      expect(refusal({ ...safe, PUBLIC_URL: 'http://localhost:3000' })).toMatch(/PUBLIC_URL: must be https/);
      const { PUBLIC_URL: _, ...noUrl } = safe;
      expect(refusal(noUrl)).toMatch(/PUBLIC_URL: required in production/);
    });

    it('refuses SameSite=None cookies that are not Secure, and cookies forced insecure', () => {
      expect(refusal({ ...safe, COOKIE_SAMESITE: 'none', COOKIE_SECURE: 'false' })).toMatch(
        /COOKIE_SAMESITE: none needs Secure cookies/,
      );
      expect(refusal({ ...safe, COOKIE_SECURE: 'false' })).toMatch(/COOKIE_SECURE: must not be false/);
    });

    it('names every problem at once', () => {
      const message = refusal({ NODE_ENV: 'production', SEED_DEMO: 'true', PUBLIC_URL: 'http://x.example' });
      expect(message.split('\n').slice(1)).toEqual([
        expect.stringMatching(/^ {2}SESSION_SECRET/),
        expect.stringMatching(/^ {2}SEED_DEMO/),
        expect.stringMatching(/^ {2}PUBLIC_URL/),
      ]);
    });

    it('leaves development and test as they were: demo seed on, http allowed', () => {
      expect(loadConfig({}).seedDemo).toBe(true);
      expect(loadConfig({ NODE_ENV: 'test', SEED_DEMO: 'true' }).seedDemo).toBe(true);
    });
  });
});
