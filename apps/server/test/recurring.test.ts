import { beforeAll, describe, expect, it } from 'vitest';
import { client, useServer } from './harness';
import {
  type Client,
  createGroup,
  expectError,
  expenseOf,
  expensesOf,
  json,
  NIL_UUID,
  signUp,
  type User,
} from './helpers';

/** Issue 28 at the REST edge: recurrence on POST and PUT, the series on GET, DELETE of a series. */
describe('REST recurring expenses', () => {
  const server = useServer();
  const app = () => server.app;

  let ann: { c: Client; user: User };
  let olga: { c: Client; user: User };
  let groupId: string;
  let me: string;
  let bob: string;

  beforeAll(async () => {
    ann = await signUp(app, 'Ann');
    olga = await signUp(app, 'Olga');
    const g = await createGroup(ann.c, ['Bob']);
    groupId = g.id;
    me = g.meId;
    bob = g.seat('Bob');
  });

  const rent = (extra: Record<string, unknown> = {}) => ({
    name: 'Rent',
    amount: '45000.00',
    paidById: me,
    date: '2026-01-31T12:00:00.000Z',
    splitMethod: 'shares',
    sharesInput: { [me]: 1, [bob]: 1 },
    ...extra,
  });

  async function repeating(recurrence: Record<string, unknown> = { every: 1, unit: 'month' }) {
    const res = await ann.c.post(`/api/groups/${groupId}/expenses`, rent({ recurrence }));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return json<{ id: string; seriesId: string }>(res);
  }

  it('POST with a recurrence makes a series: its id in the answer, the rule and next date on GET', async () => {
    const { id, seriesId } = await repeating({ every: 1, unit: 'month', count: 12 });
    expect(seriesId).toEqual(expect.any(String));
    const expense = await expenseOf(ann.c, id);
    expect(expense).toMatchObject({
      seriesId,
      recurrence: { every: 1, unit: 'month', until: null, count: 12, state: 'active' },
      nextDate: '2026-02-28',
    });
    const row = (await expensesOf(ann.c, groupId)).find((e) => e.id === id);
    expect(row?.seriesId).toBe(seriesId);
    expect(row).not.toHaveProperty('recurrence');

    // Without one, the answer stays the spec's {id}, and GET says it does not repeat.
    const plain = await ann.c.post(`/api/groups/${groupId}/expenses`, rent({ name: 'Once' }));
    expect(Object.keys(plain.body as object)).toEqual(['id']);
    expect(await expenseOf(ann.c, json<{ id: string }>(plain).id)).toMatchObject({
      seriesId: null,
      recurrence: null,
      nextDate: null,
    });
  });

  it('400 INVALID_RECURRENCE naming the field for a bad rule, and nothing is created', async () => {
    const before = (await expensesOf(ann.c, groupId)).length;
    const cases: [Record<string, unknown>, string][] = [
      [{ every: 0, unit: 'month' }, 'every'],
      [{ every: -1, unit: 'week' }, 'every'],
      [{ every: 1, unit: 'month', until: '2026-01-30' }, 'until'],
      [{ every: 1, unit: 'month', count: 0 }, 'count'],
      [{ every: 1, unit: 'month', until: '2026-12-31', count: 2 }, 'until'],
    ];
    for (const [recurrence, field] of cases) {
      const res = await ann.c.post(`/api/groups/${groupId}/expenses`, rent({ recurrence }));
      expectError(res, 400, 'INVALID_RECURRENCE', field);
    }
    expect((await expensesOf(ann.c, groupId)).length).toBe(before);
  });

  it('PUT: a money change says its scope; a new rule, and null stops the series', async () => {
    const { id, seriesId } = await repeating();
    const noScope = await ann.c.put(`/api/groups/expenses/${id}`, rent({ amount: '50000' }));
    expectError(noScope, 400, 'VALIDATION_ERROR', 'seriesScope');
    expect((await expenseOf(ann.c, id)).amount).toBe(45000);

    const changed = await ann.c.put(
      `/api/groups/expenses/${id}`,
      rent({ amount: '50000', seriesScope: 'this' }),
    );
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body).toEqual({ id, version: 2, seriesId });

    const badRule = await ann.c.put(
      `/api/groups/expenses/${id}`,
      rent({ amount: '50000', recurrence: { every: 1, unit: 'day', count: -3 } }),
    );
    expectError(badRule, 400, 'INVALID_RECURRENCE', 'count');

    const weekly = await ann.c.put(
      `/api/groups/expenses/${id}`,
      rent({ amount: '50000', recurrence: { every: 2, unit: 'week' } }),
    );
    expect(weekly.status, JSON.stringify(weekly.body)).toBe(200);
    const newSeries = json<{ seriesId: string }>(weekly).seriesId;
    expect(await expenseOf(ann.c, id)).toMatchObject({
      seriesId: newSeries,
      recurrence: { every: 2, unit: 'week', state: 'active' },
      nextDate: '2026-02-14',
    });

    const stopped = await ann.c.put(
      `/api/groups/expenses/${id}`,
      rent({ amount: '50000', recurrence: null }),
    );
    expect(stopped.status).toBe(200);
    expect(await expenseOf(ann.c, id)).toMatchObject({
      seriesId: newSeries,
      recurrence: { state: 'stopped' },
      nextDate: null,
    });
  });

  describe('DELETE /api/groups/{id}/recurring/{seriesId}', () => {
    it('stops the series: 204, the expense stays and says it stopped; again is harmless', async () => {
      const { id, seriesId } = await repeating({ every: 1, unit: 'week' });
      const res = await ann.c.delete(`/api/groups/${groupId}/recurring/${seriesId}`);
      expect(res.status).toBe(204);
      expect(res.raw.body).toBe('');
      expect(await expenseOf(ann.c, id)).toMatchObject({
        seriesId,
        recurrence: { state: 'stopped' },
        nextDate: null,
      });
      expect((await ann.c.delete(`/api/groups/${groupId}/recurring/${seriesId}`)).status).toBe(204);
    });

    it('404 for an outsider, for a series of another group and for an unknown one; 401 signed out', async () => {
      const { id, seriesId } = await repeating({ every: 1, unit: 'week' });
      expectError(
        await olga.c.delete(`/api/groups/${groupId}/recurring/${seriesId}`),
        404,
        'GROUP_NOT_FOUND',
      );
      const theirs = await createGroup(olga.c, []);
      expectError(await olga.c.delete(`/api/groups/${theirs.id}/recurring/${seriesId}`), 404, 'NOT_FOUND');
      expectError(await ann.c.delete(`/api/groups/${groupId}/recurring/${NIL_UUID}`), 404, 'NOT_FOUND');
      expectError(
        await client(app).delete(`/api/groups/${groupId}/recurring/${seriesId}`),
        401,
        'UNAUTHORIZED',
      );
      expect((await expenseOf(ann.c, id)).recurrence).toMatchObject({ state: 'active' });
    });
  });
});
