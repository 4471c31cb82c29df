import { beforeAll, describe, expect, it } from 'vitest';
import { client, ORIGIN, useServer } from './harness';
import { type Client, createGroup, expectError, type Group, json, signUp, withoutRequestId } from './helpers';

describe('bad input never gives a 5xx', () => {
  const server = useServer();
  const app = () => server.app;

  let c: Client;
  let cookie: string;
  let groupId: string;
  let expenseId: string;
  let me: string;

  beforeAll(async () => {
    ({ c } = await signUp(app, 'Fuzz'));
    cookie = c.cookie;
    const g = await createGroup(c, ['Other']);
    groupId = g.id;
    me = g.meId;
    const e = await c.post(`/api/groups/${groupId}/expenses`, {
      name: 'Seed',
      amount: 1,
      paidById: me,
      splitMethod: 'shares',
      sharesInput: { [me]: 1 },
    });
    expenseId = json<{ id: string }>(e).id;
  });

  /** A raw request with our origin and session, and whatever body and content type the test wants. */
  function raw(
    method: 'POST' | 'PUT' | 'DELETE' | 'GET',
    url: string,
    payload?: string,
    contentType?: string,
  ) {
    return server.app
      .inject({
        method,
        url,
        headers: { origin: ORIGIN, cookie, ...(contentType ? { 'content-type': contentType } : {}) },
        ...(payload !== undefined ? { payload } : {}),
      })
      .then((res) => ({ status: res.statusCode, body: safeJson(res.body), headers: res.headers, raw: res }));
  }

  const writes = () =>
    [
      ['POST', '/api/auth/register'],
      ['POST', '/api/auth/login'],
      ['PUT', '/api/auth/me'],
      ['POST', '/api/groups'],
      ['PUT', `/api/groups/${groupId}`],
      ['POST', `/api/groups/${groupId}/expenses`],
      ['PUT', `/api/groups/expenses/${expenseId}`],
    ] as const;

  it('a malformed JSON body is 400 VALIDATION_ERROR on every write', async () => {
    for (const [method, url] of writes()) {
      for (const payload of ['{"name":', '{name: "x"}', "{'a':1}", '{"a":1}}', 'undefined']) {
        const res = await raw(method, url, payload, 'application/json');
        expectError(res, 400, 'VALIDATION_ERROR');
      }
    }
  });

  it('an empty body declared as JSON counts as no body: the same answer as {}', async () => {
    for (const [method, url] of writes()) {
      const empty = await raw(method, url, '', 'application/json');
      const asObject = await raw(method, url, '{}', 'application/json');
      expect(empty.status, `${method} ${url}`).toBe(asObject.status);
      expect(withoutRequestId(empty.body)).toEqual(withoutRequestId(asObject.body));
    }
    // Clients that always send the JSON header can still log out and delete without a body.
    const expense = await c.post(`/api/groups/${groupId}/expenses`, { name: 'x', amount: 1, paidById: me });
    const del = await raw(
      'DELETE',
      `/api/groups/expenses/${json<{ id: string }>(expense).id}`,
      '',
      'application/json',
    );
    expect(del.status).toBe(204);
  });

  it('a JSON array, string, number or boolean body is 400 VALIDATION_ERROR', async () => {
    for (const [method, url] of writes()) {
      for (const payload of ['[]', '[{"name":"x"}]', '"abc"', '42', 'true']) {
        const res = await raw(method, url, payload, 'application/json');
        expectError(res, 400, 'VALIDATION_ERROR');
        expect(json<{ message: string }>(res).message).toBe('The body must be a JSON object');
      }
    }
  });

  it('a JSON null body is read as an empty object: the same answer as {}', async () => {
    for (const [method, url] of writes()) {
      if (method === 'PUT' && url.startsWith('/api/groups/') && !url.includes('expenses')) continue; // {} is a valid no-op there
      const asNull = await raw(method, url, 'null', 'application/json');
      const asEmpty = await raw(method, url, '{}', 'application/json');
      expect(asNull.status, `${method} ${url}`).toBe(400);
      expect(withoutRequestId(asNull.body)).toEqual(withoutRequestId(asEmpty.body));
    }
    const noop = await raw('PUT', `/api/groups/${groupId}`, 'null', 'application/json');
    expect(noop.status).toBe(200);
    expect(json<Group>(noop).name).toBe('Trip');
  });

  it('fields of the wrong type are refused with a 4xx in the error shape, never a 5xx', async () => {
    const common: unknown[] = [{ name: 42 }, { name: { $gt: '' } }, { name: ['x'] }];
    const expense: unknown[] = [
      ...common,
      { name: 'x', amount: { value: 1 }, paidById: me },
      { name: 'x', amount: [1], paidById: me },
      { name: 'x', amount: null, paidById: me },
      { name: 'x', amount: true, paidById: me },
      { name: 'x', amount: 1, paidById: me, sharesInput: [1, 2] },
      { name: 'x', amount: 1, paidById: me, sharesInput: { [me]: '1' } },
      { name: 'x', amount: 1, paidById: me, splitMethod: 'amounts', splits: 'all' },
      { name: 'x', amount: 1, paidById: me, splitMethod: 'amounts', splits: { [me]: null } },
      { name: 'x', amount: 1, paidById: me, splitMethod: 'percentages', percentagesInput: { [me]: 150 } },
      { name: 'x', amount: 1, paidById: me, splitMethod: 'percentages', percentagesInput: { [me]: 33.333 } },
      { name: 'x', amount: 1, paidById: me, participants: 'everyone' },
      {
        name: 'x',
        amount: 1,
        paidById: me,
        items: [{ name: 'i', amount: 1, splitMethod: 'members', splitJson: '{' }],
      },
      {
        name: 'x',
        amount: 1,
        paidById: me,
        items: [{ name: 'i', amount: 1, splitMethod: 'members', splitJson: '{"a":1}' }],
      },
      {
        name: 'x',
        amount: 1,
        paidById: me,
        items: [{ name: 'i', amount: 1, splitMethod: 'shares', splitJson: '[1]' }],
      },
      {
        name: 'x',
        amount: 1,
        paidById: me,
        items: [{ name: 'i', amount: 1, splitMethod: 'members', splitJson: '["nope"]' }],
      },
      { name: 'x', amount: 1, paidById: me, items: 'none' },
      { name: 'x', amount: 1, paidById: me, version: 'latest' },
      { name: 'x', amount: 1, paidById: me, settlement: 'yes' },
      { name: 'x', amount: 1, paidById: me, category: 12 },
      { name: 'x', amount: 1, paidById: me, date: 1717200000000 },
      { name: 'x', amount: '9'.repeat(41), paidById: me },
      { name: 'x'.repeat(10_000), amount: 1, paidById: me },
    ];
    const cases: [string, string, unknown[]][] = [
      [
        'POST',
        '/api/auth/register',
        [
          ...common,
          { name: 'x', email: ['a@b.c'], password: 'secret1' },
          { name: 'x', email: 'a@b.c', password: 123456 },
        ],
      ],
      [
        'POST',
        '/api/auth/login',
        [{ email: 1, password: 'x' }, { email: 'a@b.c', password: { $ne: '' } }, { email: null }],
      ],
      [
        'PUT',
        '/api/auth/me',
        [...common, { name: 'x', username: 7 }, { name: 'x', username: 'okname', telegramUsername: 5 }],
      ],
      [
        'POST',
        '/api/groups',
        [
          ...common,
          { name: 'x', users: 'everyone' },
          { name: 'x', users: [null] },
          { name: 'x', currency: 7 },
        ],
      ],
      [
        'PUT',
        `/api/groups/${groupId}`,
        [...common, { users: 'all' }, { users: [{ memberId: 'nope', share: 1 }] }, { currency: ['EUR'] }],
      ],
      ['POST', `/api/groups/${groupId}/expenses`, expense],
      ['PUT', `/api/groups/expenses/${expenseId}`, expense],
    ];
    for (const [method, url, bodies] of cases) {
      for (const body of bodies) {
        const res = await raw(method as 'POST', url, JSON.stringify(body), 'application/json');
        const what = `${method} ${url} ${JSON.stringify(body).slice(0, 120)} -> ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`;
        expect(res.status, what).toBe(400);
        expect(
          Object.keys(res.body as object).every((k) => ['code', 'message', 'field', 'requestId'].includes(k)),
          what,
        ).toBe(true);
      }
    }
    // None of them changed the seed expense.
    const [seed] = json<{ name: string; amount: number; version: number }[]>(
      await c.get(`/api/groups/${groupId}/expenses`),
    );
    expect(seed).toMatchObject({ name: 'Seed', amount: 1, version: 1 });
  });

  it('a prototype-polluting body changes nothing it should not', async () => {
    const res = await raw(
      'POST',
      '/api/groups',
      '{"name":"Proto","__proto__":{"isAdmin":false},"constructor":{"prototype":{"x":1}}}',
      'application/json',
    );
    expect(res.status).toBeLessThan(500);
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });

  it('a body over 1 MiB is 413 PAYLOAD_TOO_LARGE', async () => {
    const res = await raw(
      'POST',
      '/api/groups',
      JSON.stringify({ name: 'x', pad: 'y'.repeat(1024 * 1024) }),
      'application/json',
    );
    expectError(res, 413, 'PAYLOAD_TOO_LARGE');
  });

  it('non-uuid ids in paths are 400 VALIDATION_ERROR naming the id, never 500', async () => {
    const bad = [
      'abc',
      '123',
      'null',
      'undefined',
      `${groupId}x`,
      groupId.slice(0, -1),
      "1' or '1'='1",
      '%20',
      'a'.repeat(99),
    ];
    for (const id of bad) {
      const e = encodeURIComponent(id);
      for (const path of ['', '/categories', '/logs', '/balances', '/expenses']) {
        expectError(await c.get(`/api/groups/${e}${path}`), 400, 'VALIDATION_ERROR', 'groupId');
      }
      expectError(await c.put(`/api/groups/${e}`, { name: 'x' }), 400, 'VALIDATION_ERROR', 'groupId');
      expectError(await c.delete(`/api/groups/${e}`), 400, 'VALIDATION_ERROR', 'groupId');
      expectError(
        await c.post(`/api/groups/${e}/expenses`, { amount: 1 }),
        400,
        'VALIDATION_ERROR',
        'groupId',
      );
      expectError(
        await c.put(`/api/groups/expenses/${e}`, { amount: 1 }),
        400,
        'VALIDATION_ERROR',
        'expenseId',
      );
      expectError(await c.delete(`/api/groups/expenses/${e}`), 400, 'VALIDATION_ERROR', 'expenseId');
    }
    // Nothing was changed by any of them.
    expect(json<Group>(await c.get(`/api/groups/${groupId}`)).name).toBe('Trip');
  });

  it('an over-long id or a malformed URL is 400 VALIDATION_ERROR in the API error shape', async () => {
    const long = 'a'.repeat(300);
    expectError(await c.get(`/api/groups/${long}`), 400, 'VALIDATION_ERROR');
    expectError(await c.get(`/api/groups/${long}/balances`), 400, 'VALIDATION_ERROR');
    expectError(await c.delete(`/api/groups/expenses/${long}`), 400, 'VALIDATION_ERROR');
    expectError(await c.get('/api/groups/%E0%A4%A'), 400, 'VALIDATION_ERROR');
    expectError(await c.get('/api/groups/%'), 400, 'VALIDATION_ERROR');
  });

  it('an upper-case uuid is the same id; other odd paths are never a 5xx', async () => {
    const upper = await c.get(`/api/groups/${groupId.toUpperCase()}`);
    expect(upper.status).toBe(200);
    expect(json<Group>(upper).id).toBe(groupId);
    for (const url of [
      '/api/groups/..%2F..%2Fetc',
      '/api/groups/expenses',
      '/api/groups/%00',
      '/api/groups/%2e%2e',
    ]) {
      const res = await c.get(url);
      expect(res.status, url).toBeGreaterThanOrEqual(400);
      expect(res.status, url).toBeLessThan(500);
      const body = json<{ code?: string; error?: string }>(res);
      expect(body.code ?? body.error).toMatch(/^(VALIDATION_ERROR|Not Found)$/);
    }
  });

  it('an unknown /api path, or a known path with a method it does not take, is 404 JSON', async () => {
    const cases: [string, string][] = [
      ['GET', '/api/nothing-here'],
      ['GET', '/api/groups/x/y/z'],
      ['POST', `/api/groups/${groupId}/balances`],
      ['DELETE', '/api/auth/me'],
      ['GET', '/api'],
    ];
    for (const [method, url] of cases) {
      const withBody = method === 'POST';
      const res = await raw(
        method as 'GET',
        url,
        withBody ? '{}' : undefined,
        withBody ? 'application/json' : undefined,
      );
      expect(res.status, `${method} ${url}`).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      // No catalogue code: a missing route must not pass for a domain answer (see route-coverage.mjs).
      expect(withoutRequestId(res.body)).toEqual({ error: 'Not Found', message: 'No such route' });
    }
    const signedOut = await client(app).get('/api/nothing?x=1');
    expect(signedOut.status).toBe(404);
    expect(withoutRequestId(signedOut.body)).toEqual({ error: 'Not Found', message: 'No such route' });
  });
});

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
