import { beforeAll, describe, expect, it } from 'vitest';
import { client, useServer } from './harness';
import { type Client, createGroup, type Response, signUp, withoutRequestId } from './helpers';

/**
 * A single call is answered by trpc-routes.ts itself, a batch by tRPC's own adapter; a batch of one
 * must answer exactly what the single call does (status, headers, body), so every case below is
 * asked both ways and compared.
 */
const encode = (value: unknown) => encodeURIComponent(JSON.stringify(value));

function single(c: Client, method: 'GET' | 'POST', path: string, input?: unknown) {
  if (method === 'POST') return c.post(`/trpc/${path}`, input);
  return c.get(`/trpc/${path}${input === undefined ? '' : `?input=${encode(input)}`}`);
}

function batchOfOne(c: Client, method: 'GET' | 'POST', path: string, input?: unknown) {
  const inputs = input === undefined ? {} : { 0: input };
  if (method === 'POST') return c.post(`/trpc/${path}?batch=1`, inputs);
  return c.get(`/trpc/${path}?batch=1&input=${encode(inputs)}`);
}

/** What must match: the request id differs per request and is left out. */
function comparable(res: Response) {
  return {
    status: res.status,
    contentType: res.headers['content-type'],
    vary: res.headers.vary,
    retryAfter: res.headers['retry-after'],
    body: withoutRequestId(res.body),
  };
}

async function expectSameAnswer(c: Client, method: 'GET' | 'POST', path: string, input?: unknown) {
  const one = comparable(await single(c, method, path, input));
  const batched = comparable(await batchOfOne(c, method, path, input));
  // A batch of one wraps the call's answer in an array; tRPC's adapter answers a batch so.
  expect(one).toEqual({ ...batched, body: (batched.body as unknown[])[0] });
  return one;
}

describe('a single tRPC call answers what tRPC itself answers for it', () => {
  const server = useServer();
  const app = () => server.app;
  let owner: Client;
  let outsider: Client;
  let groupId: string;
  let meId: string;

  beforeAll(async () => {
    ({ c: owner } = await signUp(app, 'Vera'));
    ({ c: outsider } = await signUp(app, 'Walt'));
    const group = await createGroup(owner, ['Xenia'], 'Parity');
    groupId = group.id;
    meId = group.meId;
  });

  it('answers queries with data: the group, its balances, a page of expenses, the caller', async () => {
    await owner.post('/trpc/expenses.create', {
      groupId,
      name: 'Tea',
      amountCents: 700,
      paidById: meId,
      participants: [meId],
      splitMethod: 'shares',
    });
    for (const [path, input] of [
      ['groups.get', { groupId }],
      ['balances.get', { groupId }],
      ['expenses.list', { groupId, limit: 5 }],
      ['auth.me', undefined],
      ['auth.providers', undefined],
    ] as const) {
      const answer = await expectSameAnswer(owner, 'GET', path, input);
      expect(answer.status, path).toBe(200);
    }
  });

  it('answers a mutation with its result: an idempotent create, retried the other way, returns the same', async () => {
    const input = {
      groupId,
      idempotencyKey: 'parity-create-1',
      name: 'Bread',
      amountCents: 250,
      paidById: meId,
      participants: [meId],
      splitMethod: 'shares',
    };
    const answer = await expectSameAnswer(owner, 'POST', 'expenses.create', input);
    expect(answer.body).toMatchObject({ result: { data: { id: expect.any(String) } } });
  });

  it('answers errors in the same shape and status: outsider, signed out, bad input, a rule of the domain', async () => {
    const cases = [
      { c: outsider, method: 'GET', path: 'groups.get', input: { groupId }, status: 404 },
      { c: client(app), method: 'GET', path: 'auth.me', input: undefined, status: 401 },
      { c: owner, method: 'GET', path: 'groups.get', input: { groupId: 'not-a-uuid' }, status: 400 },
      { c: owner, method: 'GET', path: 'expenses.list', input: undefined, status: 400 },
      {
        c: owner,
        method: 'POST',
        path: 'expenses.create',
        input: { groupId, name: 'Zero', amountCents: 0, paidById: meId, participants: [meId] },
        status: 400,
      },
      { c: outsider, method: 'POST', path: 'groups.leave', input: { groupId }, status: 404 },
    ] as const;
    for (const { c, method, path, input, status } of cases) {
      const answer = await expectSameAnswer(c, method, path, input);
      expect(answer.status, `${path} ${JSON.stringify(input)}`).toBe(status);
      expect(answer.body).toMatchObject({ error: { data: { httpStatus: status } } });
    }
  });

  it("leaves what is not a plain single call to tRPC's adapter: wrong method, unknown path, input that is not JSON", async () => {
    const wrongMethod = await owner.get('/trpc/expenses.create');
    expect(wrongMethod.status).toBe(405);
    const unknown = await owner.get('/trpc/groups.nothing');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ error: { data: { code: 'NOT_FOUND' } } });
    const notJson = await owner.get('/trpc/groups.get?input=%7Bnot-json');
    expect(notJson.status).toBeGreaterThanOrEqual(400);
    expect(notJson.status).toBeLessThan(500);
    expect(notJson.body).toMatchObject({ error: { data: { code: expect.any(String) } } });
  });
});
