import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { identities } from '@dolya/db';
import { Validator } from '@seriousme/openapi-schema-validator';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { client, useServer } from './harness';
import { createGroup, json, NIL_UUID, signUp, type User } from './helpers';

/**
 * The spec lives outside the repository (/work/shared/spec). When it is there its §7 is parsed and
 * must equal the committed copy of its calls; elsewhere (a fresh clone) the copy is what is checked.
 */
const SPEC_PATHS = [
  process.env.DOLYA_SPEC,
  // shared/ beside the clone (CI, the lead's checkout), or the workplace's own.
  new URL('../../../../shared/spec/product-spec.md', import.meta.url).pathname,
  '/work/shared/spec/product-spec.md',
];
const CALLS_COPY = new URL('./spec-section-7-calls.txt', import.meta.url);

interface Document {
  openapi: string;
  paths: Record<string, Record<string, { responses: Record<string, { content?: unknown }> }>>;
  components: { schemas: Record<string, unknown> };
}

/** `METHOD /api/...` calls of spec §7 (query strings left off), or undefined without the spec. */
function specCalls(): string[] | undefined {
  const path = SPEC_PATHS.find((candidate) => candidate && existsSync(candidate));
  if (!path) return undefined;
  const text = readFileSync(path, 'utf8');
  const section = text.slice(text.indexOf('## 7.'), text.indexOf('## 8.'));
  const calls: string[] = [];
  for (const line of section.split('\n')) {
    const method = line.match(/\b(GET|POST|PUT|DELETE)\s+\/api\//)?.[1];
    if (!method) continue;
    // One line may list several paths under one method ("POST /api/notifications/accept, /api/...").
    for (const [found] of line.matchAll(/\/api\/[^\s,?]*/g))
      calls.push(`${method} ${found.replace(/\.$/, '')}`);
  }
  return calls;
}

function committedCalls(): string[] {
  return readFileSync(CALLS_COPY, 'utf8').split('\n').filter(Boolean);
}

/** A spec path matches a document path when each segment is equal, a parameter in both, or a literal the document takes as a parameter (`google` for `{provider}`). */
function matches(specPath: string, docPath: string): boolean {
  const a = specPath.split('/');
  const b = docPath.split('/');
  if (a.length !== b.length) return false;
  return a.every((segment, i) => {
    const docParam = /^\{\w+\}$/.test(b[i]!);
    if (/^\{\w+\}$/.test(segment)) return docParam;
    return docParam || segment === b[i];
  });
}

/** Routes the server registered, from Fastify's route tree: `METHOD /path` with `{param}`s. */
function registeredRoutes(tree: string): string[] {
  const stack: string[] = [];
  const routes: string[] = [];
  for (const line of tree.split('\n')) {
    const at = line.search(/[├└]── /);
    if (at < 0) continue;
    const depth = at / 4;
    const [, segment, methods] = line.slice(at + 4).match(/^(\S+)(?: \(([^)]*)\))?/) ?? [];
    stack.length = depth;
    stack.push(segment!);
    const path = stack.join('').replace(/:(\w+)/g, '{$1}');
    for (const method of methods?.split(', ') ?? []) {
      if (method !== 'HEAD' && method !== 'OPTIONS') routes.push(`${method} ${path}`);
    }
  }
  return routes;
}

const pointer = (...segments: string[]) =>
  segments.map((s) => encodeURIComponent(s.replaceAll('~', '~0').replaceAll('/', '~1'))).join('/');

describe('OpenAPI document of the REST facade', () => {
  const server = useServer();
  const app = () => server.app;

  async function loadDocument(): Promise<Document> {
    const res = await client(app).get('/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    return res.body as Document;
  }

  function validatorFor(doc: Document) {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    ajv.addSchema(doc as object, 'openapi');
    /** The answer checked against the document's schema for its route and status. */
    return (method: string, path: string, res: { status: number; body: unknown }) => {
      const operation = doc.paths[path]?.[method.toLowerCase()];
      expect(operation, `${method} ${path} is documented`).toBeDefined();
      const response = operation!.responses[String(res.status)];
      expect(
        response,
        `${method} ${path} documents status ${res.status}: ${JSON.stringify(res.body)}`,
      ).toBeDefined();
      if (!response!.content) {
        expect(res.body, `${method} ${path} ${res.status} has no body`).toBeUndefined();
        return;
      }
      const validate = ajv.compile({
        $ref: `openapi#/${pointer('paths', path, method.toLowerCase(), 'responses', String(res.status), 'content', 'application/json', 'schema')}`,
      });
      const valid = validate(res.body);
      expect(
        valid,
        `${method} ${path} ${res.status}: ${ajv.errorsText(validate.errors)}\n${JSON.stringify(res.body)}`,
      ).toBe(true);
    };
  }

  it('is OpenAPI 3.1 and has every call of spec §7', async () => {
    const doc = await loadDocument();
    expect(doc.openapi).toBe('3.1.0');
    const verdict = await new Validator().validate(doc as unknown as Parameters<Validator['validate']>[0]);
    expect(verdict, JSON.stringify(verdict.errors)).toMatchObject({ valid: true });
    const parsed = specCalls();
    if (parsed)
      expect(parsed, 'the spec §7 changed: update spec-section-7-calls.txt').toEqual(committedCalls());
    const calls = committedCalls().map((line) => {
      const [method, path] = line.split(' ') as [string, string];
      return { method, path };
    });
    // 51 in the spec as written: 12 auth and OAuth, 2 identities, 8 passkeys, 15 groups, 4 users and friends, 6 invites, 4 notifications.
    expect(calls).toHaveLength(51);
    const missing = calls.filter(
      ({ method, path }) =>
        !Object.entries(doc.paths).some(
          ([docPath, ops]) => matches(path, docPath) && ops[method.toLowerCase()] !== undefined,
        ),
    );
    expect(missing).toEqual([]);
  });

  it('documents exactly the REST routes the server registers', async () => {
    const doc = await loadDocument();
    const documented = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`),
    );
    const registered = registeredRoutes(app().printRoutes({ commonPrefix: false })).filter(
      (route) => / \/api\//.test(route) && !/ \/api\/(openapi\.json|docs)$/.test(route),
    );
    expect(registered.length).toBeGreaterThan(40);
    expect([...documented].sort()).toEqual([...new Set(registered)].sort());

    // And each documented route is answered by its handler, not the router's 404 (which has no
    // code), with an answer the document lists: signed out, with ids that name nothing.
    const anon = client(app);
    const check = validatorFor(doc);
    for (const route of documented) {
      const [method, path] = route.split(' ') as [string, string];
      const url = path.replace(/\{provider\}/, 'google').replace(/\{\w+\}/g, NIL_UUID);
      const res = await anon[method.toLowerCase() as 'get'](url);
      expect(res.status === 404 && !(res.body as { code?: string })?.code, `${route} → ${res.status}`).toBe(
        false,
      );
      check(method, path, res);
    }
    // Signed in, the same ids reach the procedures: their refusals (404s, 400s for an empty body)
    // must be documented too. Signing out is left out so the rest run signed in.
    const { c } = await signUp(app, 'Probe');
    for (const route of documented.filter((r) => r !== 'POST /api/auth/logout')) {
      const [method, path] = route.split(' ') as [string, string];
      const url = path.replace(/\{provider\}/, 'google').replace(/\{\w+\}/g, NIL_UUID);
      const res =
        method === 'GET' || method === 'DELETE'
          ? await c[method.toLowerCase() as 'get'](url)
          : await c[method.toLowerCase() as 'post'](url, {});
      check(method, path, res);
    }
  });

  it('real answers match their documented schemas', async () => {
    const doc = await loadDocument();
    const check = validatorFor(doc);
    const ann = await signUp(app, 'Ann');
    const bob = await signUp(app, 'Bob');
    const c = ann.c;
    const call = async (
      method: 'GET' | 'POST' | 'PUT' | 'DELETE',
      path: string,
      url: string,
      body?: unknown,
    ) => {
      const lower = method.toLowerCase() as 'post';
      const res = method === 'GET' || method === 'DELETE' ? await c[lower](url) : await c[lower](url, body);
      check(method, path, res);
      return res;
    };

    await call('GET', '/api/auth/me', '/api/auth/me');
    await call('PUT', '/api/auth/me', '/api/auth/me', {
      name: 'Ann B',
      username: ann.user.username,
      telegramUsername: '@ann_tg',
    });
    await call('GET', '/api/auth/providers', '/api/auth/providers');

    const { id: groupId, meId, seat } = await createGroup(c, ['Carl']);
    await call('GET', '/api/groups', '/api/groups');
    await call('GET', '/api/groups/{id}', `/api/groups/${groupId}`);
    await call('POST', '/api/groups', '/api/groups', { name: 'Second', currency: 'RUB' });
    await call('PUT', '/api/groups/{id}', `/api/groups/${groupId}`, { name: 'Trip 2' });

    const created = await call('POST', '/api/groups/{id}/expenses', `/api/groups/${groupId}/expenses`, {
      name: 'Dinner',
      amount: '100.50',
      paidById: meId,
      participants: [meId, seat('Carl')],
      date: '2026-11-01',
      category: 'food',
      items: [
        { name: 'Soup', number: 1, amount: 40.5, splitMethod: 'members', splitJson: JSON.stringify([meId]) },
        {
          name: 'Tea',
          number: 2,
          amount: 60,
          splitMethod: 'members',
          splitJson: JSON.stringify([meId, seat('Carl')]),
        },
      ],
    });
    const expenseId = json<{ id: string }>(created).id;
    await call('POST', '/api/groups/{id}/expenses', `/api/groups/${groupId}/expenses`, {
      amount: 10,
      settlement: true,
      settlementFromId: seat('Carl'),
      settlementToId: meId,
      paidById: seat('Carl'),
    });
    await call('GET', '/api/groups/{id}/expenses', `/api/groups/${groupId}/expenses`);
    await call('GET', '/api/groups/{id}/expenses', `/api/groups/${groupId}/expenses?limit=1`);
    await call('GET', '/api/groups/expenses/{id}', `/api/groups/expenses/${expenseId}`);
    await call('PUT', '/api/groups/expenses/{id}', `/api/groups/expenses/${expenseId}`, {
      name: 'Dinner',
      amount: 80,
      paidById: meId,
      participants: [meId, seat('Carl')],
      splitMethod: 'amounts',
      splits: { [meId]: 50, [seat('Carl')]: 30 },
    });
    await call('GET', '/api/groups/{id}/balances', `/api/groups/${groupId}/balances`);
    await call('GET', '/api/groups/{id}/logs', `/api/groups/${groupId}/logs`);
    await call('GET', '/api/groups/{id}/categories', `/api/groups/${groupId}/categories`);

    // Friends, members, notifications.
    await call('GET', '/api/users/lookup', `/api/users/lookup?username=${bob.user.username}`);
    await call('POST', '/api/friends', '/api/friends', { username: bob.user.username });
    await call('GET', '/api/friends', '/api/friends');
    await call('POST', '/api/groups/{id}/members', `/api/groups/${groupId}/members`, {
      name: 'Bob',
      username: bob.user.username,
      isAdmin: false,
    });
    // The same checks for answers to the other users' clients.
    const checkOther = validatorFor(doc);
    const notes = await bob.c.get('/api/notifications');
    checkOther('GET', '/api/notifications', notes);
    const [note] = json<{ id: string }[]>(notes);
    expect(note).toBeDefined();
    checkOther(
      'POST',
      '/api/notifications/accept',
      await bob.c.post('/api/notifications/accept', { notificationId: note!.id }),
    );
    const bobUser = json<User>(await bob.c.get('/api/auth/me'));
    await call(
      'POST',
      '/api/groups/{id}/members/{userId}/make-admin',
      `/api/groups/${groupId}/members/${bobUser.id}/make-admin`,
    );
    await call(
      'POST',
      '/api/groups/{id}/members/{userId}/revoke-admin',
      `/api/groups/${groupId}/members/${bobUser.id}/revoke-admin`,
    );
    await call('DELETE', '/api/friends/{id}', `/api/friends/${bob.user.id}`);

    // Invites.
    await call('GET', '/api/invites/group/{groupId}', `/api/invites/group/${groupId}`);
    const invite = await call('POST', '/api/invites/group/{groupId}', `/api/invites/group/${groupId}`, {
      ttlSeconds: 3600,
    });
    await call('GET', '/api/invites/group/{groupId}', `/api/invites/group/${groupId}`);
    const token = json<{ token: string }>(invite).token;
    const guest = client(app);
    checkOther('GET', '/api/invites/{inviteToken}', await guest.get(`/api/invites/${token}`));
    const cleo = await signUp(app, 'Cleo');
    checkOther(
      'POST',
      '/api/invites/{inviteToken}/claim/{memberId}',
      await cleo.c.post(`/api/invites/${token}/claim/${seat('Carl')}`),
    );
    const dan = await signUp(app, 'Dan');
    checkOther(
      'POST',
      '/api/invites/{inviteToken}/join-new',
      await dan.c.post(`/api/invites/${token}/join-new`),
    );
    await call('DELETE', '/api/invites/group/{groupId}', `/api/invites/group/${groupId}`);

    // Identities and passkeys.
    const [identity] = await server.db.db
      .insert(identities)
      .values({
        userId: ann.user.id,
        provider: 'GOOGLE',
        subject: randomUUID(),
        email: 'ann@gmail.example',
        displayName: 'Ann',
      })
      .returning();
    await call('GET', '/api/identities', '/api/identities');
    await call('GET', '/api/passkey/linked', '/api/passkey/linked');
    await call('POST', '/api/passkey/link/register/options', '/api/passkey/link/register/options');
    await call('POST', '/api/passkey/login/options', '/api/passkey/login/options', {});
    await call('DELETE', '/api/identities/{id}', `/api/identities/${identity!.id}`);

    // Your data (issue 29): the file, the plan, and Dan's deletion (his seat stays in Ann's group).
    await call('GET', '/api/account/data', '/api/account/data');
    await call('GET', '/api/account/deletion-plan', '/api/account/deletion-plan');
    checkOther(
      'POST',
      '/api/account/delete',
      await dan.c.post('/api/account/delete', { username: dan.user.username }),
    );

    // Errors: a 404, a 400 (body and path), a 401, a 409.
    await call('GET', '/api/groups/{id}', `/api/groups/${NIL_UUID}`);
    await call('GET', '/api/groups/{id}', '/api/groups/not-a-uuid');
    await call('POST', '/api/groups/{id}/expenses', `/api/groups/${groupId}/expenses`, { amount: 'lots' });
    await call('POST', '/api/groups', '/api/groups', { name: '' });
    checkOther('GET', '/api/auth/me', await client(app).get('/api/auth/me'));
    await call('PUT', '/api/auth/me', '/api/auth/me', { name: 'Ann', username: bob.user.username });
    await call('DELETE', '/api/groups/expenses/{id}', `/api/groups/expenses/${expenseId}`);
    await call('DELETE', '/api/groups/{id}', `/api/groups/${groupId}`);
    await call('POST', '/api/auth/logout', '/api/auth/logout');
  });

  it('a renamed or missing field fails the check', async () => {
    const doc = await loadDocument();
    const ajv = new Ajv2020({ strict: false });
    addFormats(ajv);
    ajv.addSchema(doc as object, 'openapi');
    const validate = ajv.compile({ $ref: 'openapi#/components/schemas/User' });
    const { c } = await signUp(app, 'Rena');
    const user = json<Record<string, unknown>>(await c.get('/api/auth/me'));
    expect(validate(user)).toBe(true);
    const { telegramUsername, ...rest } = user;
    expect(validate({ ...rest, telegram_username: telegramUsername })).toBe(false);
    expect(validate(rest)).toBe(false);
    expect(validate({ ...user, id: 'not-a-uuid' })).toBe(false);
  });

  it('/api/docs is a readable page naming every path, public and within the CSP', async () => {
    const doc = await loadDocument();
    const res = await client(app).get('/api/docs');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const html = res.raw.body;
    // Nothing the app's CSP would block: no scripts at all, styles inline (allowed), no other origin.
    expect(res.headers['content-security-policy']).toMatch(/style-src 'self' 'unsafe-inline'/);
    expect(html).not.toMatch(/<script|https?:\/\//i);
    const text = html.replaceAll('&#39;', "'").replaceAll('&quot;', '"').replaceAll('&amp;', '&');
    for (const [path, ops] of Object.entries(doc.paths)) {
      expect(text).toContain(`<code>${path}</code>`);
      for (const method of Object.keys(ops))
        expect(text).toContain(`${method.toUpperCase()}</span> <code>${path}</code>`);
    }
    for (const id of Object.keys(doc.components.schemas)) expect(html).toContain(`id="schema-${id}"`);
  });
});
