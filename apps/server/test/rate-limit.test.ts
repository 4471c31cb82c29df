import { createHash, randomUUID } from 'node:crypto';
import { authChallenges, rateLimits } from '@dolya/db';
import { count, eq, lte } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app';
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

interface TrpcAnswer {
  result?: unknown;
  error?: { data: { appCode: string; httpStatus: number; path: string } };
}

/** One tRPC HTTP request carrying `calls` batched calls of one procedure. */
async function batch(app: FastifyInstance, procedure: string, inputs: unknown[], ip: string) {
  const path = inputs.map(() => procedure).join(',');
  const res = await post(app, `/trpc/${path}?batch=1`, Object.fromEntries(inputs.entries()), ip);
  const answers = res.body as TrpcAnswer[];
  const codes = answers.map((a) => a.error?.data.appCode ?? 'OK');
  return { ...res, answers, codes };
}

function tally(codes: string[]) {
  const counts: Record<string, number> = {};
  for (const code of codes) counts[code] = (counts[code] ?? 0) + 1;
  return counts;
}

const login = (email: string, password: string) => ({ email, password });
/** A fresh email per call: the per-account limit must not be what answers in the per-IP tests. */
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

describe('per-IP limit on sign-in attempts', () => {
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
    for (let i = 0; i < 4; i++) await post(app(), '/api/auth/login', login(ghost(), 'x'), '10.0.1.3');
    expect((await post(app(), '/api/auth/login', login(ghost(), 'x'), '10.0.1.4')).status).toBe(401);
  });

  it('counts an IPv6 /64 as one address', async () => {
    for (let i = 1; i <= 3; i++)
      expect((await post(app(), '/api/auth/login', login(ghost(), 'x'), `2001:db8:1:2::${i}`)).status).toBe(
        401,
      );
    const refused = await post(app(), '/api/auth/login', login(ghost(), 'x'), '2001:db8:1:2:ffff::9');
    expectError(refused, 429, 'TOO_MANY_REQUESTS');
    expect((await post(app(), '/api/auth/login', login(ghost(), 'x'), '2001:db8:1:3::1')).status).toBe(401);
  });

  it('covers tRPC auth.login and auth.register with tRPC’s error envelope, status 429 and Retry-After', async () => {
    const ip = '10.0.1.5';
    const own = await post(app(), '/trpc/auth.login', login(ghost(), 'wrong'), ip);
    expect(own.status).toBe(401);
    // Invalid input counts too: the attempt is counted before anything else.
    expect((await post(app(), '/trpc/auth.register', { name: 'x' }, ip)).status).toBe(400);
    await post(app(), '/api/auth/login', login(ghost(), 'wrong'), ip);

    const single = await post(app(), '/trpc/auth.login', login(ghost(), 'wrong'), ip);
    expect(single.status).toBe(429);
    expect(Number(single.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(single.headers['retry-after'])).toBeLessThanOrEqual(60);
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
          requestId: single.headers['x-request-id'],
        },
      },
    });
    // The same shape as the API's own tRPC errors, so the web client reads data.appCode alike.
    expect(Object.keys(single.body.error).sort()).toEqual(Object.keys(own.body.error).sort());
    expect(Object.keys(single.body.error.data).sort()).toEqual(Object.keys(own.body.error.data).sort());

    const both = await batch(app(), 'auth.register', [newAccount(), newAccount()], ip);
    expect(both.status).toBe(429);
    expect(both.codes).toEqual(['TOO_MANY_REQUESTS', 'TOO_MANY_REQUESTS']);
    expect(both.answers[1]!.error!.data.path).toBe('auth.register');
    expect(Number(both.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('counts every call of a batch: 9 batched auth.login calls make 9 attempts, only 3 get their password checked', async () => {
    const ip = '10.0.1.10';
    const nine = await batch(
      app(),
      'auth.login',
      Array.from({ length: 9 }, () => login(ghost(), 'x')),
      ip,
    );
    expect(tally(nine.codes)).toEqual({ INVALID_CREDENTIALS: 3, TOO_MANY_REQUESTS: 6 });
    // Mixed answers in one batch: tRPC's 207, the refused calls still say when to come back.
    expect(nine.status).toBe(207);
    expect(Number(nine.headers['retry-after'])).toBeGreaterThan(0);
    // The 9 counted: a later single call is refused too, and a fresh address's batch gets exactly 3.
    expect((await post(app(), '/trpc/auth.login', login(ghost(), 'x'), ip)).status).toBe(429);
    const other = await batch(
      app(),
      'auth.login',
      Array.from({ length: 9 }, () => login(ghost(), 'x')),
      '10.0.1.11',
    );
    expect(tally(other.codes)).toEqual({ INVALID_CREDENTIALS: 3, TOO_MANY_REQUESTS: 6 });
  });

  it('a batch mixing sign-in with other calls refuses only the sign-in calls', async () => {
    const ip = '10.0.1.12';
    for (let i = 0; i < 3; i++) await post(app(), '/api/auth/login', login(ghost(), 'x'), ip);
    const res = await post(
      app(),
      '/trpc/auth.logout,auth.login?batch=1',
      { 0: undefined, 1: login(ghost(), 'x') },
      ip,
    );
    const answers = res.body as TrpcAnswer[];
    expect(answers[0]!.error).toBeUndefined();
    expect(answers[1]!.error!.data.appCode).toBe('TOO_MANY_REQUESTS');
  });

  it('limits the unauthenticated passkey option calls on the same budget', async () => {
    const ip = '10.0.1.13';
    const options = (url: string, payload: unknown) => post(app(), url, payload, ip);
    expect((await options('/api/passkey/login/options', {})).status).toBe(200);
    expect((await options('/trpc/passkey.loginOptions', {})).status).toBe(200);
    expect(
      (await options('/api/passkey/register/options', { name: `pk${randomUUID().slice(0, 6)}` })).status,
    ).toBe(200);
    const refused = await options('/api/passkey/login/options', {});
    expectError(refused, 429, 'TOO_MANY_REQUESTS');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expectError(await options('/api/passkey/register/options', { name: 'pkx' }), 429, 'TOO_MANY_REQUESTS');
    expect((await options('/trpc/passkey.registerOptions', { name: 'pky' })).status).toBe(429);
    // And the password sign-in of that address waits as well.
    expectError(await options('/api/auth/login', login(ghost(), 'x')), 429, 'TOO_MANY_REQUESTS');
  });

  it('does not limit other calls from a limited address', async () => {
    const ip = '10.0.1.6';
    for (let i = 0; i < 4; i++) await post(app(), '/api/auth/login', login(ghost(), 'x'), ip);
    expect((await post(app(), '/api/auth/login', login(ghost(), 'x'), ip)).status).toBe(429);
    expect((await post(app(), '/api/auth/logout', undefined, ip)).status).toBe(200);
    const me = await app().inject({ method: 'GET', url: '/api/auth/me', remoteAddress: ip });
    expect(me.statusCode).toBe(401);
    const trpcMe = await app().inject({ method: 'GET', url: '/trpc/auth.me', remoteAddress: ip });
    expect(trpcMe.statusCode).toBe(401);
  });

  it('lets the address in again once the minute has passed', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const ip = '10.0.1.7';
    for (let i = 0; i < 4; i++) await post(app(), '/api/auth/login', login(ghost(), 'x'), ip);
    expect((await post(app(), '/api/auth/login', login(ghost(), 'x'), ip)).status).toBe(429);
    vi.setSystemTime(Date.now() + 61_000);
    expect((await post(app(), '/api/auth/login', login(ghost(), 'x'), ip)).status).toBe(401);
  });
});

describe('with the default RATE_LIMIT_AUTH_PER_MINUTE (10)', () => {
  const server = useServer({ RATE_LIMIT_AUTH_PER_MINUTE: '10' });

  it('15 batched requests of 9 auth.login calls get 10 passwords checked in all', async () => {
    const started = performance.now();
    const codes: string[] = [];
    for (let i = 0; i < 15; i++) {
      const res = await batch(
        server.app,
        'auth.login',
        Array.from({ length: 9 }, () => login(ghost(), 'x')),
        '10.0.4.1',
      );
      codes.push(...res.codes);
    }
    const seconds = ((performance.now() - started) / 1000).toFixed(2);
    console.info(`15 batches x 9 auth.login: ${JSON.stringify(tally(codes))} in ${seconds} s`);
    expect(tally(codes)).toEqual({ INVALID_CREDENTIALS: 10, TOO_MANY_REQUESTS: 125 });
  });
});

describe('with RATE_LIMIT_AUTH_PER_MINUTE=0', () => {
  const server = useServer({ RATE_LIMIT_AUTH_PER_MINUTE: '0' });

  it('has no per-IP limit, batched or not', async () => {
    for (let i = 0; i < 15; i++)
      expect(
        (await post(server.app, '/api/auth/login', login(`n${i}@example.com`, 'x'), '10.0.2.1')).status,
      ).toBe(401);
    const nine = await batch(
      server.app,
      'auth.login',
      Array.from({ length: 9 }, () => login(ghost(), 'x')),
      '10.0.2.1',
    );
    expect(tally(nine.codes)).toEqual({ INVALID_CREDENTIALS: 9 });
  });
});

describe('lockout of failed passwords, per account and address', () => {
  // The per-IP limit stays off here, so only the failed-password lockout can answer 429.
  const server = useServer();
  const app = () => server.app;
  const attempt = (email: string, password: string, ip: string, url = '/api/auth/login') =>
    post(app(), url, login(email, password), ip);

  it('after 5 wrong passwords from one address refuses even the right one there with 429, until 15 minutes pass', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { email } = await signUp(app, 'Vic');
    const ip = '10.0.3.1';
    for (let i = 0; i < 5; i++)
      expectError(await attempt(email, 'wrong password', ip), 401, 'INVALID_CREDENTIALS');

    const refused = await attempt(email, PASSWORD, ip);
    expectError(refused, 429, 'TOO_MANY_REQUESTS');
    expect(refused.body.message).toBe(
      'Too many failed sign-in attempts for this account. Try again in 15 min.',
    );
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    expect(refused.headers['set-cookie']).toBeUndefined();
    // The email in another case is the same account; tRPC is the same procedure.
    expectError(await attempt(email.toUpperCase(), PASSWORD, ip), 429, 'TOO_MANY_REQUESTS');
    const viaTrpc = await attempt(email, PASSWORD, ip, '/trpc/auth.login');
    expect(viaTrpc.status).toBe(429);
    expect(viaTrpc.body.error.data.appCode).toBe('TOO_MANY_REQUESTS');
    expect(Number(viaTrpc.headers['retry-after'])).toBeGreaterThan(14 * 60);

    vi.setSystemTime(Date.now() + 14 * 60_000);
    expectError(await attempt(email, PASSWORD, ip), 429, 'TOO_MANY_REQUESTS');
    vi.setSystemTime(Date.now() + 60_000 + 1000);
    const back = await attempt(email, PASSWORD, ip);
    expect(back.status).toBe(200);
    expect(back.headers['set-cookie']).toBeDefined();
  });

  it('the owner signs in from their own address while a stranger hammering the account stays locked out', async () => {
    const { email } = await signUp(app, 'Owen');
    const stranger = '10.0.3.66';
    const owner = '10.0.3.7';
    const strangerStatuses = [];
    for (let i = 0; i < 20; i++) strangerStatuses.push((await attempt(email, `guess ${i}`, stranger)).status);
    expect(strangerStatuses.filter((s) => s === 401)).toHaveLength(5);
    expect(strangerStatuses.filter((s) => s === 429)).toHaveLength(15);

    const ownerIn = await attempt(email, PASSWORD, owner);
    expect(ownerIn.status).toBe(200);
    expect(ownerIn.headers['set-cookie']).toBeDefined();
    // The owner's success does not unlock the stranger, who cannot even try the right password.
    expectError(await attempt(email, PASSWORD, stranger), 429, 'TOO_MANY_REQUESTS');
    // Nor does the owner's own typo budget suffer from the stranger's guesses.
    for (let i = 0; i < 4; i++) expectError(await attempt(email, 'typo', owner), 401, 'INVALID_CREDENTIALS');
    expect((await attempt(email, PASSWORD, owner)).status).toBe(200);
  });

  it('rotating IPv6 addresses inside one /64 buys no extra guesses', async () => {
    const { email } = await signUp(app, 'Ivy');
    for (let i = 1; i <= 5; i++)
      expectError(await attempt(email, 'wrong', `2001:db8:aa:bb::${i}`), 401, 'INVALID_CREDENTIALS');
    expectError(await attempt(email, 'wrong', '2001:db8:aa:bb:1:2:3:4'), 429, 'TOO_MANY_REQUESTS');
    expect((await attempt(email, PASSWORD, '2001:db8:aa:cc::1')).status).toBe(200);
  });

  it('leaves other accounts alone', async () => {
    const victim = await signUp(app, 'Wes');
    const bystander = await signUp(app, 'Xena');
    const ip = '10.0.3.8';
    for (let i = 0; i < 6; i++) await attempt(victim.email, 'wrong password', ip);
    expect((await attempt(bystander.email, PASSWORD, ip)).status).toBe(200);
  });

  it('a successful sign-in clears the failures counted so far', async () => {
    const { email } = await signUp(app, 'Yan');
    const ip = '10.0.3.9';
    for (let i = 0; i < 4; i++) await attempt(email, 'wrong password', ip);
    expect((await attempt(email, PASSWORD, ip)).status).toBe(200);
    for (let i = 0; i < 4; i++)
      expectError(await attempt(email, 'wrong password', ip), 401, 'INVALID_CREDENTIALS');
    expect((await attempt(email, PASSWORD, ip)).status).toBe(200);
  });

  it('answers an unknown email the same way, so the limit does not tell which emails exist', async () => {
    const unknown = ghost();
    const ip = '10.0.3.10';
    for (let i = 0; i < 5; i++)
      expectError(await attempt(unknown, 'whatever', ip), 401, 'INVALID_CREDENTIALS');
    expectError(await attempt(unknown, 'whatever', ip), 429, 'TOO_MANY_REQUESTS');
  });

  it('a burst of parallel guesses from one address gets at most 5 checked; the rest are refused', async () => {
    const { email } = await signUp(app, 'Zed');
    const results = await Promise.all(
      Array.from({ length: 12 }, () => attempt(email, 'wrong password', '10.0.3.11')),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(7);
  });

  it('a batch of 9 guesses for one account from one address gets 5 checked', async () => {
    const { email } = await signUp(app, 'Bea');
    const nine = await batch(
      app(),
      'auth.login',
      Array.from({ length: 9 }, () => login(email, 'wrong')),
      '10.0.3.12',
    );
    expect(tally(nine.codes)).toEqual({ INVALID_CREDENTIALS: 5, TOO_MANY_REQUESTS: 4 });
  });
});

describe('two server instances on one database', () => {
  const server = useServer({ RATE_LIMIT_AUTH_PER_MINUTE: '3' });
  let second: FastifyInstance;
  beforeAll(async () => {
    const config = loadConfig({
      LOG_LEVEL: 'silent',
      PUBLIC_URL: ORIGIN,
      WEB_DIST: 'none',
      RATE_LIMIT_AUTH_PER_MINUTE: '3',
    });
    second = await buildApp(config, server.db.db);
  });
  afterAll(async () => {
    await second?.close();
  });
  const instances = () => [server.app, second];

  it('share the per-IP limit', async () => {
    const ip = '10.0.5.1';
    const statuses = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await post(instances()[i % 2]!, '/api/auth/login', login(ghost(), 'x'), ip)).status);
    expect(statuses).toEqual([401, 401, 401, 429, 429, 429]);
  });

  it('share the failed-password lockout: locked on one, locked on the other', async () => {
    const { email } = await signUp(() => server.app, 'Kai');
    // A minute between guesses, so the per-IP limit of 3 is not what answers.
    vi.useFakeTimers({ toFake: ['Date'] });
    const ip = '10.0.5.2';
    for (let i = 0; i < 5; i++) {
      const res = await post(instances()[i % 2]!, '/api/auth/login', login(email, 'wrong'), ip);
      expectError(res, 401, 'INVALID_CREDENTIALS');
      vi.setSystemTime(Date.now() + 61_000);
    }
    const other = second;
    const refused = await post(other, '/api/auth/login', login(email, PASSWORD), ip);
    expectError(refused, 429, 'TOO_MANY_REQUESTS');
    expect(refused.body.message).toMatch(/for this account/);
    // The owner elsewhere still gets in, through either instance.
    expect((await post(other, '/api/auth/login', login(email, PASSWORD), '10.0.5.3')).status).toBe(200);
  });
});

describe('passkey challenges stay bounded', () => {
  // No per-IP limit here: the per-address cap alone must bound the rows.
  const server = useServer();
  const db = () => server.db.db;
  const rowsOf = async (client: string) =>
    (await db().select({ n: count() }).from(authChallenges).where(eq(authChallenges.clientKey, client)))[0]!
      .n;

  it('one address holds at most 20 live passkey challenges; the newest are kept', async () => {
    const ip = '10.0.6.1';
    const challenges: string[] = [];
    for (let i = 0; i < 30; i++) {
      const res = await post(server.app, '/api/passkey/login/options', {}, ip);
      expect(res.status).toBe(200);
      challenges.push(res.body.challenge);
    }
    expect(await rowsOf(ip)).toBe(20);
    const stored = async (challenge: string) => {
      const hash = createHash('sha256').update(challenge).digest('base64url');
      return (await db().select().from(authChallenges).where(eq(authChallenges.secretHash, hash))).length;
    };
    expect(await stored(challenges[0]!)).toBe(0);
    expect(await stored(challenges[9]!)).toBe(0);
    expect(await stored(challenges[10]!)).toBe(1);
    expect(await stored(challenges[29]!)).toBe(1);
    // Another address is untouched by that flood.
    expect(
      (await post(server.app, '/api/passkey/register/options', { name: 'pkbound' }, '10.0.6.2')).status,
    ).toBe(200);
    expect(await rowsOf('10.0.6.2')).toBe(1);
    expect(await rowsOf(ip)).toBe(20);
  });

  it('expired challenges are deleted as new ones are asked for', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    await post(server.app, '/api/passkey/login/options', {}, '10.0.6.3');
    vi.setSystemTime(Date.now() + 6 * 60_000);
    await post(server.app, '/api/passkey/login/options', {}, '10.0.6.4');
    const live = await db().select({ n: count() }).from(authChallenges);
    expect(live[0]!.n).toBe(1);
  });
});

describe('counters expire', () => {
  const server = useServer({ RATE_LIMIT_AUTH_PER_MINUTE: '3' });
  const db = () => server.db.db;

  it('expired counter rows are deleted by later hits, so the table does not grow', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    // 12 addresses, 12 per-IP counters and 12 failed-password counters.
    for (let i = 1; i <= 12; i++)
      await post(server.app, '/api/auth/login', login(ghost(), 'x'), `10.0.7.${i}`);
    const before = await db().select({ n: count() }).from(rateLimits);
    expect(before[0]!.n).toBe(24);

    // Past both windows, one more sign-in attempt sweeps what has expired.
    vi.setSystemTime(Date.now() + 16 * 60_000);
    await post(server.app, '/api/auth/login', login(ghost(), 'x'), '10.0.7.200');
    const expired = await db()
      .select({ n: count() })
      .from(rateLimits)
      .where(lte(rateLimits.resetAt, new Date()));
    expect(expired[0]!.n).toBe(0);
    const left = await db().select({ n: count() }).from(rateLimits);
    expect(left[0]!.n).toBe(2);
  });
});
