import { startFxProvider } from '@dolya/api/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useServer } from './harness';
import {
  balancesOf,
  type Client,
  createGroup,
  expectError,
  expenseOf,
  expensesOf,
  json,
  signUp,
} from './helpers';

const provider = await startFxProvider({ 'EUR/RUB': { rate: '93.75' }, 'USD/RUB': { rate: '80.5' } });
afterAll(async () => provider.close());

describe('REST: expenses in another currency and with several payers (issue 26)', () => {
  const server = useServer({ FX_RATES_URL: provider.url });
  const app = () => server.app;
  let c: Client;
  let outsider: Client;
  let groupId: string;
  let me: string;
  let bob: string;
  let cat: string;

  beforeAll(async () => {
    ({ c } = await signUp(app, 'Olya'));
    ({ c: outsider } = await signUp(app, 'Eve'));
    const g = await createGroup(c, ['Bob', 'Cat'], 'Trip', 'RUB');
    groupId = g.id;
    me = g.meId;
    bob = g.seat('Bob');
    cat = g.seat('Cat');
  });

  const post = (body: Record<string, unknown>) =>
    c.post(`/api/groups/${groupId}/expenses`, {
      name: 'Dinner',
      paidById: me,
      participants: [me, bob, cat],
      ...body,
    });

  it('GET /api/fx/rate answers {rate, date, source}', async () => {
    const res = await c.get('/api/fx/rate?from=EUR&to=RUB&date=2026-11-28');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ rate: '93.75', date: '2026-11-28', source: 'frankfurter' });
    expectError(await c.get('/api/fx/rate?from=AMD&to=RUB&date=2026-11-28'), 404, 'RATE_UNAVAILABLE');
    expectError(await c.get('/api/fx/rate?from=XYZ&to=RUB&date=2026-11-28'), 400, 'INVALID_CURRENCY', 'from');
  });

  it('a typed rate: the amount is converted exactly and the expense says so', async () => {
    const res = await post({ originalAmount: '45.00', originalCurrency: 'EUR', exchangeRate: '93.7500' });
    expect(res.status).toBe(201);
    const expense = await expenseOf(c, json<{ id: string }>(res).id);
    expect(expense).toMatchObject({
      amount: 4218.75,
      originalAmount: 45,
      originalCurrency: 'EUR',
      exchangeRate: '93.7500',
      rateSource: 'manual',
      payers: { [me]: 4218.75 },
    });
  });

  it('no rate sent: the rate of the expense’s date is fetched', async () => {
    const res = await post({ originalAmount: 10, originalCurrency: 'USD', date: '2026-11-20' });
    expect(res.status).toBe(201);
    const expense = await expenseOf(c, json<{ id: string }>(res).id);
    expect(expense).toMatchObject({
      amount: 805,
      exchangeRate: '80.5',
      rateDate: '2026-11-20',
      rateSource: 'fetched',
    });
  });

  it('refuses what does not add up, naming the field and writing nothing', async () => {
    const before = (await expensesOf(c, groupId)).length;
    expectError(
      await post({ originalAmount: 45, originalCurrency: 'EUR', exchangeRate: '0' }),
      400,
      'INVALID_RATE',
      'exchangeRate',
    );
    expectError(
      await post({ originalAmount: 45, originalCurrency: 'EUR', exchangeRate: '-1' }),
      400,
      'INVALID_RATE',
      'exchangeRate',
    );
    expectError(
      await post({ originalAmount: 45, originalCurrency: 'EUR', exchangeRate: 'abc' }),
      400,
      'INVALID_RATE',
      'exchangeRate',
    );
    expectError(
      await post({ originalAmount: 45, originalCurrency: 'ZZZ', exchangeRate: '1' }),
      400,
      'INVALID_CURRENCY',
      'originalCurrency',
    );
    expectError(
      await post({ originalAmount: 45, originalCurrency: 'RUB', exchangeRate: '1' }),
      400,
      'INVALID_CURRENCY',
      'originalCurrency',
    );
    expectError(
      await post({ originalAmount: 45, exchangeRate: '93.75' }),
      400,
      'VALIDATION_ERROR',
      'originalCurrency',
    );
    expectError(await post({ amount: 100, exchangeRate: '93.75' }), 400, 'VALIDATION_ERROR', 'exchangeRate');
    expectError(
      await post({ amount: '4218.74', originalAmount: 45, originalCurrency: 'EUR', exchangeRate: '93.75' }),
      400,
      'INVALID_AMOUNT',
      'amount',
    );
    // No rate to be had for that pair: the form asks for one.
    expectError(
      await post({ originalAmount: 45, originalCurrency: 'AMD' }),
      404,
      'RATE_UNAVAILABLE',
      'exchangeRate',
    );
    expectError(await post({ participants: [me] }), 400, 'VALIDATION_ERROR', 'amount');
    expect((await expensesOf(c, groupId)).length).toBe(before);
  });

  it('a settlement in euros: converted like an expense, the balances in roubles; bad input names its field', async () => {
    const settle = (body: Record<string, unknown>) =>
      c.post(`/api/groups/${groupId}/expenses`, {
        settlement: true,
        settlementFromId: bob,
        settlementToId: me,
        ...body,
      });
    const before = await balancesOf(c, groupId);
    const res = await settle({ originalAmount: '20.00', originalCurrency: 'EUR', exchangeRate: '93.75' });
    expect(res.status).toBe(201);
    const id = json<{ id: string }>(res).id;
    expect(await expenseOf(c, id)).toMatchObject({
      settlement: true,
      amount: 1875,
      originalAmount: 20,
      originalCurrency: 'EUR',
      exchangeRate: '93.75',
      rateSource: 'manual',
      settlementFromId: bob,
      settlementToId: me,
    });
    const netOf = (b: Awaited<ReturnType<typeof balancesOf>>, id: string) =>
      Math.round((b.members.find((m) => m.memberId === id)?.net ?? 0) * 100);
    const after = await balancesOf(c, groupId);
    // Bob paid me 1 875 ₽ (20 € at 93,75): his net goes up by it, mine down.
    expect(netOf(after, bob) - netOf(before, bob)).toBe(187_500);
    expect(netOf(after, me) - netOf(before, me)).toBe(-187_500);
    // No rate sent: the day's rate is fetched for a settlement too.
    const fetched = await settle({ originalAmount: 10, originalCurrency: 'USD', date: '2026-11-21' });
    expect(fetched.status).toBe(201);
    expect(await expenseOf(c, json<{ id: string }>(fetched).id)).toMatchObject({
      amount: 805,
      rateSource: 'fetched',
      rateDate: '2026-11-21',
    });
    const count = (await expensesOf(c, groupId)).length;
    expectError(
      await settle({ originalAmount: 20, originalCurrency: 'EUR', exchangeRate: '0' }),
      400,
      'INVALID_RATE',
      'exchangeRate',
    );
    expectError(
      await settle({ originalAmount: 20, originalCurrency: 'QQQ', exchangeRate: '1' }),
      400,
      'INVALID_CURRENCY',
      'originalCurrency',
    );
    expectError(
      await settle({ amount: 1000, originalAmount: 20, originalCurrency: 'EUR', exchangeRate: '93.75' }),
      400,
      'INVALID_AMOUNT',
      'amount',
    );
    expect((await expensesOf(c, groupId)).length).toBe(count);
  });

  it('payers: a map of members to amounts; paidById is who paid the most', async () => {
    const res = await post({ amount: '1000', paidById: undefined, payers: { [me]: '300', [bob]: 700 } });
    expect(res.status).toBe(201);
    const expense = await expenseOf(c, json<{ id: string }>(res).id);
    expect(expense.paidById).toBe(bob);
    expect(expense.payers).toEqual({ [me]: 300, [bob]: 700 });
    const balances = await balancesOf(c, groupId);
    expect(balances.members.reduce((sum, m) => sum + Math.round(m.net * 100), 0)).toBe(0);
  });

  it('refuses payers that are not members, not above zero or do not sum to the amount, naming payers', async () => {
    const before = (await expensesOf(c, groupId)).length;
    expectError(await post({ amount: 1000, payers: { [me]: 300, [bob]: 600 } }), 400, 'UNBALANCED', 'payers');
    expectError(
      await post({ amount: 1000, payers: { [me]: 1000, [bob]: 0 } }),
      400,
      'INVALID_AMOUNT',
      'payers',
    );
    expectError(
      await post({ amount: 1000, payers: { [me]: 500, '00000000-0000-4000-8000-00000000dead': 500 } }),
      400,
      'INVALID_MEMBER',
      'payers',
    );
    expectError(
      await post({ amount: 1000, payers: { [me]: 'lots', [bob]: 1 } }),
      400,
      'INVALID_AMOUNT',
      'payers',
    );
    expect((await expensesOf(c, groupId)).length).toBe(before);
  });

  it('PUT takes the same fields', async () => {
    const created = json<{ id: string }>(await post({ amount: 100 }));
    const res = await c.put(`/api/groups/expenses/${created.id}`, {
      name: 'Dinner',
      participants: [me, bob],
      originalAmount: 2,
      originalCurrency: 'EUR',
      exchangeRate: '100',
      payers: { [me]: 100, [cat]: 100 },
    });
    expect(res.status).toBe(200);
    expect(await expenseOf(c, created.id)).toMatchObject({
      amount: 200,
      originalAmount: 2,
      payers: { [me]: 100, [cat]: 100 },
    });
  });

  it('PUT refuses the same bad input, naming the field, and changes nothing', async () => {
    const created = json<{ id: string }>(await post({ amount: 100 }));
    const stored = await expenseOf(c, created.id);
    const put = (body: Record<string, unknown>) =>
      c.put(`/api/groups/expenses/${created.id}`, { name: 'Dinner', participants: [me, bob], ...body });
    const euros = { originalAmount: 2, originalCurrency: 'EUR' };
    expectError(await put({ ...euros, exchangeRate: '0' }), 400, 'INVALID_RATE', 'exchangeRate');
    expectError(await put({ ...euros, exchangeRate: 'abc' }), 400, 'INVALID_RATE', 'exchangeRate');
    expectError(
      await put({ originalAmount: 2, originalCurrency: 'ZZZ', exchangeRate: '1' }),
      400,
      'INVALID_CURRENCY',
      'originalCurrency',
    );
    expectError(
      await put({ ...euros, exchangeRate: '100', amount: '199.99' }),
      400,
      'INVALID_AMOUNT',
      'amount',
    );
    expectError(await put({ amount: 100, payers: { [me]: 60, [bob]: 30 } }), 400, 'UNBALANCED', 'payers');
    expectError(
      await put({ amount: 100, payers: { [me]: 50, '00000000-0000-4000-8000-00000000dead': 50 } }),
      400,
      'INVALID_MEMBER',
      'payers',
    );
    expect(await expenseOf(c, created.id)).toEqual(stored);
  });

  it('the balances (the statistics’ paid per member) count converted amounts and each payer’s part', async () => {
    const g = await createGroup(c, ['Bob', 'Cat'], 'Stats', 'RUB');
    const [olya, b, k] = [g.meId, g.seat('Bob'), g.seat('Cat')];
    const add = (body: Record<string, unknown>) =>
      c.post(`/api/groups/${g.id}/expenses`, { name: 'x', participants: [olya, b, k], ...body });
    expect(
      (await add({ paidById: olya, originalAmount: '45.00', originalCurrency: 'EUR', exchangeRate: '93.75' }))
        .status,
    ).toBe(201);
    expect((await add({ amount: '1000', payers: { [b]: '700', [k]: '300' } })).status).toBe(201);
    const balances = await balancesOf(c, g.id);
    expect(balances.total).toBe(5218.75);
    const paid = Object.fromEntries(balances.members.map((m) => [m.memberId, m.paid]));
    expect(paid).toEqual({ [olya]: 4218.75, [b]: 700, [k]: 300 });
    const spending = await c.get(
      `/trpc/stats.spending?input=${encodeURIComponent(JSON.stringify({ groupId: g.id }))}`,
    );
    expect(json<{ result: { data: { totalCents: number } } }>(spending).result.data.totalCents).toBe(521_875);
  });

  it('an outsider gets 404 for the group, whatever the body', async () => {
    expectError(
      await outsider.post(`/api/groups/${groupId}/expenses`, {
        name: 'x',
        originalAmount: 1,
        originalCurrency: 'EUR',
        exchangeRate: '1',
        paidById: me,
      }),
      404,
      'GROUP_NOT_FOUND',
    );
  });
});
