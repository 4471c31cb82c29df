import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { authChallenges, identities, sessions, users } from '@dolya/db';
import { raceOnWrites } from '@dolya/db/testing';
import { count, eq } from 'drizzle-orm';
import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, ORIGIN, useServer } from './harness';
import { type Client, expectError, json, PASSWORD, signUp, type User } from './helpers';

/**
 * OAuth end to end: the real server (Fastify inject) against a real OpenID Connect / OAuth 2.0
 * server on 127.0.0.1 (oauth2-mock-server): discovery, authorize with PKCE, token, JWKS. It plays
 * Google through discovery, and Yandex through its authorize and token endpoints plus a small
 * Yandex-style user-info server (GET with `Authorization: OAuth <token>`).
 */

interface Person {
  sub: string;
  email: string;
  name: string;
}

const mock = new OAuth2Server();
/** Who "logs in" at the provider next. */
let person: Person = { sub: 'nobody', email: 'nobody@example.com', name: 'Nobody' };
/** Yandex access tokens handed out, and whose they are. */
const yandexTokens = new Map<string, Person>();
const userInfoCalls: { authorization: string | undefined; url: string }[] = [];
let userInfo: Server;
let counter = 0;

const env: Record<string, string> = {};

beforeAll(async () => {
  await mock.issuer.keys.generate('RS256');
  await mock.start(0, '127.0.0.1');
  const issuer = mock.issuer.url!;
  // The identity of the person signing in goes into the ID token and the access token.
  mock.service.on('beforeTokenSigning', (token) => {
    Object.assign(token.payload, {
      sub: person.sub,
      email: person.email,
      email_verified: true,
      name: person.name,
    });
  });
  mock.service.on('beforeResponse', (response, req) => {
    if (req.body.client_id !== 'yandex-client' || typeof response.body !== 'object') return;
    // Yandex is plain OAuth 2.0: no ID token; who signed in comes from its user-info endpoint.
    delete response.body.id_token;
    yandexTokens.set(String(response.body.access_token), { ...person });
  });

  userInfo = createServer((req: IncomingMessage, res) => {
    userInfoCalls.push({ authorization: req.headers.authorization, url: req.url ?? '' });
    const [scheme, token] = (req.headers.authorization ?? '').split(' ');
    const who = scheme === 'OAuth' && token ? yandexTokens.get(token) : undefined;
    if (!who || !req.url?.startsWith('/info?format=json')) {
      res.writeHead(401).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        id: who.sub,
        login: who.email.split('@')[0],
        default_email: who.email,
        real_name: who.name,
        display_name: `${who.name} (display)`,
      }),
    );
  });
  await new Promise<void>((resolve) => userInfo.listen(0, '127.0.0.1', resolve));

  Object.assign(env, {
    GOOGLE_CLIENT_ID: 'google-client',
    GOOGLE_CLIENT_SECRET: 'google-secret',
    GOOGLE_ISSUER: issuer,
    YANDEX_CLIENT_ID: 'yandex-client',
    YANDEX_CLIENT_SECRET: 'yandex-secret',
    YANDEX_AUTHORIZE_URL: `${issuer}/authorize`,
    YANDEX_TOKEN_URL: `${issuer}/token`,
    YANDEX_USERINFO_URL: `http://127.0.0.1:${(userInfo.address() as AddressInfo).port}/info`,
  });
});

afterAll(async () => {
  await mock.stop();
  await new Promise((resolve) => userInfo?.close(resolve));
});

const server = useServer(env);
const app = () => server.app;

type Provider = 'google' | 'yandex';

function newPerson(name = 'Olga Petrova'): Person {
  counter += 1;
  const tag = `${Date.now().toString(36)}${counter}`;
  return { sub: `sub-${tag}`, email: `olga.${tag}@example.com`, name };
}

function cookieHeader(c: Client, state: string | undefined): Record<string, string> {
  const parts = [c.cookie, state === undefined ? '' : `dolya_oauth_state=${state}`].filter(Boolean);
  return parts.length ? { cookie: parts.join('; ') } : {};
}

/** GET start: a 302 to the provider with state, PKCE and the state cookie. */
async function start(c: Client, path: string) {
  const res = await c.get(path);
  expect(res.status, JSON.stringify(res.body)).toBe(302);
  const location = new URL(String(res.headers.location));
  const cookie = res.raw.cookies.find((k) => k.name === 'dolya_oauth_state');
  return { res, location, state: cookie?.value, cookie };
}

/** The provider's authorize endpoint over real HTTP: it redirects back to our callback with a code. */
async function authorize(location: URL, who: Person): Promise<URL> {
  person = who;
  const res = await fetch(location, { redirect: 'manual' });
  expect(res.status).toBe(302);
  const back = new URL(res.headers.get('location')!);
  return back;
}

/** start → provider → callback, the way a browser would; returns the callback's answer. */
async function flow(
  c: Client,
  provider: Provider,
  who: Person,
  opts: { link?: boolean; redirect?: string } = {},
) {
  const query = opts.redirect === undefined ? '' : `?redirect=${encodeURIComponent(opts.redirect)}`;
  const begun = await start(c, `/api/oauth/${provider}/${opts.link ? 'link/' : ''}start${query}`);
  const back = await authorize(begun.location, who);
  expect(`${back.origin}${back.pathname}`).toBe(`${ORIGIN}/api/oauth/${provider}/callback`);
  const res = await c.get(`${back.pathname}${back.search}`, cookieHeader(c, begun.state));
  expect(res.status).toBe(302);
  return {
    ...begun,
    callbackPath: `${back.pathname}${back.search}`,
    callback: res,
    to: String(res.headers.location),
  };
}

function pendingToken(location: string): string {
  const url = new URL(location, ORIGIN);
  expect(url.pathname).toBe('/login');
  expect(url.searchParams.get('oauth_pending')).toBe('1');
  const token = url.searchParams.get('oauth_token');
  expect(token).toMatch(/^[\w-]{40,}$/);
  return token!;
}

async function me(c: Client) {
  return c.get('/api/auth/me');
}

/** Signs up through a provider with the confirmation step; returns the signed-in client and user. */
async function signUpWith(provider: Provider, who: Person) {
  const c = client(app);
  const { to } = await flow(c, provider, who);
  const res = await c.post('/api/oauth/confirm', { token: pendingToken(to) });
  expect(res.status).toBe(200);
  return { c, user: json<{ user: User }>(res).user };
}

async function identitiesOf(c: Client) {
  const res = await c.get('/api/identities');
  expect(res.status).toBe(200);
  return json<{ id: string; provider: string; email: string | null; displayName: string | null }[]>(res);
}

describe('starting a flow', () => {
  it('sends the browser to the provider with state, PKCE S256 and a nonce, bound by an httpOnly Lax cookie', async () => {
    const c = client(app);
    const { location, state, cookie } = await start(c, '/api/oauth/google/start?redirect=/account');
    expect(`${location.origin}${location.pathname}`).toBe(`${mock.issuer.url}/authorize`);
    const q = location.searchParams;
    expect(q.get('client_id')).toBe('google-client');
    expect(q.get('response_type')).toBe('code');
    expect(q.get('redirect_uri')).toBe(`${ORIGIN}/api/oauth/google/callback`);
    expect(q.get('scope')).toBe('openid email profile');
    expect(q.get('code_challenge_method')).toBe('S256');
    expect(q.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(q.get('nonce')).toMatch(/^[\w-]{20,}$/);
    expect(q.get('state')).toMatch(/^[\w-]{20,}$/);
    expect(state).toBe(q.get('state'));
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/oauth', maxAge: 600 });

    // Only a hash of the state is stored, for 10 minutes, with the flow's secrets in the payload.
    const rows = await server.db.db
      .select()
      .from(authChallenges)
      .where(eq(authChallenges.purpose, 'oauth-state'));
    const row = rows.find((r) => (r.payload as { redirect?: string }).redirect === '/account')!;
    expect(row).toBeDefined();
    expect(rows.some((r) => r.secretHash === state)).toBe(false);
    expect(row.payload).toMatchObject({ provider: 'google', mode: 'signin', nonce: q.get('nonce') });
    const ttl = row.expiresAt.getTime() - Date.now();
    expect(ttl).toBeGreaterThan(9 * 60_000);
    expect(ttl).toBeLessThanOrEqual(10 * 60_000);
  });

  it('describes Yandex by hand: its authorize endpoint, PKCE S256, no nonce', async () => {
    const { location, state } = await start(client(app), '/api/oauth/yandex/start');
    expect(`${location.origin}${location.pathname}`).toBe(`${mock.issuer.url}/authorize`);
    expect(location.searchParams.get('client_id')).toBe('yandex-client');
    expect(location.searchParams.get('redirect_uri')).toBe(`${ORIGIN}/api/oauth/yandex/callback`);
    expect(location.searchParams.get('code_challenge_method')).toBe('S256');
    expect(location.searchParams.has('nonce')).toBe(false);
    expect(state).toBe(location.searchParams.get('state'));
  });

  it('sends a signed-out link attempt to /login and back, without starting a flow', async () => {
    const res = await client(app).get('/api/oauth/google/link/start?redirect=/account');
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/login?redirect=%2Faccount');
    expect(res.raw.cookies.find((k) => k.name === 'dolya_oauth_state')).toBeUndefined();
  });

  it('answers 404 for a provider it does not know', async () => {
    for (const path of [
      '/api/oauth/github/start',
      '/api/oauth/github/link/start',
      '/api/oauth/github/callback',
    ]) {
      expectError(await client(app).get(path), 404, 'NOT_FOUND');
    }
  });
});

describe('signing up and in with Google', () => {
  it('asks to confirm an unknown identity, then creates the account, its identity and a session', async () => {
    const who = newPerson('Olga Petrova');
    const c = client(app);
    const { to, callback } = await flow(c, 'google', who, { redirect: '/group/abc?tab=1#x' });
    expect(callback.raw.cookies.find((k) => k.name === 'dolya_session')).toBeUndefined();
    const token = pendingToken(to);
    expect((await me(c)).status).toBe(401);

    const res = await c.post('/api/oauth/confirm', { token });
    expect(res.status).toBe(200);
    const { user, redirect } = json<{ user: User; redirect: string }>(res);
    expect(redirect).toBe('/group/abc?tab=1#x');
    expect(user).toMatchObject({ name: 'Olga Petrova', email: who.email });
    expect(user.username).toBe(who.email.split('@')[0]!.replace(/[^a-z0-9_.]/g, ''));
    expect(json<User>(await me(c)).id).toBe(user.id);
    expect(await identitiesOf(c)).toEqual([
      { id: expect.any(String), provider: 'GOOGLE', email: who.email, displayName: 'Olga Petrova' },
    ]);

    // Single use: the same token cannot make a second account.
    expectError(await client(app).post('/api/oauth/confirm', { token }), 400, 'OAUTH_CONFIRM_FAILED');
  });

  it('lets a known identity straight in, to the redirect target', async () => {
    const who = newPerson('Ivan');
    const { user } = await signUpWith('google', who);
    const c = client(app);
    const { to, callback } = await flow(c, 'google', who, { redirect: '/group/xyz' });
    expect(to).toBe('/group/xyz');
    expect(callback.raw.cookies.find((k) => k.name === 'dolya_session')).toMatchObject({
      httpOnly: true,
      path: '/',
    });
    expect(json<User>(await me(c)).id).toBe(user.id);
    // No target: the group list.
    expect((await flow(client(app), 'google', who)).to).toBe('/');
  });

  it('never ends a sign-in on /login again: such a target becomes / (spec §2)', async () => {
    const who = newPerson('Loop');
    await signUpWith('google', who);
    for (const redirect of ['/login?redirect=/account', '/login', '/%6cogin?x=1']) {
      const { to } = await flow(client(app), 'google', who, { redirect });
      expect(to, redirect).toBe('/');
    }
    // An unknown identity: the confirmation hands back / too.
    const c = client(app);
    const { to } = await flow(c, 'google', newPerson('Loop Two'), { redirect: '/login?redirect=/new' });
    const res = await c.post('/api/oauth/confirm', { token: pendingToken(to) });
    expect(json<{ redirect: string }>(res).redirect).toBe('/');
  });

  it('keeps someone else’s email: the new account gets none, and no account is taken over', async () => {
    const owner = await signUp(app, 'Mira');
    const who = { ...newPerson('Mira Clone'), email: owner.email };
    const { c, user } = await signUpWith('google', who);
    expect(user.email).toBeNull();
    expect(user.id).not.toBe(owner.user.id);
    expect(json<User>(await me(c)).id).toBe(user.id);
    // The password account still signs in as itself.
    const again = client(app);
    const login = await again.post('/api/auth/login', { email: owner.email, password: PASSWORD });
    expect(json<User>(login).id).toBe(owner.user.id);
  });

  it('refuses an unknown, tampered or expired confirmation token', async () => {
    const c = client(app);
    expectError(await c.post('/api/oauth/confirm', { token: 'made-up-token' }), 400, 'OAUTH_CONFIRM_FAILED');
    const { to } = await flow(c, 'google', newPerson());
    const token = pendingToken(to);
    expectError(await c.post('/api/oauth/confirm', { token: `${token}x` }), 400, 'OAUTH_CONFIRM_FAILED');
    await server.db.db
      .update(authChallenges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authChallenges.purpose, 'oauth-pending'));
    expectError(await c.post('/api/oauth/confirm', { token }), 400, 'OAUTH_CONFIRM_FAILED');
    expect((await me(c)).status).toBe(401);
    expectError(await c.post('/api/oauth/confirm', {}), 400, 'VALIDATION_ERROR', 'token');
  });

  it('confirms concurrent sign-ups whose emails share a name: each gets its own made-up username', async () => {
    const tag = Date.now().toString(36);
    const people = Array.from({ length: 5 }, (_, i) => ({
      sub: `same-${tag}-${i}`,
      email: `same${tag}@host${i}.example`,
      name: `Same ${i}`,
    }));
    const pending = [];
    for (const who of people) {
      const c = client(app);
      pending.push({ c, token: pendingToken((await flow(c, 'google', who)).to) });
    }
    const settled = await raceOnWrites(
      server.db,
      'users',
      pending.map((one) => () => one.c.post('/api/oauth/confirm', { token: one.token })),
    );
    const answers = settled.map((result) => {
      if (result.status === 'rejected') throw result.reason;
      return result.value;
    });
    expect(answers.map((res) => res.status)).toEqual(people.map(() => 200));
    const usernames = answers.map((res) => json<{ user: User }>(res).user.username);
    expect(new Set(usernames).size).toBe(people.length);
    expect(usernames).toContain(`same${tag}`);
  });

  it('works through tRPC too (the web app calls oauth.confirm)', async () => {
    const c = client(app);
    const who = newPerson('Trpc Person');
    const { to } = await flow(c, 'google', who);
    const res = await c.post('/trpc/oauth.confirm', { token: pendingToken(to) });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ result: { data: { user: { name: 'Trpc Person' }, redirect: '/' } } });
    expect(json<User>(await me(c)).name).toBe('Trpc Person');
  });
});

describe('signing up and in with Yandex', () => {
  it('reads the identity from Yandex user info with an OAuth-scheme token', async () => {
    const who = newPerson('Пётр Иванов');
    userInfoCalls.length = 0;
    const { c, user } = await signUpWith('yandex', who);
    expect(userInfoCalls).toHaveLength(1);
    expect(userInfoCalls[0]!.authorization).toMatch(/^OAuth \S+$/);
    expect(user).toMatchObject({ name: 'Пётр Иванов', email: who.email });
    expect(await identitiesOf(c)).toEqual([
      { id: expect.any(String), provider: 'YANDEX', email: who.email, displayName: 'Пётр Иванов' },
    ]);
    const again = client(app);
    expect((await flow(again, 'yandex', who, { redirect: '/new' })).to).toBe('/new');
    expect(json<User>(await me(again)).id).toBe(user.id);
  });

  it('keeps Google and Yandex subjects apart', async () => {
    const who = newPerson('Same Sub');
    const google = await signUpWith('google', who);
    const { to } = await flow(client(app), 'yandex', who);
    // The same subject at another provider is another identity: a new sign-up is offered.
    expect(pendingToken(to)).toBeTruthy();
    expect(google.user.id).toBeTruthy();
  });
});

describe('linking', () => {
  it('links a provider to a signed-in email account, then signs in with it', async () => {
    const ann = await signUp(app, 'Ann');
    const who = newPerson('Ann at Google');
    const { to } = await flow(ann.c, 'google', who, { link: true, redirect: '/account' });
    expect(to).toBe('/account');
    expect(await identitiesOf(ann.c)).toEqual([
      { id: expect.any(String), provider: 'GOOGLE', email: who.email, displayName: 'Ann at Google' },
    ]);
    // Still Ann, and Google now signs in as Ann.
    expect(json<User>(await me(ann.c)).id).toBe(ann.user.id);
    const elsewhere = client(app);
    expect((await flow(elsewhere, 'google', who)).to).toBe('/');
    expect(json<User>(await me(elsewhere)).id).toBe(ann.user.id);

    // Linking Yandex too, with no redirect: back to /account.
    const yandex = newPerson('Ann at Yandex');
    expect((await flow(ann.c, 'yandex', yandex, { link: true })).to).toBe('/account');
    expect((await identitiesOf(ann.c)).map((i) => i.provider)).toEqual(['GOOGLE', 'YANDEX']);
  });

  it('is fine when the identity is already this user’s', async () => {
    const ann = await signUp(app, 'Ann');
    const who = newPerson();
    await flow(ann.c, 'google', who, { link: true });
    expect((await flow(ann.c, 'google', who, { link: true })).to).toBe('/account');
    expect(await identitiesOf(ann.c)).toHaveLength(1);
  });

  it('ends at /account?oauth_error=IDENTITY_ALREADY_LINKED when the identity is someone else’s', async () => {
    const who = newPerson('Owner');
    const owner = await signUpWith('google', who);
    const bob = await signUp(app, 'Bob');
    const { to } = await flow(bob.c, 'google', who, { link: true, redirect: '/account' });
    expect(to).toBe('/account?oauth_error=IDENTITY_ALREADY_LINKED');
    expect(await identitiesOf(bob.c)).toEqual([]);
    expect(await identitiesOf(owner.c)).toHaveLength(1);
    expect(json<User>(await me(bob.c)).id).toBe(bob.user.id);
  });

  it('refuses to finish a link for a browser that signed out meanwhile', async () => {
    const ann = await signUp(app, 'Ann');
    const begun = await start(ann.c, '/api/oauth/google/link/start');
    await ann.c.post('/api/auth/logout');
    const back = await authorize(begun.location, newPerson());
    const res = await ann.c.get(`${back.pathname}${back.search}`, cookieHeader(ann.c, begun.state));
    expect(res.headers.location).toBe('/account?oauth_error=UNAUTHORIZED');
    const rows = await server.db.db.select().from(identities).where(eq(identities.userId, ann.user.id));
    expect(rows).toEqual([]);
  });
});

describe('state checks', () => {
  async function sessionsAndIdentities() {
    const [s] = await server.db.db.select({ n: count() }).from(sessions);
    const [i] = await server.db.db.select({ n: count() }).from(identities);
    return { sessions: s?.n, identities: i?.n };
  }

  async function callbackWith(path: string, state: string | undefined) {
    const c = client(app);
    const res = await c.get(path, cookieHeader(c, state));
    expect(res.status).toBe(302);
    expect(c.cookie).toBe('');
    return String(res.headers.location);
  }

  it('refuses a missing, foreign, mismatched or reused state, and a state of another provider', async () => {
    const who = newPerson();
    await signUpWith('google', who);
    const c = client(app);
    const begun = await start(c, '/api/oauth/google/start?redirect=/account');
    const back = await authorize(begun.location, who);
    const path = `${back.pathname}${back.search}`;
    const before = await sessionsAndIdentities();

    const refused = '/login?oauth_error=OAUTH_STATE_INVALID';
    expect(await callbackWith(path, undefined)).toBe(refused);
    expect(await callbackWith(path, 'another-state')).toBe(refused);
    const withoutState = new URL(path, ORIGIN);
    withoutState.searchParams.delete('state');
    expect(await callbackWith(`${withoutState.pathname}${withoutState.search}`, begun.state)).toBe(refused);
    const forged = new URL(path, ORIGIN);
    forged.searchParams.set('state', 'forged-state-forged-state');
    expect(await callbackWith(`${forged.pathname}${forged.search}`, 'forged-state-forged-state')).toBe(
      refused,
    );
    // Google's state at Yandex's callback.
    expect(await callbackWith(path.replace('/google/', '/yandex/'), begun.state)).toBe(refused);
    expect(await sessionsAndIdentities()).toEqual(before);
  });

  it('uses a state once: replaying the callback is refused', async () => {
    const who = newPerson();
    await signUpWith('google', who);
    const c = client(app);
    const { callbackPath, state, to } = await flow(c, 'google', who, { redirect: '/x' });
    expect(to).toBe('/x');
    // The row is gone, so even its redirect target is unknown now.
    expect(await callbackWith(callbackPath, state)).toBe('/login?oauth_error=OAUTH_STATE_INVALID');
  });

  it('refuses an expired state, on the page the flow began from', async () => {
    const expire = () =>
      server.db.db
        .update(authChallenges)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(authChallenges.purpose, 'oauth-state'));
    const who = newPerson();
    await signUpWith('google', who);
    const c = client(app);
    const begun = await start(c, '/api/oauth/google/start');
    const back = await authorize(begun.location, who);
    await expire();
    expect(await callbackWith(`${back.pathname}${back.search}`, begun.state)).toBe(
      '/login?oauth_error=OAUTH_STATE_INVALID',
    );

    const ann = await signUp(app, 'Ann');
    const linking = await start(ann.c, '/api/oauth/yandex/link/start');
    const linkBack = await authorize(linking.location, newPerson());
    await expire();
    const res = await ann.c.get(`${linkBack.pathname}${linkBack.search}`, cookieHeader(ann.c, linking.state));
    expect(res.headers.location).toBe('/account?oauth_error=OAUTH_STATE_INVALID');
    expect(await identitiesOf(ann.c)).toEqual([]);
  });

  it('reports a provider error (the person cancelled) and a failed code exchange', async () => {
    const c = client(app);
    const begun = await start(c, '/api/oauth/google/start?redirect=/new');
    const denied = `/api/oauth/google/callback?error=access_denied&state=${begun.state}`;
    expect(await callbackWith(denied, begun.state)).toBe('/login?oauth_error=OAUTH_DENIED&redirect=%2Fnew');

    // A made-up code: the provider's token endpoint refuses it (no PKCE challenge was stored for it).
    const ann = await signUp(app, 'Ann');
    const linking = await start(ann.c, '/api/oauth/yandex/link/start');
    const res = await ann.c.get(
      `/api/oauth/yandex/callback?code=made-up&state=${linking.state}`,
      cookieHeader(ann.c, linking.state),
    );
    expect(res.headers.location).toBe('/account?oauth_error=OAUTH_FAILED');
    expect(await identitiesOf(ann.c)).toEqual([]);
  });
});

describe('redirect targets', () => {
  // A few of the payloads of packages/api/test/safe-redirect.test.ts, through the whole flow.
  const payloads = [
    '//evil.example',
    '/\\evil.example',
    '/%2f%2fevil.example',
    '/%252f%252fevil.example',
    'https://evil.example',
    'javascript:alert(1)',
    '/\t/evil.example',
    '/a/..//evil.example',
    '//user@evil.example',
    '/\uff0fevil.example',
  ];

  it('never leaves the site after a sign-in', async () => {
    const who = newPerson();
    await signUpWith('google', who);
    for (const payload of payloads) {
      const { to } = await flow(client(app), 'google', who, { redirect: payload });
      expect(to, payload).toBe('/');
    }
  });

  it('never leaves the site after a confirmed sign-up, a link, or a failure', async () => {
    for (const payload of payloads.slice(0, 4)) {
      const c = client(app);
      const { to } = await flow(c, 'yandex', newPerson(), { redirect: payload });
      const res = await c.post('/api/oauth/confirm', { token: pendingToken(to) });
      expect(json<{ redirect: string }>(res).redirect, payload).toBe('/');

      const ann = await signUp(app, 'Ann');
      expect((await flow(ann.c, 'google', newPerson(), { link: true, redirect: payload })).to).toBe(
        '/account',
      );

      const failed = await start(
        client(app),
        `/api/oauth/google/start?redirect=${encodeURIComponent(payload)}`,
      );
      const denied = await client(app).get(
        `/api/oauth/google/callback?error=access_denied&state=${failed.state}`,
        { cookie: `dolya_oauth_state=${failed.state}` },
      );
      expect(denied.headers.location).toBe('/login?oauth_error=OAUTH_DENIED');
    }
  });
});

describe('a server without providers', () => {
  const bare = useServer({});
  const bareApp = () => bare.app;

  it('hides Google and Yandex: 404 on every route, and the providers list says so', async () => {
    const c = client(bareApp);
    for (const provider of ['google', 'yandex']) {
      for (const path of [`/start?redirect=/`, '/link/start', '/callback?code=x&state=y']) {
        expectError(await c.get(`/api/oauth/${provider}${path}`), 404, 'NOT_FOUND');
      }
    }
    expect(json<{ google: boolean; yandex: boolean }>(await c.get('/api/auth/providers'))).toMatchObject({
      google: false,
      yandex: false,
    });
    // The configured server lists both.
    expect(
      json<{ google: boolean; yandex: boolean }>(await client(app).get('/api/auth/providers')),
    ).toMatchObject({
      google: true,
      yandex: true,
    });
  });

  it('still refuses a confirmation token it never issued', async () => {
    expectError(
      await client(bareApp).post('/api/oauth/confirm', { token: 'whatever' }),
      400,
      'OAUTH_CONFIRM_FAILED',
    );
  });
});

describe('a blocked account', () => {
  it('is refused at the callback: /login?oauth_error=ACCOUNT_BLOCKED, no session', async () => {
    const who = newPerson('Blocked');
    const { user } = await signUpWith('google', who);
    await server.db.db.update(users).set({ blockedAt: new Date() }).where(eq(users.id, user.id));
    const c = client(app);
    const { to, callback } = await flow(c, 'google', who, { redirect: '/group/xyz' });
    expect(to).toBe('/login?oauth_error=ACCOUNT_BLOCKED&redirect=%2Fgroup%2Fxyz');
    expect(callback.raw.cookies.find((k) => k.name === 'dolya_session')).toBeUndefined();
    expect((await me(c)).status).toBe(401);
  });
});
