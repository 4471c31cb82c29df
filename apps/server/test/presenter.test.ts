import { expenseItems, expensePayers, expenseSplits, expenses, groupLogs } from '@dolya/db';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  balancesSchema,
  expenseSchema,
  groupSchema,
  listedExpenseSchema,
  logEntrySchema,
  userSchema,
} from '../src/rest/schemas';
import { useServer } from './harness';
import {
  type Client,
  createGroup,
  type Expense,
  expectError,
  expensesOf,
  json,
  type ListedExpense,
  signUp,
  toCents,
  type User,
} from './helpers';

/**
 * The schema with every object in it strict: an answer with a field too many fails like one with a
 * field missing.
 */
function strict(schema: z.ZodType): z.ZodType {
  if (schema instanceof z.ZodObject) {
    const shape = schema.shape as Record<string, z.ZodType>;
    return z.strictObject(
      Object.fromEntries(Object.entries(shape).map(([key, value]) => [key, strict(value)])),
    );
  }
  if (schema instanceof z.ZodArray) return z.array(strict(schema.element as z.ZodType));
  if (schema instanceof z.ZodNullable) return strict(schema.unwrap() as z.ZodType).nullable();
  if (schema instanceof z.ZodOptional) return strict(schema.unwrap() as z.ZodType).optional();
  if (schema instanceof z.ZodRecord) {
    return z.record(schema.keyType as z.ZodString, strict(schema.valueType as z.ZodType));
  }
  return schema;
}

/** The body parsed by the strict schema: throws, naming the path, on any extra or missing field. */
function shaped<T>(schema: z.ZodType<T>, body: unknown): T {
  const result = strict(schema).safeParse(body);
  if (!result.success) throw new Error(`${z.prettifyError(result.error)}\n${JSON.stringify(body, null, 2)}`);
  return result.data as T;
}

describe('the strict helper', () => {
  it('refuses an extra field and a missing one, also in nested objects', () => {
    const user = { id: '00000000-0000-0000-0000-000000000000', name: 'A', username: 'a', email: null };
    expect(() => shaped(userSchema, { ...user, telegramUsername: null })).not.toThrow();
    expect(() => shaped(userSchema, user)).toThrow();
    expect(() => shaped(userSchema, { ...user, telegramUsername: null, passwordHash: 'x' })).toThrow();
    const entry = {
      id: user.id,
      date: '2026-01-01T00:00:00.000Z',
      action: 'X',
      message: 'x',
      details: null,
      actor: { id: user.id, name: 'A' },
    };
    expect(() => shaped(logEntrySchema, entry)).not.toThrow();
    expect(() => shaped(logEntrySchema, { ...entry, actor: { ...entry.actor, userId: user.id } })).toThrow();
  });
});

describe('the REST presenter', () => {
  const server = useServer();
  const app = () => server.app;

  let ann: { c: Client; user: User };
  let groupId: string;
  let me: string;
  let bob: string;
  let cat: string;

  beforeAll(async () => {
    ann = await signUp(app, 'Ann');
    const g = await createGroup(ann.c, ['Bob', 'Cat']);
    groupId = g.id;
    me = g.meId;
    bob = g.seat('Bob');
    cat = g.seat('Cat');
  });

  async function post(body: Record<string, unknown>, gid = groupId) {
    const res = await ann.c.post(`/api/groups/${gid}/expenses`, body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return json<{ id: string }>(res).id;
  }

  async function listed(id: string, gid = groupId): Promise<ListedExpense> {
    const found = (await expensesOf(ann.c, gid)).find((e) => e.id === id);
    if (!found) throw new Error(`expense ${id} not listed`);
    return found;
  }

  /** Every row an expense write may touch, to compare before and after a refusal. */
  async function rows() {
    const d = server.db.db;
    const sorted = (list: unknown[]) => list.map((r) => JSON.stringify(r)).sort();
    return {
      expenses: sorted(await d.select().from(expenses)),
      payers: sorted(await d.select().from(expensePayers)),
      splits: sorted(await d.select().from(expenseSplits)),
      items: sorted(await d.select().from(expenseItems)),
      logs: sorted(await d.select().from(groupLogs)),
    };
  }

  describe('answers exactly the documented shapes', () => {
    it('GET /api/auth/me, GET /api/groups and GET /api/groups/{id}', async () => {
      const meRes = await ann.c.get('/api/auth/me');
      expect(meRes.status).toBe(200);
      expect(shaped(userSchema, meRes.body)).toMatchObject({ id: ann.user.id, name: 'Ann' });

      const list = await ann.c.get('/api/groups');
      expect(list.status).toBe(200);
      expect(shaped(z.array(groupSchema), list.body).map((g) => g.id)).toContain(groupId);

      const one = await ann.c.get(`/api/groups/${groupId}`);
      expect(one.status).toBe(200);
      expect(shaped(groupSchema, one.body).users.map((u) => u.memberId)).toEqual([me, bob, cat]);
    });

    it('GET /api/groups/{id}/expenses: an expense with items, a settlement, and a removed member named', async () => {
      const g = await createGroup(ann.c, ['Dan', 'Eve']);
      const [dan, eve] = [g.seat('Dan'), g.seat('Eve')];
      await post(
        {
          name: 'Receipt',
          amount: '15,50',
          paidById: dan,
          splitMethod: 'amounts',
          splits: { [g.meId]: 12.5, [dan]: '3' },
          category: 'food',
          notes: 'kept',
          snapshot: '[]',
          items: [
            {
              name: 'Pizza',
              number: 2,
              amount: '12,50',
              splitMethod: 'members',
              splitJson: JSON.stringify([g.meId]),
            },
            { name: 'Tea', amount: 3, splitMethod: 'shares', splitJson: JSON.stringify({ [dan]: 1 }) },
          ],
        },
        g.id,
      );
      await post({ amount: 7, settlement: true, settlementFromId: eve, settlementToId: g.meId }, g.id);
      expect((await ann.c.delete(`/api/groups/${g.id}/members/by-member/${dan}`)).status).toBe(204);

      const res = await ann.c.get(`/api/groups/${g.id}/expenses`);
      expect(res.status).toBe(200);
      const [settlement, receipt] = shaped(z.array(listedExpenseSchema), res.body);
      expect(receipt).toMatchObject({
        amount: 15.5,
        splits: { [g.meId]: 12.5, [dan]: 3 },
        memberNames: { [dan]: 'Dan' },
        items: [
          { name: 'Pizza', number: 2, amount: 12.5 },
          { name: 'Tea', number: 1, amount: 3 },
        ],
      });
      expect(settlement).toMatchObject({ amount: 7, settlement: true, splits: { [g.meId]: 7 } });
      expect(receipt!.items.map((i) => [i.splitMethod, JSON.parse(i.splitJson)])).toEqual([
        ['members', [g.meId]],
        ['shares', { [dan]: 1 }],
      ]);

      // One expense read on its own is the whole spec's expense, its snapshot included.
      const one = await ann.c.get(`/api/groups/expenses/${receipt!.id}`);
      expect(one.status).toBe(200);
      expect(shaped(expenseSchema, one.body)).toEqual({
        ...receipt,
        snapshot: '[]',
        recurrence: null,
        nextDate: null,
      });
    });

    it('GET /api/groups/{id}/balances: decimals, settlements apart, debts with user ids', async () => {
      const g = await createGroup(ann.c, ['Fay']);
      const fay = g.seat('Fay');
      await post(
        { name: 'Tickets', amount: '100,01', paidById: g.meId, sharesInput: { [g.meId]: 1, [fay]: 1 } },
        g.id,
      );
      await post({ amount: '20,5', settlement: true, settlementFromId: fay, settlementToId: g.meId }, g.id);

      const res = await ann.c.get(`/api/groups/${g.id}/balances`);
      expect(res.status).toBe(200);
      expect(shaped(balancesSchema, res.body)).toEqual({
        currency: 'EUR',
        total: 100.01,
        members: [
          {
            memberId: g.meId,
            name: 'Ann',
            paid: 100.01,
            owed: 50.01,
            settlementsPaid: 0,
            settlementsReceived: 20.5,
            net: 29.5,
            removed: false,
          },
          {
            memberId: fay,
            name: 'Fay',
            paid: 0,
            owed: 50,
            settlementsPaid: 20.5,
            settlementsReceived: 0,
            net: -29.5,
            removed: false,
          },
        ],
        debts: [{ fromUserId: fay, toUserId: g.meId, amount: 29.5 }],
      });
    });

    it('GET /api/groups/{id}/logs: an amount reads as decimal text, and no cents leak', async () => {
      const g = await createGroup(ann.c, ['Gus']);
      const id = await post({ name: 'Pizza', amount: 1200.5, paidById: g.meId }, g.id);
      await post(
        { amount: '0,07', settlement: true, settlementFromId: g.seat('Gus'), settlementToId: g.meId },
        g.id,
      );

      const res = await ann.c.get(`/api/groups/${g.id}/logs`);
      expect(res.status).toBe(200);
      const logs = shaped(z.array(logEntrySchema), res.body);
      expect(logs.map((l) => [l.action, l.details])).toEqual([
        [
          'SETTLEMENT_CREATED',
          {
            expenseId: expect.any(String),
            name: 'Settlement payment',
            amount: '0.07',
            currency: 'EUR',
            fromName: 'Gus',
            toName: 'Ann',
          },
        ],
        ['EXPENSE_CREATED', { expenseId: id, name: 'Pizza', amount: '1200.50', currency: 'EUR' }],
        ['GROUP_CREATED', { name: 'Trip', currency: 'EUR' }],
      ]);
      expect(JSON.stringify(res.body)).not.toContain('amountCents');
    });
  });

  describe('converts decimals exactly, both ways', () => {
    // Values whose binary doubles are not what they print (0.29 * 100 = 28.999…), the cent, the
    // largest amount, and the text forms a Russian keyboard or Intl formatting produce.
    it.each<[number | string, number]>([
      [0.01, 0.01],
      [0.07, 0.07],
      [0.29, 0.29],
      [1.15, 1.15],
      [4.35, 4.35],
      [100.1, 100.1],
      [1234.56, 1234.56],
      [123_456_789_012.34, 123_456_789_012.34],
      [999_999_999_999.99, 999_999_999_999.99],
      [1e12, 1e12],
      ['1 234,56', 1234.56],
      ['1\u00a0234,56', 1234.56],
      ['1\u202f234,56', 1234.56],
      ['0,01', 0.01],
      ['100.10', 100.1],
      ['999 999 999 999,99', 999_999_999_999.99],
    ])('%j reads back as %d in the amount, a split and an item', async (sent, shown) => {
      const id = await post({
        name: 'Exact',
        amount: sent,
        paidById: me,
        splitMethod: 'amounts',
        splits: { [bob]: sent },
        items: [
          { name: 'All of it', amount: sent, splitMethod: 'members', splitJson: JSON.stringify([bob]) },
        ],
      });
      const expense = await listed(id);
      expect(expense.amount).toBe(shown);
      expect(expense.splits).toEqual({ [bob]: shown });
      expect(expense.items.map((i) => i.amount)).toEqual([shown]);
      expect(toCents(expense.amount)).toBe(toCents(shown));
    });

    it('an amount read back and sent again is the same expense (a PUT of a GET changes nothing)', async () => {
      const id = await post({
        name: 'Trip',
        amount: '1 000,03',
        paidById: me,
        splitMethod: 'amounts',
        splits: { [me]: 0.29, [bob]: '499,87', [cat]: 499.87 },
        items: [
          { name: 'Boat', amount: 0.29, splitMethod: 'members', splitJson: JSON.stringify([me]) },
          {
            name: 'Hotel',
            amount: '999,74',
            splitMethod: 'amounts',
            splitJson: JSON.stringify({ [bob]: 499.87, [cat]: '499,87' }),
          },
        ],
        snapshot: JSON.stringify([
          { name: 'Boat', number: 1, amount: 0.29, splitMethod: 'members', splitJson: JSON.stringify([me]) },
        ]),
      });
      const before = json<Expense>(await ann.c.get(`/api/groups/expenses/${id}`));
      expect(before.items[1]).toMatchObject({ amount: 999.74, splitMethod: 'amounts' });
      // Decimal again, exactly; the stored map keeps no key order, so compare it parsed.
      expect(JSON.parse(before.items[1]!.splitJson)).toEqual({ [bob]: 499.87, [cat]: 499.87 });
      const res = await ann.c.put(`/api/groups/expenses/${id}`, before);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      // The items keep their ids, and the snapshot sent back as it was is no change.
      expect(json<Expense>(await ann.c.get(`/api/groups/expenses/${id}`))).toEqual({ ...before, version: 2 });
    });
  });

  describe('refuses a bad decimal with 400 INVALID_AMOUNT naming the field, writing nothing', () => {
    const amounts = (splits: Record<string, unknown>) => ({
      name: 'Bad',
      amount: 10,
      paidById: me,
      splitMethod: 'amounts',
      splits,
    });
    const withItems = (items: Record<string, unknown>[]) => ({
      name: 'Bad item',
      amount: 10,
      paidById: me,
      splitMethod: 'shares',
      items: items.map((item) => ({
        name: 'I',
        splitMethod: 'members',
        splitJson: JSON.stringify([me]),
        ...item,
      })),
    });

    it.each<[string, unknown]>([
      ['three decimals', '4.999'],
      ['three decimals as a number', 4.999],
      ['text', 'abc'],
      ['an exponent', '1e3'],
      ['two separators', '12,3,4'],
      ['a negative amount', -1],
      ['more than the maximum', 1e13],
      ['an empty string', ''],
    ])('in splits.<id>: %s', async (_, bad) => {
      const before = await rows();
      expectError(
        await ann.c.post(`/api/groups/${groupId}/expenses`, amounts({ [me]: 5, [bob]: bad })),
        400,
        'INVALID_AMOUNT',
        `splits.${bob}`,
      );
      expect(await rows()).toEqual(before);
    });

    it.each<[string, unknown]>([
      ['three decimals', '12,345'],
      ['text', 'x'],
      ['zero', 0],
      ['a negative amount', '-5'],
      ['more than the maximum', '10000000000000'],
      ['an exponent', 1e-7],
    ])('in items.<n>.amount: %s', async (_, bad) => {
      const before = await rows();
      expectError(
        await ann.c.post(`/api/groups/${groupId}/expenses`, withItems([{ amount: bad }])),
        400,
        'INVALID_AMOUNT',
        'items.0.amount',
      );
      expectError(
        await ann.c.post(`/api/groups/${groupId}/expenses`, withItems([{ amount: 1 }, { amount: bad }])),
        400,
        'INVALID_AMOUNT',
        'items.1.amount',
      );
      expect(await rows()).toEqual(before);
    });

    it('in an update: the expense, its splits, items and the logs stay as they were', async () => {
      const id = await post({
        name: 'Keep',
        amount: 10,
        paidById: me,
        splitMethod: 'amounts',
        splits: { [me]: 4, [bob]: 6 },
        items: [{ name: 'Soup', amount: 10, splitMethod: 'members', splitJson: JSON.stringify([me, bob]) }],
      });
      const before = await rows();
      const put = (body: Record<string, unknown>) => ann.c.put(`/api/groups/expenses/${id}`, body);
      expectError(await put(amounts({ [me]: '4,001' })), 400, 'INVALID_AMOUNT', `splits.${me}`);
      expectError(await put(withItems([{ amount: 'ten' }])), 400, 'INVALID_AMOUNT', 'items.0.amount');
      expectError(await put({ ...amounts({ [me]: 10 }), amount: '10.001' }), 400, 'INVALID_AMOUNT', 'amount');
      expect(await rows()).toEqual(before);
      expect((await listed(id)).version).toBe(1);
    });
  });
});
