import { beforeAll, describe, expect, it } from 'vitest';
import { client, ORIGIN, useServer } from './harness';
import { type Client, createGroup, expectError, type Group, json, signUp, type User } from './helpers';

const EVIL = 'https://evil.example';

/** What an HTML form on any page can send without a preflight. */
const FORMS: { type: string; body: string }[] = [
  {
    type: 'multipart/form-data; boundary=----form',
    body: '------form\r\nContent-Disposition: form-data; name="name"\r\n\r\nPwned\r\n------form--\r\n',
  },
  { type: 'application/x-www-form-urlencoded', body: 'name=Pwned&currency=EUR' },
  { type: 'text/plain', body: '{"name":"Pwned","currency":"EUR"}' },
  { type: 'text/plain;charset=UTF-8', body: '{"name":"Pwned"}' },
];

describe('the request guard (CSRF)', () => {
  const server = useServer();
  const app = () => server.app;

  let c: Client;
  let cookie: string;
  let user: User;

  beforeAll(async () => {
    ({ c, user } = await signUp(app, 'Guarded'));
    cookie = c.cookie;
  });

  function send(
    method: 'GET' | 'HEAD' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    headers: Record<string, string | undefined>,
    payload?: string,
  ) {
    const clean = Object.fromEntries(Object.entries(headers).filter(([, v]) => v !== undefined)) as Record<
      string,
      string
    >;
    return server.app
      .inject({ method, url, headers: { cookie, ...clean }, ...(payload !== undefined ? { payload } : {}) })
      .then((res) => ({ status: res.statusCode, body: parse(res.body), headers: res.headers, raw: res }));
  }

  async function groupNames(): Promise<string[]> {
    const res = await c.get('/api/groups');
    expect(res.status).toBe(200);
    return json<Group[]>(res).map((g) => g.name);
  }

  describe('form content types are refused with 415 before any procedure runs', () => {
    it('POST /api/groups as a form creates nothing', async () => {
      const before = await groupNames();
      for (const form of FORMS) {
        const res = await send(
          'POST',
          '/api/groups',
          { origin: ORIGIN, 'content-type': form.type },
          form.body,
        );
        expectError(res, 415, 'UNSUPPORTED_MEDIA_TYPE');
      }
      expect(await groupNames()).toEqual(before);
    });

    it('POST /trpc/groups.create as a form creates nothing, with or without an Origin', async () => {
      const before = await groupNames();
      for (const form of FORMS) {
        for (const origin of [ORIGIN, undefined]) {
          const res = await send(
            'POST',
            '/trpc/groups.create',
            { origin, 'content-type': form.type },
            form.body,
          );
          expectError(res, 415, 'UNSUPPORTED_MEDIA_TYPE');
        }
      }
      expect(await groupNames()).toEqual(before);
    });

    it('an empty form post to a no-input mutation is refused too (it used to reach tRPC: 500 or a logout)', async () => {
      for (const form of FORMS) {
        for (const url of ['/api/auth/logout', '/trpc/auth.logout']) {
          const res = await send('POST', url, { origin: ORIGIN, 'content-type': form.type }, '');
          expectError(res, 415, 'UNSUPPORTED_MEDIA_TYPE');
        }
      }
      expect((await c.get('/api/auth/me')).status).toBe(200); // still signed in
    });

    it('PUT and DELETE as forms change nothing', async () => {
      const { id } = await createGroup(c, ['Seat'], 'Untouched');
      for (const form of FORMS) {
        expectError(
          await send(
            'PUT',
            `/api/groups/${id}`,
            { origin: ORIGIN, 'content-type': form.type },
            'name=Renamed',
          ),
          415,
          'UNSUPPORTED_MEDIA_TYPE',
        );
        expectError(
          await send('DELETE', `/api/groups/${id}`, { origin: ORIGIN, 'content-type': form.type }, form.body),
          415,
          'UNSUPPORTED_MEDIA_TYPE',
        );
      }
      const group = await c.get(`/api/groups/${id}`);
      expect(group.status).toBe(200);
      expect(json<Group>(group).name).toBe('Untouched');
    });

    it('an expense posted as a form is not created', async () => {
      const { id, meId } = await createGroup(c, [], 'Expenses');
      const res = await send(
        'POST',
        `/api/groups/${id}/expenses`,
        { origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
        `name=Pwned&amount=100&paidById=${meId}`,
      );
      expectError(res, 415, 'UNSUPPORTED_MEDIA_TYPE');
      expect(json<unknown[]>(await c.get(`/api/groups/${id}/expenses`))).toEqual([]);
    });

    it('a body with no content type, or a JSON look-alike type, is refused', async () => {
      const before = await groupNames();
      expectError(
        await send('POST', '/api/groups', { origin: ORIGIN }, '{"name":"Pwned"}'),
        415,
        'UNSUPPORTED_MEDIA_TYPE',
      );
      for (const type of [
        'application/json-patch+json',
        'application/jsonx',
        'text/json',
        'application/xml',
      ]) {
        expectError(
          await send('POST', '/api/groups', { origin: ORIGIN, 'content-type': type }, '{"name":"Pwned"}'),
          415,
          'UNSUPPORTED_MEDIA_TYPE',
        );
      }
      expect(await groupNames()).toEqual(before);
    });

    it('JSON with parameters or in another case is accepted', async () => {
      for (const type of ['application/json; charset=utf-8', 'Application/JSON']) {
        const res = await send(
          'POST',
          '/api/groups',
          { origin: ORIGIN, 'content-type': type },
          '{"name":"Cased"}',
        );
        expect(res.status, type).toBe(201);
      }
    });
  });

  describe('foreign origins', () => {
    it('a state-changing JSON request from https://evil.example is 403 FORBIDDEN_ORIGIN and changes nothing', async () => {
      const { id } = await createGroup(c, [], 'Target');
      const before = await groupNames();
      const json = { 'content-type': 'application/json' };
      expectError(
        await send('POST', '/api/groups', { origin: EVIL, ...json }, '{"name":"Pwned"}'),
        403,
        'FORBIDDEN_ORIGIN',
      );
      expectError(
        await send('POST', '/trpc/groups.create', { origin: EVIL, ...json }, '{"name":"Pwned"}'),
        403,
        'FORBIDDEN_ORIGIN',
      );
      expectError(
        await send('PUT', `/api/groups/${id}`, { origin: EVIL, ...json }, '{"name":"Pwned"}'),
        403,
        'FORBIDDEN_ORIGIN',
      );
      expectError(await send('DELETE', `/api/groups/${id}`, { origin: EVIL }), 403, 'FORBIDDEN_ORIGIN');
      expectError(await send('POST', '/api/auth/logout', { origin: EVIL }), 403, 'FORBIDDEN_ORIGIN');
      expect(await groupNames()).toEqual(before);
      expect((await c.get('/api/auth/me')).status).toBe(200);
    });

    it('login and register from a foreign page are refused too (no login CSRF)', async () => {
      const json = { 'content-type': 'application/json' };
      expectError(
        await send(
          'POST',
          '/api/auth/register',
          { origin: EVIL, ...json },
          '{"name":"X","email":"csrf@example.com","password":"secret1"}',
        ),
        403,
        'FORBIDDEN_ORIGIN',
      );
      expectError(
        await send(
          'POST',
          '/api/auth/login',
          { origin: EVIL, ...json },
          '{"email":"csrf@example.com","password":"secret1"}',
        ),
        403,
        'FORBIDDEN_ORIGIN',
      );
    });

    it('look-alike and opaque origins are foreign', async () => {
      for (const origin of [
        'http://localhost:3000.evil.example',
        'http://localhost:30000',
        'https://localhost:3000',
        'null',
        'http://localhost',
      ]) {
        expectError(
          await send(
            'POST',
            '/api/groups',
            { origin, 'content-type': 'application/json' },
            '{"name":"Pwned"}',
          ),
          403,
          'FORBIDDEN_ORIGIN',
        );
      }
    });

    it('an Origin that matches only the request’s own Host is foreign: PUBLIC_URL decides (issue 31)', async () => {
      const before = await groupNames();
      for (const [host, origin] of [
        ['evil.example', 'http://evil.example'],
        ['evil.example:3000', 'http://evil.example:3000'],
        ['127.0.0.1:3000', 'http://127.0.0.1:3000'],
      ] as const) {
        expectError(
          await send(
            'POST',
            '/api/groups',
            { host, origin, 'content-type': 'application/json' },
            '{"name":"Pwned"}',
          ),
          403,
          'FORBIDDEN_ORIGIN',
        );
      }
      expect(await groupNames()).toEqual(before);
    });

    it('Sec-Fetch-Site: cross-site is 403 FORBIDDEN_ORIGIN even without an Origin or with ours', async () => {
      for (const origin of [undefined, ORIGIN]) {
        expectError(
          await send(
            'POST',
            '/api/groups',
            { origin, 'sec-fetch-site': 'cross-site', 'content-type': 'application/json' },
            '{"name":"Pwned"}',
          ),
          403,
          'FORBIDDEN_ORIGIN',
        );
      }
    });

    it('a foreign form post is refused', async () => {
      const before = await groupNames();
      const res = await send(
        'POST',
        '/api/groups',
        { origin: EVIL, 'content-type': FORMS[0]!.type },
        FORMS[0]!.body,
      );
      expect(res.status).toBe(403);
      expect(await groupNames()).toEqual(before);
    });
  });

  describe('what is allowed', () => {
    it('a request with no Origin (a non-browser client) is allowed', async () => {
      const res = await send(
        'POST',
        '/api/groups',
        { 'content-type': 'application/json' },
        '{"name":"From a script"}',
      );
      expect(res.status).toBe(201);
      expect(await groupNames()).toContain('From a script');
    });

    it('our own origin with Sec-Fetch-Site: same-origin is allowed', async () => {
      const res = await send(
        'POST',
        '/api/groups',
        { origin: ORIGIN, 'sec-fetch-site': 'same-origin', 'content-type': 'application/json' },
        '{"name":"Same origin"}',
      );
      expect(res.status).toBe(201);
    });

    it('a body-less DELETE needs no content type', async () => {
      const { id } = await createGroup(c, [], 'Deletable');
      expect((await send('DELETE', `/api/groups/${id}`, { origin: ORIGIN })).status).toBe(204);
    });

    it('GET and HEAD are never refused by the guard, whatever the origin or content type', async () => {
      const hostile = { origin: EVIL, 'sec-fetch-site': 'cross-site', 'content-type': 'text/plain' };
      const list = await send('GET', '/api/groups', hostile);
      expect(list.status).toBe(200);
      expect(Array.isArray(list.body)).toBe(true);
      const me = await send('GET', '/api/auth/me', hostile);
      expect(me.status).toBe(200);
      expect(json<User>(me).id).toBe(user.id);
      expect((await send('GET', '/trpc/groups.list', hostile)).status).toBe(200);
      expect((await send('HEAD', '/api/groups', hostile)).status).toBe(200);
      expect((await send('GET', '/health', hostile)).body).toEqual({ ok: true });
    });
  });
});

describe('TRUSTED_ORIGINS', () => {
  const server = useServer({ TRUSTED_ORIGINS: 'https://web.telegram.example, https://app.example/' });

  it('extra trusted origins may change state; others stay foreign', async () => {
    const c = client(() => server.app);
    const body = { name: 'Trusted', email: 'trusted@example.com', password: 'secret1' };
    expectError(
      await c.post('/api/auth/register', body, { origin: 'https://other.example' }),
      403,
      'FORBIDDEN_ORIGIN',
    );
    expect(
      (await c.post('/api/auth/register', body, { origin: 'https://web.telegram.example' })).status,
    ).toBe(201);
    expect(
      (await c.post('/api/groups', { name: 'From app' }, { origin: 'https://app.example' })).status,
    ).toBe(201);
    expect((await c.post('/api/groups', { name: 'From us' })).status).toBe(201); // PUBLIC_URL stays trusted
  });
});

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
