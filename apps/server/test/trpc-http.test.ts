import type { ExpensePage, GroupBalances, Expense as TrpcExpense } from '@dolya/api';
import { beforeAll, describe, expect, it } from 'vitest';
import { client, useServer } from './harness';
import {
  type Balances,
  type Client,
  createGroup,
  type Expense,
  type Group,
  json,
  PASSWORD,
  type Response,
  signUp,
  type User,
} from './helpers';

interface TrpcError {
  error: {
    code: number;
    message: string;
    data: { code: string; httpStatus: number; appCode: string; field: string | null; path?: string };
  };
}

function data<T>(res: Response): T {
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const body = res.body as { result: { data: T } };
  expect(Object.keys(body)).toEqual(['result']);
  return body.result.data;
}

function expectTrpcError(res: Response, status: number, appCode: string, field: string | null = null) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  const { error } = res.body as TrpcError;
  expect(error.data).toMatchObject({ httpStatus: status, appCode, field });
  expect(typeof error.message).toBe('string');
  expect(JSON.stringify(res.body)).not.toMatch(/stack|node_modules|at .*\.ts:/);
  return error;
}

const input = (value: unknown) => `input=${encodeURIComponent(JSON.stringify(value))}`;

describe('tRPC over HTTP', () => {
  const server = useServer();
  const app = () => server.app;

  let email: string;
  let owner: Client;
  let groupId: string;
  let me: string;
  let seat: string;

  beforeAll(async () => {
    ({ c: owner, email } = await signUp(app, 'Tara'));
    const g = await createGroup(owner, ['Uma'], 'Wire');
    groupId = g.id;
    me = g.meId;
    seat = g.seat('Uma');
  });

  it('POST /trpc/auth.login with a JSON body signs in; GET /trpc/groups.list then answers with the cookie', async () => {
    const t = client(app);
    const login = await t.post('/trpc/auth.login', { email, password: PASSWORD });
    const user = data<User>(login);
    expect(user).toMatchObject({ name: 'Tara', email });
    expect(login.raw.cookies.find((c) => c.name === 'dolya_session')).toMatchObject({
      httpOnly: true,
      path: '/',
    });

    const list = data<(Group & { myNetCents: number })[]>(await t.get('/trpc/groups.list'));
    expect(list.map((g) => g.id)).toEqual([groupId]);
    // The same groups as REST, which keeps the spec's shape without the caller's net.
    expect(list.map((g) => g.myNetCents)).toEqual([0]);
    expect(list.map(({ myNetCents: _, ...group }) => group)).toEqual(
      json<Group[]>(await owner.get('/api/groups')),
    );
  });

  it('GET queries take their input as ?input=<url-encoded JSON> and answer what REST answers, in cents', async () => {
    const group = data<Group>(await owner.get(`/trpc/groups.get?${input({ groupId })}`));
    expect(group).toEqual(json<Group>(await owner.get(`/api/groups/${groupId}`)));

    const spent = await owner.post(`/api/groups/${groupId}/expenses`, {
      name: 'Ferry',
      amount: '10,01',
      paidById: me,
      splitMethod: 'shares',
      sharesInput: { [me]: 1, [seat]: 1 },
    });
    expect(spent.status).toBe(201);
    const settled = await owner.post(`/api/groups/${groupId}/expenses`, {
      amount: 3,
      settlement: true,
      settlementFromId: seat,
      settlementToId: me,
    });
    expect(settled.status).toBe(201);
    const balances = data<GroupBalances>(await owner.get(`/trpc/balances.get?${input({ groupId })}`));
    expect(balances).toEqual({
      currency: 'EUR',
      totalCents: 1001,
      members: [
        {
          memberId: me,
          name: 'Tara',
          removed: false,
          paidCents: 1001,
          owedCents: 501,
          sentCents: 0,
          receivedCents: 300,
          netCents: 200,
        },
        {
          memberId: seat,
          name: 'Uma',
          removed: false,
          paidCents: 0,
          owedCents: 500,
          sentCents: 300,
          receivedCents: 0,
          netCents: -200,
        },
      ],
      debts: [{ fromMemberId: seat, toMemberId: me, amountCents: 200 }],
    });
    expect(json<Balances>(await owner.get(`/api/groups/${groupId}/balances`))).toEqual({
      currency: 'EUR',
      total: 10.01,
      members: [
        {
          memberId: me,
          name: 'Tara',
          paid: 10.01,
          owed: 5.01,
          settlementsPaid: 0,
          settlementsReceived: 3,
          net: 2,
          removed: false,
        },
        {
          memberId: seat,
          name: 'Uma',
          paid: 0,
          owed: 5,
          settlementsPaid: 3,
          settlementsReceived: 0,
          net: -2,
          removed: false,
        },
      ],
      debts: [{ fromUserId: seat, toUserId: me, amount: 2 }],
    });
  });

  it('a mutation creates an expense in cents; REST shows the same expense in decimals', async () => {
    const created = data<{ id: string }>(
      await owner.post('/trpc/expenses.create', {
        groupId,
        name: 'Wire transfer',
        amountCents: 1235,
        paidById: me,
        splitMethod: 'shares',
        sharesInput: { [me]: 1, [seat]: 1 },
      }),
    );
    const listed = data<ExpensePage>(await owner.get(`/trpc/expenses.list?${input({ groupId })}`)).items.find(
      (e) => e.id === created.id,
    );
    expect(listed).toMatchObject({ amountCents: 1235, splitCents: { [me]: 618, [seat]: 617 } });
    const viaTrpc = data<TrpcExpense>(
      await owner.get(`/trpc/expenses.get?${input({ groupId, expenseId: created.id })}`),
    );
    // The list row is the expense without its snapshot, participants, items, split inputs and its
    // series' rule (a row says only which series it belongs to).
    const {
      snapshot: _snap,
      participants,
      items,
      sharesInput,
      percentagesInput,
      series: _series,
      ...slim
    } = viaTrpc as typeof viaTrpc & { series?: unknown };
    expect(listed).toEqual(slim);

    const viaRest = json<Expense[]>(await owner.get(`/api/groups/${groupId}/expenses`)).find(
      (e) => e.id === created.id,
    );
    const { amountCents: _a, splitCents: _s, payers: _p, original: _o, ...rest } = slim;
    expect(viaRest).toEqual({
      ...rest,
      participants,
      items,
      sharesInput,
      percentagesInput,
      amount: 12.35,
      splits: { [me]: 6.18, [seat]: 6.17 },
      // Issue 26's additive fields: who paid how much (decimals), and no other currency.
      payers: { [me]: 12.35 },
      originalAmount: null,
      originalCurrency: null,
      exchangeRate: null,
      rateDate: null,
      rateSource: null,
    });
  });

  it('a batched GET answers an array of results', async () => {
    const res = await owner.get(`/trpc/auth.me,groups.list?batch=1&${input({ 0: undefined, 1: undefined })}`);
    expect(res.status).toBe(200);
    const [meResult, listResult] = res.body as [{ result: { data: User } }, { result: { data: Group[] } }];
    expect(meResult.result.data.name).toBe('Tara');
    expect(listResult.result.data.map((g) => g.id)).toEqual([groupId]);
  });

  describe('errors carry data.appCode and the REST status', () => {
    it('401 INVALID_CREDENTIALS for a wrong password, with no cookie', async () => {
      const res = await client(app).post('/trpc/auth.login', { email, password: 'wrong password' });
      const error = expectTrpcError(res, 401, 'INVALID_CREDENTIALS');
      expect(error.message).toBe('Invalid email or password');
      expect(error.data.code).toBe('UNAUTHORIZED');
      expect(res.headers['set-cookie']).toBeUndefined();
    });

    it('401 UNAUTHORIZED signed out; 404 GROUP_NOT_FOUND; 409 EMAIL_TAKEN with its field', async () => {
      expectTrpcError(await client(app).get('/trpc/groups.list'), 401, 'UNAUTHORIZED');
      expectTrpcError(
        await owner.get(`/trpc/groups.get?${input({ groupId: '00000000-0000-0000-0000-000000000000' })}`),
        404,
        'GROUP_NOT_FOUND',
      );
      expectTrpcError(
        await client(app).post('/trpc/auth.register', { name: 'Dup', email, password: 'secret1' }),
        409,
        'EMAIL_TAKEN',
        'email',
      );
    });

    it('400 with the field for bad input: VALIDATION_ERROR, INVALID_AMOUNT, INVALID_MEMBER', async () => {
      expectTrpcError(
        await owner.get(`/trpc/groups.get?${input({ groupId: 'nope' })}`),
        400,
        'VALIDATION_ERROR',
        'groupId',
      );
      expectTrpcError(await owner.get('/trpc/groups.get?input=%7Bbroken'), 400, 'VALIDATION_ERROR');
      const expense = { groupId, name: 'Bad', paidById: me, splitMethod: 'shares', sharesInput: { [me]: 1 } };
      const before = data<ExpensePage>(await owner.get(`/trpc/expenses.list?${input({ groupId })}`));
      // tRPC takes whole cents: decimals, text and the REST field name are refused before any work.
      for (const body of [{ amount: '12,35' }, { amountCents: '1235' }, { amountCents: 12.35 }]) {
        expectTrpcError(
          await owner.post('/trpc/expenses.create', { ...expense, ...body }),
          400,
          'VALIDATION_ERROR',
          'amountCents',
        );
      }
      // Sign and range are the service's rule, the same as at the REST edge.
      for (const amountCents of [0, -500, 100_000_000_000_001]) {
        expectTrpcError(
          await owner.post('/trpc/expenses.create', { ...expense, amountCents }),
          400,
          'INVALID_AMOUNT',
          'amount',
        );
      }
      expectTrpcError(
        await owner.post('/trpc/expenses.create', {
          ...expense,
          amountCents: 100,
          paidById: '00000000-0000-0000-0000-000000000000',
        }),
        400,
        'INVALID_MEMBER',
        'paidById',
      );
      expect(data<ExpensePage>(await owner.get(`/trpc/expenses.list?${input({ groupId })}`))).toEqual(before);
    });

    it('a mutation called with GET, or a query with POST, is 405 METHOD_NOT_SUPPORTED, not a 500', async () => {
      expectTrpcError(await owner.get('/trpc/groups.create'), 405, 'METHOD_NOT_SUPPORTED');
      expectTrpcError(await owner.post('/trpc/groups.list', {}), 405, 'METHOD_NOT_SUPPORTED');
      expect(json<Group[]>(await owner.get('/api/groups')).map((g) => g.id)).toEqual([groupId]);
    });

    it('an unknown procedure is 404 NOT_FOUND', async () => {
      expectTrpcError(await owner.get('/trpc/nothing.here'), 404, 'NOT_FOUND');
      expectTrpcError(await owner.post('/trpc/groups.nothing', {}), 404, 'NOT_FOUND');
    });
  });
});
