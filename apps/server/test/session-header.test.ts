import { sessions } from '@dolya/db';
import { sign } from '@telegram-apps/init-data-node';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { ORIGIN, useServer } from './harness';
import { json, PASSWORD, signUp, type User } from './helpers';

const BOT_TOKEN = '5550003:AAsession-header-bot-token';
const HEADER = 'x-dolya-session';

let nextId = 930_000_000;

function initData(user: { id: number; first_name: string; username?: string }) {
  const query = sign(
    { user, query_id: 'AAHheader', chat_type: 'private', chat_instance: '-1' } as never,
    BOT_TOKEN,
    new Date(),
  );
  return Object.fromEntries(new URLSearchParams(query));
}

/**
 * A mini app in a cross-site frame: no cookies at all, only the session header. Starts with
 * `none` and keeps whatever token the server answers with, as the web app does.
 */
function headerClient(app: () => FastifyInstance) {
  let session = 'none';
  const request = async (method: 'GET' | 'POST', url: string, payload?: unknown) => {
    const res = await app().inject({
      method,
      url,
      headers: {
        origin: ORIGIN,
        [HEADER]: session,
        ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
    });
    const answered = res.headers[HEADER];
    if (typeof answered === 'string') session = answered;
    return { status: res.statusCode, body: res.body ? JSON.parse(res.body) : undefined, res };
  };
  return {
    get: (url: string) => request('GET', url),
    post: (url: string, payload?: unknown) => request('POST', url, payload),
    get session() {
      return session;
    },
  };
}

describe('the session header (the mini app in a cross-site frame)', () => {
  const server = useServer({ TELEGRAM_BOT_TOKEN: BOT_TOKEN, TELEGRAM_BOT_USERNAME: 'dolya_header_bot' });
  const app = () => server.app;

  it('a mini-app sign-in answers with the token in the header and a partitioned cookie (never the web’s), and the header then signs requests', async () => {
    const tg = headerClient(app);
    const id = nextId++;
    const registered = await tg.post(
      '/api/auth/telegram/miniapp/register',
      initData({ id, first_name: 'Zoe' }),
    );
    expect(registered.status).toBe(201);
    expect(tg.session).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const cookies = registered.res.cookies;
    expect(cookies.map((c) => c.name)).toEqual(['dolya_miniapp_session']);
    expect(cookies[0]).toMatchObject({
      value: tg.session,
      httpOnly: true,
      secure: true,
      sameSite: 'None',
      partitioned: true,
      path: '/',
    });

    const me = await tg.get('/api/auth/me');
    expect(me.status).toBe(200);
    expect(me.body.id).toBe(registered.body.id);
    // Using the session sends nothing back (the token stays the same while the expiry slides).
    expect(me.res.headers[HEADER]).toBeUndefined();
  });

  it('works over tRPC too, batched, for any sign-in method', async () => {
    const { email, user } = await signUp(app, 'Batch');
    let session = 'none';
    const login = await app().inject({
      method: 'POST',
      url: '/trpc/auth.login?batch=1',
      headers: { origin: ORIGIN, 'content-type': 'application/json', [HEADER]: session },
      payload: JSON.stringify({ 0: { email, password: PASSWORD } }),
    });
    expect(login.statusCode).toBe(200);
    expect(login.cookies.map((c) => c.name)).toEqual(['dolya_miniapp_session']);
    session = String(login.headers[HEADER]);
    const me = await app().inject({
      method: 'GET',
      url: '/trpc/auth.me?batch=1&input=%7B%7D',
      headers: { [HEADER]: session },
    });
    expect(me.statusCode).toBe(200);
    expect(JSON.parse(me.body)[0].result.data.id).toBe(user.id);
  });

  it('is the same session as a cookie would be: one sign-in, one sessions row, signed out by logout', async () => {
    const tg = headerClient(app);
    const id = nextId++;
    await tg.post('/api/auth/telegram/miniapp/register', initData({ id, first_name: 'Lou' }));
    const token = tg.session;
    const asCookie = await app().inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { cookie: `dolya_session=${token}` },
    });
    expect(asCookie.statusCode).toBe(200);

    const out = await tg.post('/api/auth/logout');
    expect(out.status).toBe(200);
    // Both cookies are cleared, whichever the browser held.
    expect(out.res.cookies.map((c) => [c.name, c.value])).toEqual([
      ['dolya_session', ''],
      ['dolya_miniapp_session', ''],
    ]);
    expect(tg.session).toBe('none');
    const stale = await app().inject({ method: 'GET', url: '/api/auth/me', headers: { [HEADER]: token } });
    expect(stale.statusCode).toBe(401);
  });

  it('with the header, the web’s cookie beside it is ignored, and a wrong or empty token is anonymous', async () => {
    const { c, user } = await signUp(app, 'Cookie');
    expect(json<User>(await c.get('/api/auth/me')).id).toBe(user.id);
    for (const value of ['none', 'not-a-token', '', 'x'.repeat(300)]) {
      const res = await app().inject({
        method: 'GET',
        url: '/api/auth/me',
        headers: { cookie: c.cookie, [HEADER]: value },
      });
      expect(res.statusCode, value).toBe(401);
    }
  });

  it('where the frame could keep no token, the partitioned cookie carries the session, with or without the header', async () => {
    const tg = headerClient(app);
    const id = nextId++;
    const registered = await tg.post(
      '/api/auth/telegram/miniapp/register',
      initData({ id, first_name: 'Chips' }),
    );
    const cookie = `dolya_miniapp_session=${tg.session}`;
    // The app lost its token (no storage): it sends `none`, and the cookie still signs it in.
    const withNone = await app().inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { cookie, [HEADER]: 'none' },
    });
    expect(withNone.statusCode).toBe(200);
    expect(JSON.parse(withNone.body).id).toBe(registered.body.id);
    // Reloaded without its launch data, the app sends no header at all: the cookie still does.
    const plain = await app().inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
    expect(plain.statusCode).toBe(200);
    // The web's own cookie wins over it when both are there.
    const { c, user } = await signUp(app, 'Both');
    const both = await app().inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { cookie: `${c.cookie}; ${cookie}` },
    });
    expect(JSON.parse(both.body).id).toBe(user.id);
  });

  it('a mini-app session idle for over an hour slides: the partitioned cookie is re-sent, the token stays', async () => {
    const tg = headerClient(app);
    const id = nextId++;
    const registered = await tg.post(
      '/api/auth/telegram/miniapp/register',
      initData({ id, first_name: 'Slide' }),
    );
    const hourAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    await server.db.db
      .update(sessions)
      .set({ lastSeenAt: hourAgo })
      .where(eq(sessions.userId, registered.body.id));
    const token = tg.session;
    const me = await tg.get('/api/auth/me');
    expect(me.status).toBe(200);
    expect(me.res.headers[HEADER]).toBeUndefined();
    expect(me.res.cookies.map((c) => [c.name, c.value, c.partitioned])).toEqual([
      ['dolya_miniapp_session', token, true],
    ]);
  });

  it('a state-changing call from a foreign page is still refused, header or not', async () => {
    const res = await app().inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { origin: 'https://evil.example', [HEADER]: 'none', 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(403);
  });
});
