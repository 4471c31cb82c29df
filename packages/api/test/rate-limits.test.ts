import { type DatabaseHandle, openDatabase, rateLimits } from '@dolya/db';
import { createTestDatabase } from '@dolya/db/testing';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppError } from '../src/errors';
import { clientKey } from '../src/services/client-address';
import { verifyLoginLimited } from '../src/services/password-attempts';
import { forget, giveBack, hit, limitKey, sweepExpired } from '../src/services/rate-limits';
import { countSignInAttempt } from '../src/services/sign-in-limits';
import { signUp, testConfig } from './harness';

const T0 = Date.UTC(2030, 0, 1);
const MINUTE = { limit: 3, windowMs: 60_000 };
let n = 0;
const freshKey = () => limitKey('test', String(++n), String(Math.random()));

async function rows(db: DatabaseHandle['db']) {
  return (await db.select({ n: count() }).from(rateLimits))[0]!.n;
}

/** The same behaviour on the server database and on the embedded one. */
describe.each([
  ['PostgreSQL (or the test default)', () => createTestDatabase()],
  [
    'PGlite',
    async () => {
      const handle = openDatabase({ dataDir: 'memory://' });
      await handle.migrate();
      return handle;
    },
  ],
])('database counters on %s', (_name, open) => {
  let handle: DatabaseHandle;
  const db = () => handle.db;
  beforeAll(async () => {
    handle = await open();
  });
  afterAll(async () => {
    await handle?.close();
  });

  it('counts hits in a window and refuses past the limit, telling when the window closes', async () => {
    const key = freshKey();
    const results = [];
    for (let i = 0; i < 5; i++) results.push(await hit(db(), key, MINUTE, T0 + i * 1000));
    expect(results.map((r) => [r.hits, r.allowed])).toEqual([
      [1, true],
      [2, true],
      [3, true],
      [4, false],
      [5, false],
    ]);
    expect(results[4]!.retryAfterSeconds).toBe(56);
  });

  it('starts a new window once the old one has closed', async () => {
    const key = freshKey();
    for (let i = 0; i < 4; i++) await hit(db(), key, MINUTE, T0);
    expect((await hit(db(), key, MINUTE, T0 + 59_999)).allowed).toBe(false);
    const again = await hit(db(), key, MINUTE, T0 + 60_000);
    expect(again).toEqual({ hits: 1, allowed: true, retryAfterSeconds: 60 });
  });

  it('counts parallel hits exactly: each gets its own number, only the limit gets through', async () => {
    const key = freshKey();
    const results = await Promise.all(Array.from({ length: 30 }, () => hit(db(), key, MINUTE, T0)));
    expect(results.map((r) => r.hits).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 30 }, (_, i) => i + 1),
    );
    expect(results.filter((r) => r.allowed)).toHaveLength(3);
  });

  it('gives back a hit and forgets a counter', async () => {
    const key = freshKey();
    await hit(db(), key, MINUTE, T0);
    await hit(db(), key, MINUTE, T0);
    await giveBack(db(), key);
    expect((await hit(db(), key, MINUTE, T0)).hits).toBe(2);
    await forget(db(), key);
    expect((await hit(db(), key, MINUTE, T0)).hits).toBe(1);
  });

  it('sweeps expired rows a batch at a time and leaves live ones', async () => {
    await db().delete(rateLimits);
    for (let i = 0; i < 30; i++) await hit(db(), freshKey(), MINUTE, T0);
    const live = freshKey();
    await hit(db(), live, { limit: 3, windowMs: 10 * 60_000 }, T0);
    expect(await rows(db())).toBe(31);
    await sweepExpired(db(), T0 + 60_000, 20);
    expect(await rows(db())).toBe(11);
    await sweepExpired(db(), T0 + 60_000, 20);
    expect(await rows(db())).toBe(1);
    expect(await db().select().from(rateLimits).where(eq(rateLimits.key, live))).toHaveLength(1);
  });

  it('each hit sweeps more expired rows than it can create, so the table stays bounded', async () => {
    await db().delete(rateLimits);
    // A stream of one-off keys, each hit a minute after the last: at most one live row at a time.
    for (let i = 0; i < 40; i++) await hit(db(), freshKey(), MINUTE, T0 + i * 60_000);
    expect(await rows(db())).toBeLessThanOrEqual(2);
  });

  it('the failed-password lockout is per account and address', async () => {
    const { user } = await signUp(db(), 'Lock');
    const email = user.email!;
    const wrong = (ip: string) => verifyLoginLimited(db(), email, 'wrong password', ip);
    const codeOf = (p: Promise<unknown>) =>
      p.then(
        () => 'OK',
        (e: AppError) => e.appCode,
      );
    for (let i = 0; i < 5; i++) expect(await codeOf(wrong('198.51.100.1'))).toBe('INVALID_CREDENTIALS');
    expect(await codeOf(wrong('198.51.100.1'))).toBe('TOO_MANY_REQUESTS');
    expect(await codeOf(verifyLoginLimited(db(), email, 'secret-password', '198.51.100.1'))).toBe(
      'TOO_MANY_REQUESTS',
    );
    expect(await codeOf(verifyLoginLimited(db(), email, 'secret-password', '198.51.100.2'))).toBe('OK');
  });

  it('the per-address limit of sign-in attempts is off without a number, and counts with one', async () => {
    for (let i = 0; i < 20; i++) await countSignInAttempt(db(), testConfig, '203.0.113.1');
    const limited = { ...testConfig, signInAttemptsPerMinute: 2 };
    await countSignInAttempt(db(), limited, '203.0.113.2');
    await countSignInAttempt(db(), limited, '203.0.113.2');
    await expect(countSignInAttempt(db(), limited, '203.0.113.2')).rejects.toMatchObject({
      appCode: 'TOO_MANY_REQUESTS',
      retryAfterSeconds: expect.any(Number),
    });
    await countSignInAttempt(db(), limited, '203.0.113.3');
  });
});

describe('clientKey', () => {
  it('keeps IPv4, unwraps IPv4-mapped IPv6, and cuts IPv6 to its /64', () => {
    expect(clientKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:0db8:0001:0002:ffff:eeee:dddd:cccc')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:DB8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
    expect(clientKey('1::2:3:4:5:1.2.3.4')).toBe('1:0:2:3::/64');
    expect(clientKey('not an address')).toBe('not an address');
  });
});
