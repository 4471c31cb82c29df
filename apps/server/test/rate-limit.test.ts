import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../src/config';
import { ORIGIN, useServer } from './harness';
import { expectError, PASSWORD, signUp } from './helpers';

/** A JSON POST from a given client address, as a browser on our origin sends it. */
async function post(app: FastifyInstance, url: string, payload: unknown, ip: string) {
  const res = await app.inject({
    method: 'POST',
    url,
    remoteAddress: ip,
    headers: { origin: ORIGIN, 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  });
  return { status: res.statusCode, body: res.body ? res.json() : undefined, headers: res.headers, raw: res };
}

const login = (email: string, password: string) => ({ email, password });
/** A fresh email per test: the per-account limit must not be what answers in the per-IP tests. */
const ghost = () => `ghost-${randomUUID().slice(0, 8)}@example.com`;
const newAccount = () => ({
  name: 'Rate',
  email: `rate-${randomUUID().slice(0, 8)}@example.com`,
  password: PASSWORD,
});

afterEach(() => {
  vi.useRealTimers();
});

describe('config', () => {
  it('RATE_LIMIT_AUTH_PER_MINUTE defaults to 10 and 0 turns the limit off', () => {
    expect(loadConfig({}).rateLimitAuthPerMinute).toBe(10);
    expect(loadConfig({ RATE_LIMIT_AUTH_PER_MINUTE: '0' }).rateLimitAuthPerMinute).toBe(0);
    expect(() => loadConfig({ RATE_LIMIT_AUTH_PER_MINUTE: '-1' })).toThrow(/RATE_LIMIT_AUTH_PER_MINUTE/);
  });
});

describe('per-IP limit on password sign-in and registration', () => {
  const server = useServer({ RATE_LIMIT_AUTH_PER_MINUTE: '3' });
  const app = () => server.app;

  it('lets 3 a minute through from one address, then answers 429 TOO_MANY_REQUESTS in our error shape', async () => {
    const ip = '10.0.1.1';
    const email = ghost();
    const statuses = [];
    for (let i = 0; i < 3; i++)
      statuses.push((await post(app(), '/api/auth/login', login(email, 'wrong'), ip)).status);
    expect(statuses).toEqual([401, 401, 401]);

    const refused = await post(app(), '/api/auth/login', login(email, 'wrong'), ip);
    expectError(refused, 429, 'TOO_MANY_REQUESTS');
    expect(refused.body.message).toMatch(/too many/i);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    // Registration shares the address's budget.
    expectError(await post(app(), '/api/auth/register', newAccount(), ip), 429, 'TOO_MANY_REQUESTS');
  });

  it('counts registrations, and creates no account once limited', async () => {
    const ip = '10.0.1.2';
    for (let i = 0; i < 3; i++)
      expect((await post(app(), '/api/auth/register', newAccount(), ip)).status).toBe(201);
    const account = newAccount();
    expectError(await post(app(), '/api/auth/register', account, ip), 429, 'TOO_MANY_REQUESTS');
    expectError(
      await post(app(), '/api/auth/login', login(account.email, account.password), '10.0.1.99'),
      401,
      'INVALID_CREDENTIALS',
    );
  });

  it('keeps addresses apart: another address still gets through', async () => {
    const email = ghost();
    for (let i = 0; i < 4; i++) await post(app(), '/api/auth/login', login(email, 'x'), '10.0.1.3');
    expect((await post(app(), '/api/auth/login', login(ghost(), 'x'), '10.0.1.4')).status).toBe(401);
  });

  it('covers tRPC auth.login and auth.register, batched calls too, with tRPC’s error envelope', async () => {
    const ip = '10.0.1.5';
    const email = ghost();
    const own = await post(app(), '/trpc/auth.login', login(email, 'wrong'), ip);
    expect(own.status).toBe(401);
    await post(app(), '/trpc/auth.register', { name: 'x' }, ip);
    await post(app(), '/api/auth/login', login(email, 'wrong'), ip);

    const single = await post(app(), '/trpc/auth.login', login(email, 'wrong'), ip);
    expect(single.status).toBe(429);
    expect(single.body).toEqual({
      error: {
        message: expect.stringMatching(/too many/i),
        code: -32029,
        data: {
          code: 'TOO_MANY_REQUESTS',
          httpStatus: 429,
          appCode: 'TOO_MANY_REQUESTS',
          field: null,
          path: 'auth.login',
        },
      },
    });
    // The same shape as the API's own tRPC errors, so the web client reads data.appCode alike.
    expect(Object.keys(single.body.error).sort()).toEqual(Object.keys(own.body.error).sort());
    expect(Object.keys(single.body.error.data).sort()).toEqual(Object.keys(own.body.error.data).sort());

    const batch = await post(
      app(),
      '/trpc/auth.me,auth.register?batch=1',
      { 0: undefined, 1: newAccount() },
      ip,
    );
    expect(batch.status).toBe(429);
    expect(batch.body).toHaveLength(2);
    expect(batch.body[1].error.data).toMatchObject({ appCode: 'TOO_MANY_REQUESTS', path: 'auth.register' });
    // A percent-encoded procedure name is the same procedure.
    expect((await post(app(), '/trpc/auth%2Elogin', login(email, 'wrong'), ip)).status).toBe(429);
  });

  it('does not limit other calls from a limited address', async () => {
    const ip = '10.0.1.6';
    const email = ghost();
    for (let i = 0; i < 4; i++) await post(app(), '/api/auth/login', login(email, 'x'), ip);
    expect((await post(app(), '/api/auth/login', login(email, 'x'), ip)).status).toBe(429);
    expect((await post(app(), '/api/auth/logout', undefined, ip)).status).toBe(200);
    const me = await app().inject({ method: 'GET', url: '/api/auth/me', remoteAddress: ip });
    expect(me.statusCode).toBe(401);
    const trpcMe = await app().inject({ method: 'GET', url: '/trpc/auth.me', remoteAddress: ip });
    expect(trpcMe.statusCode).toBe(401);
  });

  it('lets the address in again once the minute has passed', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const ip = '10.0.1.7';
    const email = ghost();
    for (let i = 0; i < 4; i++) await post(app(), '/api/auth/login', login(email, 'x'), ip);
    expect((await post(app(), '/api/auth/login', login(email, 'x'), ip)).status).toBe(429);
    vi.setSystemTime(Date.now() + 61_000);
    expect((await post(app(), '/api/auth/login', login(email, 'x'), ip)).status).toBe(401);
  });
});

describe('with RATE_LIMIT_AUTH_PER_MINUTE=0', () => {
  const server = useServer({ RATE_LIMIT_AUTH_PER_MINUTE: '0' });

  it('has no per-IP limit', async () => {
    for (let i = 0; i < 15; i++)
      expect(
        (await post(server.app, '/api/auth/login', login(`n${i}@example.com`, 'x'), '10.0.2.1')).status,
      ).toBe(401);
  });
});

describe('per-account limit of failed passwords', () => {
  // The per-IP limit stays off here, so only the account's own limit can answer 429.
  const server = useServer();
  const app = () => server.app;

  /** Each attempt from a different address: the per-account limit must not depend on the address. */
  let n = 0;
  const attempt = (email: string, password: string, url = '/api/auth/login') =>
    post(app(), url, login(email, password), `10.0.3.${(n++ % 250) + 1}`);

  it('after 5 wrong passwords in 15 minutes refuses even the right one with 429, until the window passes', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { email } = await signUp(app, 'Vic');
    for (let i = 0; i < 5; i++)
      expectError(await attempt(email, 'wrong password'), 401, 'INVALID_CREDENTIALS');

    const refused = await attempt(email, PASSWORD);
    expectError(refused, 429, 'TOO_MANY_REQUESTS');
    expect(refused.body.message).toBe(
      'Too many failed sign-in attempts for this account. Try again in 15 min.',
    );
    expect(refused.headers['set-cookie']).toBeUndefined();
    // The email in another case is the same account; tRPC is the same procedure.
    expectError(await attempt(email.toUpperCase(), PASSWORD), 429, 'TOO_MANY_REQUESTS');
    const viaTrpc = await attempt(email, PASSWORD, '/trpc/auth.login');
    expect(viaTrpc.status).toBe(429);
    expect(viaTrpc.body.error.data.appCode).toBe('TOO_MANY_REQUESTS');

    vi.setSystemTime(Date.now() + 14 * 60_000);
    expectError(await attempt(email, PASSWORD), 429, 'TOO_MANY_REQUESTS');
    vi.setSystemTime(Date.now() + 60_000 + 1000);
    const back = await attempt(email, PASSWORD);
    expect(back.status).toBe(200);
    expect(back.headers['set-cookie']).toBeDefined();
  });

  it('leaves other accounts alone', async () => {
    const victim = await signUp(app, 'Wes');
    const bystander = await signUp(app, 'Xena');
    for (let i = 0; i < 6; i++) await attempt(victim.email, 'wrong password');
    expect((await attempt(bystander.email, PASSWORD)).status).toBe(200);
  });

  it('a successful sign-in clears the failures counted so far', async () => {
    const { email } = await signUp(app, 'Yan');
    for (let i = 0; i < 4; i++) await attempt(email, 'wrong password');
    expect((await attempt(email, PASSWORD)).status).toBe(200);
    for (let i = 0; i < 4; i++)
      expectError(await attempt(email, 'wrong password'), 401, 'INVALID_CREDENTIALS');
    expect((await attempt(email, PASSWORD)).status).toBe(200);
  });

  it('answers an unknown email the same way, so the limit does not tell which emails exist', async () => {
    const unknown = ghost();
    for (let i = 0; i < 5; i++) expectError(await attempt(unknown, 'whatever'), 401, 'INVALID_CREDENTIALS');
    expectError(await attempt(unknown, 'whatever'), 429, 'TOO_MANY_REQUESTS');
  });

  it('a burst of parallel guesses gets at most 5 checked; the rest are refused', async () => {
    const { email } = await signUp(app, 'Zed');
    const results = await Promise.all(Array.from({ length: 12 }, () => attempt(email, 'wrong password')));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(7);
  });
});
