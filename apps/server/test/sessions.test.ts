import { sessions } from '@dolya/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { client, useServer } from './harness';
import { expectError, json, PASSWORD, type Response, signUp, type User } from './helpers';

const DAY_MS = 24 * 60 * 60 * 1000;
const TTL_DAYS = 7;

function sessionCookie(res: Response) {
  const cookie = res.raw.cookies.find((c) => c.name === 'dolya_session');
  if (!cookie) throw new Error('no session cookie');
  return cookie;
}

/** The cookie's expiry is TTL days from the moment of the request (a minute of slack for a slow machine). */
function expectExpiresInDays(res: Response, days: number, requestedAt: number) {
  const expires = sessionCookie(res).expires;
  expect(expires).toBeInstanceOf(Date);
  const ms = (expires as Date).getTime();
  expect(ms).toBeGreaterThanOrEqual(requestedAt + days * DAY_MS - 1_000);
  expect(ms).toBeLessThanOrEqual(Date.now() + days * DAY_MS + 60_000);
}

describe('sessions', () => {
  const server = useServer({ SESSION_TTL_DAYS: String(TTL_DAYS) });
  const app = () => server.app;

  it('the cookie expires SESSION_TTL_DAYS ahead, on register and on login', async () => {
    const before = Date.now();
    const c = client(app);
    const reg = await c.post('/api/auth/register', {
      name: 'Tess',
      email: 'tess@example.com',
      password: PASSWORD,
    });
    expect(reg.status).toBe(201);
    expectExpiresInDays(reg, TTL_DAYS, before);

    const loginAt = Date.now();
    const login = await client(app).post('/api/auth/login', {
      email: 'tess@example.com',
      password: PASSWORD,
    });
    expect(login.status).toBe(200);
    expectExpiresInDays(login, TTL_DAYS, loginAt);
  });

  it('a second login gives a different token, and logging out one session leaves the other signed in', async () => {
    const { user, email } = await signUp(app, 'Twin');
    const phone = client(app);
    const laptop = client(app);
    const a = await phone.post('/api/auth/login', { email, password: PASSWORD });
    const b = await laptop.post('/api/auth/login', { email, password: PASSWORD });
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(sessionCookie(a).value).not.toBe(sessionCookie(b).value);
    expect(json<User>(await phone.get('/api/auth/me')).id).toBe(user.id);
    expect(json<User>(await laptop.get('/api/auth/me')).id).toBe(user.id);

    expect((await phone.post('/api/auth/logout')).status).toBe(200);
    expectError(await phone.get('/api/auth/me'), 401, 'UNAUTHORIZED');
    const still = await laptop.get('/api/auth/me');
    expect(still.status).toBe(200);
    expect(json<User>(still).id).toBe(user.id);
  });

  it('a recently used session is not re-sent on every request', async () => {
    const { c } = await signUp(app, 'Quiet');
    const res = await c.get('/api/auth/me');
    expect(res.status).toBe(200);
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('a session idle for over an hour slides: the cookie is re-sent with a fresh expiry', async () => {
    const { c, user } = await signUp(app, 'Slider');
    const now = Date.now();
    await server.db.db
      .update(sessions)
      .set({ lastSeenAt: new Date(now - 2 * 60 * 60 * 1000), expiresAt: new Date(now + DAY_MS) })
      .where(eq(sessions.userId, user.id));

    const requestedAt = Date.now();
    const res = await c.get('/api/auth/me');
    expect(res.status).toBe(200);
    expectExpiresInDays(res, TTL_DAYS, requestedAt);
    expect(`dolya_session=${sessionCookie(res).value}`).toBe(c.cookie); // same token, new expiry
    expect(sessionCookie(res).httpOnly).toBe(true);
    expect(sessionCookie(res).sameSite).toBe('Lax');
    expect(sessionCookie(res).path).toBe('/');

    const [row] = await server.db.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(row!.expiresAt.getTime()).toBeGreaterThan(now + (TTL_DAYS - 1) * DAY_MS);
  });

  it('an expired session is refused with 401 UNAUTHORIZED', async () => {
    const { c, user } = await signUp(app, 'Expired');
    await server.db.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, user.id));
    expectError(await c.get('/api/auth/me'), 401, 'UNAUTHORIZED');
    expectError(await c.get('/api/groups'), 401, 'UNAUTHORIZED');
  });
});

describe('cookie attributes follow the configuration', () => {
  const HTTPS_ORIGIN = 'https://dolya.example';
  const server = useServer({ PUBLIC_URL: HTTPS_ORIGIN, COOKIE_SAMESITE: 'none' });

  it('an https public URL makes the cookie Secure; SameSite follows COOKIE_SAMESITE', async () => {
    const c = client(() => server.app);
    const res = await c.post(
      '/api/auth/register',
      { name: 'Sec', email: 'sec@example.com', password: PASSWORD },
      { origin: HTTPS_ORIGIN },
    );
    expect(res.status).toBe(201);
    const cookie = sessionCookie(res);
    expect(cookie.secure).toBe(true);
    expect(cookie.sameSite).toBe('None');
    expect(cookie.httpOnly).toBe(true);
    // The http origin the other tests use is foreign to this server.
    expectError(
      await c.post('/api/auth/login', { email: 'sec@example.com', password: PASSWORD }),
      403,
      'FORBIDDEN_ORIGIN',
    );
  });
});
