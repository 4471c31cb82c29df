import { beforeAll, describe, expect, it } from 'vitest';
import { useServer } from './harness';
import {
  balancesOf,
  type Client,
  createGroup,
  type Expense,
  expectError,
  json,
  signUp,
  type User,
} from './helpers';

/**
 * Receipt items over REST (spec §7): PUT /api/groups/expenses/{id} with items in the spec's
 * shape (splitMethod + splitJson text, decimal amounts). Ann is the admin; Bob claimed a seat.
 */
describe('REST receipt items', () => {
  const server = useServer();
  const app = () => server.app;

  let ann: { c: Client; user: User };
  let bob: { c: Client; user: User };
  let groupId: string;
  let me: string;
  let bobSeat: string;
  let cat: string;

  beforeAll(async () => {
    ann = await signUp(app, 'Ann');
    bob = await signUp(app, 'Bob');
    const g = await createGroup(ann.c, ['Bob', 'Cat']);
    groupId = g.id;
    me = g.meId;
    bobSeat = g.seat('Bob');
    cat = g.seat('Cat');
    const invite = await ann.c.post(`/api/invites/group/${groupId}`);
    const { token } = json<{ token: string }>(invite);
    expect((await bob.c.post(`/api/invites/${token}/claim/${bobSeat}`)).status).toBe(200);
  });

  const receipt = () => ({
    name: 'Dinner',
    amount: '33,01',
    paidById: me,
    splitMethod: 'shares',
    items: [
      {
        name: 'Pizza',
        number: 1,
        amount: '10,01',
        splitMethod: 'members',
        splitJson: JSON.stringify([me, bobSeat]),
      },
      {
        name: 'Wine',
        number: 2,
        amount: 20,
        splitMethod: 'percentages',
        splitJson: JSON.stringify({ [me]: 50, [bobSeat]: 25, [cat]: 25 }),
      },
      { name: 'Juice', amount: 3, splitMethod: 'amounts', splitJson: JSON.stringify({ [cat]: '3,00' }) },
    ],
  });

  async function create(c: Client, body: Record<string, unknown> = receipt()) {
    const res = await c.post(`/api/groups/${groupId}/expenses`, body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return json<{ id: string }>(res).id;
  }

  async function read(id: string) {
    const res = await ann.c.get(`/api/groups/expenses/${id}`);
    expect(res.status).toBe(200);
    return json<Expense>(res);
  }

  it('derives the expense from its items: amounts mode, exact decimal parts, balances to match', async () => {
    const g = await createGroup(ann.c, ['Bob', 'Cat']);
    const [b, c] = [g.seat('Bob'), g.seat('Cat')];
    const res = await ann.c.post(`/api/groups/${g.id}/expenses`, {
      name: 'Dinner',
      amount: 33.01,
      paidById: g.meId,
      items: [
        { name: 'Pizza', amount: 10.01, splitMethod: 'members', splitJson: JSON.stringify([g.meId, b]) },
        {
          name: 'Wine',
          amount: 20,
          splitMethod: 'percentages',
          splitJson: JSON.stringify({ [g.meId]: 50, [b]: 25, [c]: 25 }),
        },
        { name: 'Juice', amount: 3, splitMethod: 'amounts', splitJson: JSON.stringify({ [c]: 3 }) },
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const expense = await read(json<{ id: string }>(res).id);
    expect(expense).toMatchObject({
      amount: 33.01,
      splitMethod: 'amounts',
      splits: { [g.meId]: 15.01, [b]: 10, [c]: 8 },
    });
    const balances = await balancesOf(ann.c, g.id);
    expect(balances.members.map((m) => [m.memberId, m.owed])).toEqual([
      [g.meId, 15.01],
      [b, 10],
      [c, 8],
    ]);
  });

  it('PUT keeps the ids of items sent with one and removes the items left out', async () => {
    const id = await create(ann.c);
    const before = await read(id);
    const [pizza, wine] = before.items;
    const res = await ann.c.put(`/api/groups/expenses/${id}`, {
      ...before,
      amount: 30.01,
      items: [
        wine,
        { ...pizza, name: 'Big pizza' },
        { name: 'Bread', amount: 0, splitMethod: 'members', splitJson: '[]' },
      ],
    });
    // An item of 0 is refused first: items are above 0.
    expectError(res, 400, 'INVALID_AMOUNT', 'items.2.amount');
    const ok = await ann.c.put(`/api/groups/expenses/${id}`, {
      ...before,
      amount: 30.01,
      items: [wine, { ...pizza, name: 'Big pizza' }],
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const after = await read(id);
    expect(after.items.map((i) => [i.id, i.name])).toEqual([
      [wine!.id, 'Wine'],
      [pizza!.id, 'Big pizza'],
    ]);
    expect(after.splits).toEqual({ [me]: 15.01, [bobSeat]: 10, [cat]: 5 });
  });

  it.each<[string, (body: ReturnType<typeof receipt>) => unknown, number, string, string]>([
    [
      'amounts that do not make the item',
      (b) => ({
        ...b,
        items: [b.items[0], b.items[1], { ...b.items[2], splitJson: JSON.stringify({ [cat]: 2.5 }) }],
      }),
      400,
      'INVALID_SPLIT',
      'items.2.split',
    ],
    [
      'percentages that do not make 100',
      (b) => ({
        ...b,
        items: [
          b.items[0],
          { ...b.items[1], splitJson: JSON.stringify({ [me]: 50, [cat]: 49 }) },
          b.items[2],
        ],
      }),
      400,
      'INVALID_SPLIT',
      'items.1.split',
    ],
    [
      'split text that is not JSON',
      (b) => ({ ...b, items: [b.items[0], { ...b.items[1], splitJson: '{' }, b.items[2]] }),
      400,
      'VALIDATION_ERROR',
      'items.1.splitJson',
    ],
    [
      'a map where a member list belongs',
      (b) => ({
        ...b,
        items: [{ ...b.items[0], splitJson: JSON.stringify({ [me]: 1 }) }, b.items[1], b.items[2]],
      }),
      400,
      'VALIDATION_ERROR',
      'items.0.splitJson',
    ],
    [
      'an amount with three decimals inside the split',
      (b) => ({
        ...b,
        items: [b.items[0], b.items[1], { ...b.items[2], splitJson: JSON.stringify({ [cat]: 2.999 }) }],
      }),
      400,
      'INVALID_AMOUNT',
      'items.2.splitJson.<cat>',
    ],
    [
      'an amount that is not the items’ sum',
      (b) => ({ ...b, amount: 33 }),
      400,
      'VALIDATION_ERROR',
      'amount',
    ],
    [
      'a snapshot that is not a list of items',
      (b) => ({ ...b, snapshot: '{"a":1}' }),
      400,
      'VALIDATION_ERROR',
      'snapshot',
    ],
  ])('PUT refuses %s with the field at fault and writes nothing', async (_, change, status, code, field) => {
    const id = await create(ann.c);
    const before = await read(id);
    const sent = change(receipt());
    expectError(
      await ann.c.put(`/api/groups/expenses/${id}`, sent),
      status,
      code,
      field.replace('<cat>', cat),
    );
    expect(await read(id)).toEqual(before);
  });

  it('lets a member who did not create the expense press member chips, and nothing more', async () => {
    const id = await create(ann.c);
    const before = await read(id);
    const [pizza, wine, juice] = before.items;
    // Bob joins the juice: a members split now.
    const chips = await bob.c.put(`/api/groups/expenses/${id}`, {
      ...before,
      items: [pizza, wine, { ...juice, splitMethod: 'members', splitJson: JSON.stringify([bobSeat, cat]) }],
    });
    expect(chips.status, JSON.stringify(chips.body)).toBe(200);
    expect((await read(id)).splits).toEqual({ [me]: 15.01, [bobSeat]: 11.5, [cat]: 6.5 });

    const now = await read(id);
    const rename = await bob.c.put(`/api/groups/expenses/${id}`, {
      ...now,
      items: [{ ...pizza, name: 'Pie' }, ...now.items.slice(1)],
    });
    expectError(rename, 403, 'FORBIDDEN', 'items.0');
    const shares = await bob.c.put(`/api/groups/expenses/${id}`, {
      ...now,
      items: [
        { ...now.items[0], splitMethod: 'shares', splitJson: JSON.stringify({ [bobSeat]: 1 }) },
        ...now.items.slice(1),
      ],
    });
    expectError(shares, 403, 'FORBIDDEN', 'items.0.split');
    expect(await read(id)).toEqual(now);

    // On his own expense the menu is his.
    const own = await create(bob.c);
    const mine = await read(own);
    const edited = await bob.c.put(`/api/groups/expenses/${own}`, {
      ...mine,
      amount: 10.01,
      items: [{ ...mine.items[0], name: 'Pie' }],
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
  });

  it('keeps the snapshot as first recognised: GET shows it as JSON text, a changed one is refused', async () => {
    const recognised = [
      { name: 'Pizza', number: 1, amount: 10.01, splitMethod: 'members', splitJson: JSON.stringify([me]) },
    ];
    const id = await create(ann.c, { ...receipt(), snapshot: JSON.stringify(recognised) });
    const expense = await read(id);
    expect(JSON.parse(expense.snapshot!)).toEqual(recognised);
    const listed = json<Expense[]>(await ann.c.get(`/api/groups/${groupId}/expenses`)).find(
      (e) => e.id === id,
    );
    expect(listed).not.toHaveProperty('snapshot');

    expectError(
      await ann.c.put(`/api/groups/expenses/${id}`, {
        ...expense,
        snapshot: JSON.stringify([{ ...recognised[0], amount: 11 }]),
      }),
      400,
      'VALIDATION_ERROR',
      'snapshot',
    );
    const { snapshot: _snapshot, ...withoutSnapshot } = expense;
    const renamed = await ann.c.put(`/api/groups/expenses/${id}`, { ...withoutSnapshot, name: 'Renamed' });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect((await read(id)).snapshot).toBe(expense.snapshot);
  });
});
