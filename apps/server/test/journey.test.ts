import { describe, expect, it } from 'vitest';
import { client, useServer } from './harness';
import {
  type Balances,
  type Category,
  type Expense,
  expectError,
  type Group,
  json,
  type LogEntry,
  sumCents,
  toCents,
  type User,
} from './helpers';

/** Every member's net is exactly cancelled by the suggested transfers. */
function expectDebtsSettle(b: Balances) {
  const cents = new Map(b.members.map((m) => [m.memberId, toCents(m.net)]));
  for (const d of b.debts) {
    expect(d.amount).toBeGreaterThan(0);
    expect(String(d.amount)).toMatch(/^\d+(\.\d{1,2})?$/); // two decimals at most
    cents.set(d.fromUserId, (cents.get(d.fromUserId) ?? Number.NaN) + toCents(d.amount));
    cents.set(d.toUserId, (cents.get(d.toUserId) ?? Number.NaN) - toCents(d.amount));
  }
  for (const [memberId, left] of cents) expect(left, memberId).toBe(0);
}

describe('a newcomer’s first evening, through the REST calls the web app makes', () => {
  const server = useServer();
  const app = () => server.app;

  it('signs in, creates a group with two seats, splits a dinner, settles up, and the numbers are exact to the cent', async () => {
    // Registered earlier (another device); today they sign in with email and password.
    const signup = await client(app).post('/api/auth/register', {
      name: 'Nina',
      email: 'nina@example.com',
      password: 'first-evening',
    });
    expect(signup.status).toBe(201);

    const web = client(app);
    expectError(await web.get('/api/auth/me'), 401, 'UNAUTHORIZED'); // the app starts signed out
    const login = await web.post('/api/auth/login', { email: 'nina@example.com', password: 'first-evening' });
    expect(login.status).toBe(200);
    const nina = json<User>(login);
    expect(json<User>(await web.get('/api/auth/me'))).toEqual(nina);
    expect(json<Group[]>(await web.get('/api/groups'))).toEqual([]); // the empty state

    // /new: name, currency, two members without accounts.
    const created = await web.post('/api/groups', {
      name: 'Dinner club',
      currency: 'EUR',
      users: [
        { id: nina.id, name: nina.name, email: nina.email, isCurrentUser: true, isAdmin: true, share: 1 },
        { id: null, name: 'Oleg', email: null, isCurrentUser: false, isAdmin: false, share: 1 },
        { id: null, name: 'Pavel', email: null, isCurrentUser: false, isAdmin: false, share: 1 },
      ],
    });
    expect(created.status).toBe(201);
    const { id: groupId } = json<{ id: string }>(created);

    const groups = json<Group[]>(await web.get('/api/groups'));
    expect(groups.map((g) => g.id)).toEqual([groupId]);
    const group = groups[0]!;
    expect(group.users.map((u) => [u.name, u.isCurrentUser, u.isAdmin, u.username === null])).toEqual([
      ['Nina', true, true, false],
      ['Oleg', false, false, true],
      ['Pavel', false, false, true],
    ]);
    const seat = (name: string) => group.users.find((u) => u.name === name)!.memberId;
    const [me, oleg, pavel] = [seat('Nina'), seat('Oleg'), seat('Pavel')];

    const categories = json<Category[]>(await web.get(`/api/groups/${groupId}/categories`));
    const food = categories.find((c) => c.id === 'food')!;

    // /group/{id}/new-expense: 100 split by shares 1/1/1, paid by me.
    const dinner = await web.post(`/api/groups/${groupId}/expenses`, {
      name: 'Dinner',
      amount: '100',
      paidById: me,
      participants: [me, oleg, pavel],
      splits: {},
      date: new Date('2024-06-01T20:00:00Z').toISOString(),
      notes: null,
      settlement: false,
      settlementFromId: null,
      settlementToId: null,
      category: food,
      splitMethod: 'shares',
      sharesInput: { [me]: 1, [oleg]: 1, [pavel]: 1 },
      percentagesInput: null,
    });
    expect(dinner.status).toBe(201);
    const [listed] = json<Expense[]>(await web.get(`/api/groups/${groupId}/expenses`));
    expect(listed!.splits).toEqual({ [me]: 33.34, [oleg]: 33.33, [pavel]: 33.33 });

    let b = json<Balances>(await web.get(`/api/groups/${groupId}/balances`));
    expect(b.total).toBe(100);
    const unsettled = { settlementsPaid: 0, settlementsReceived: 0 };
    expect(b.members).toEqual([
      { memberId: me, name: 'Nina', paid: 100, owed: 33.34, ...unsettled, net: 66.66, removed: false },
      { memberId: oleg, name: 'Oleg', paid: 0, owed: 33.33, ...unsettled, net: -33.33, removed: false },
      { memberId: pavel, name: 'Pavel', paid: 0, owed: 33.33, ...unsettled, net: -33.33, removed: false },
    ]);
    expect(sumCents(b.members.map((m) => m.net))).toBe(0);
    expect([...b.debts].sort((x, y) => x.fromUserId.localeCompare(y.fromUserId))).toEqual(
      [
        { fromUserId: oleg, toUserId: me, amount: 33.33 },
        { fromUserId: pavel, toUserId: me, amount: 33.33 },
      ].sort((x, y) => x.fromUserId.localeCompare(y.fromUserId)),
    );
    expectDebtsSettle(b);

    // Settle up: Oleg hands Nina 20 in cash (a partial settlement, as the spec's client sends it).
    const settle = await web.post(`/api/groups/${groupId}/expenses`, {
      name: 'Settlement payment',
      amount: 20,
      paidById: oleg,
      participants: [],
      splits: {},
      date: new Date('2024-06-01T21:00:00Z').toISOString(),
      notes: null,
      settlement: true,
      settlementFromId: oleg,
      settlementToId: me,
      category: null,
      splitMethod: 'amounts',
      sharesInput: null,
      percentagesInput: null,
    });
    expect(settle.status).toBe(201);

    b = json<Balances>(await web.get(`/api/groups/${groupId}/balances`));
    expect(b).toMatchObject({ currency: 'EUR', total: 100 });
    // The cash is no spending: paid and owed stay; it shows as a settlement and moves the nets.
    expect(b.members).toEqual([
      {
        memberId: me,
        name: 'Nina',
        paid: 100,
        owed: 33.34,
        settlementsPaid: 0,
        settlementsReceived: 20,
        net: 46.66,
        removed: false,
      },
      {
        memberId: oleg,
        name: 'Oleg',
        paid: 0,
        owed: 33.33,
        settlementsPaid: 20,
        settlementsReceived: 0,
        net: -13.33,
        removed: false,
      },
      { memberId: pavel, name: 'Pavel', paid: 0, owed: 33.33, ...unsettled, net: -33.33, removed: false },
    ]);
    expect(sumCents(b.members.map((m) => m.net))).toBe(0);
    expect(b.debts).toHaveLength(2);
    expect(b.debts).toEqual(
      expect.arrayContaining([
        { fromUserId: oleg, toUserId: me, amount: 13.33 },
        { fromUserId: pavel, toUserId: me, amount: 33.33 },
      ]),
    );
    expectDebtsSettle(b);

    // Paying exactly the suggested debts clears the group.
    for (const d of b.debts) {
      const paid = await web.post(`/api/groups/${groupId}/expenses`, {
        name: 'Settlement payment',
        amount: d.amount,
        paidById: d.fromUserId,
        participants: [],
        splits: {},
        settlement: true,
        settlementFromId: d.fromUserId,
        settlementToId: d.toUserId,
        splitMethod: 'amounts',
      });
      expect(paid.status).toBe(201);
    }
    b = json<Balances>(await web.get(`/api/groups/${groupId}/balances`));
    expect(b.total).toBe(100);
    expect(b.members.map((m) => [m.paid, m.owed, m.settlementsPaid, m.settlementsReceived, m.net])).toEqual([
      [100, 33.34, 0, 66.66, 0],
      [0, 33.33, 33.33, 0, 0],
      [0, 33.33, 33.33, 0, 0],
    ]);
    expect(b.debts).toEqual([]);

    const expenses = json<Expense[]>(await web.get(`/api/groups/${groupId}/expenses`));
    expect(expenses).toHaveLength(4);
    expect(expenses.filter((e) => e.settlement)).toHaveLength(3);
    const logs = json<LogEntry[]>(await web.get(`/api/groups/${groupId}/logs`));
    expect(logs.map((l) => l.action)).toEqual([
      'SETTLEMENT_CREATED',
      'SETTLEMENT_CREATED',
      'SETTLEMENT_CREATED',
      'EXPENSE_CREATED',
      'GROUP_CREATED',
    ]);
    expect(logs.every((l) => l.actor?.id === me)).toBe(true);

    expect((await web.post('/api/auth/logout')).status).toBe(200);
    expectError(await web.get(`/api/groups/${groupId}/balances`), 401, 'UNAUTHORIZED');
  });
});
