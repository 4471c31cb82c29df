import { expenseItems, expensePayers, expenseSplits, expenses, groupLogs } from '@dolya/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { toAppError } from '../src/error-mapping';
import { logActions, refusal, setSeatStatus, snapshot, trio, unknownId } from './fixtures';
import { useTestDatabase } from './harness';

const db = useTestDatabase();

/** Alice (admin), Bob and Carl in that group order, and helpers to read back one expense. */
async function setup() {
  const t = await trio(db.current.db);
  const call = async () => t.alice.call();
  const list = async () => (await call()).expenses.list({ groupId: t.groupId });
  const one = async (id: string) => {
    const found = (await list()).find((e) => e.id === id);
    if (!found) throw new Error(`expense ${id} is not listed`);
    return found;
  };
  const create = async (input: Record<string, unknown>) =>
    (await call()).expenses.create({ groupId: t.groupId, name: 'Dinner', ...input } as never);
  const balances = async () => (await call()).balances.get({ groupId: t.groupId });
  return { ...t, call, list, one, create, balances };
}

describe('shares', () => {
  it('gives the rounding remainder to the payer when the payer participates', async () => {
    const s = await setup();
    const { id } = await s.create({
      amount: 100,
      paidById: s.b,
      sharesInput: { [s.a]: 1, [s.b]: 1, [s.c]: 1 },
    });
    const expense = await s.one(id);
    expect(expense).toMatchObject({
      name: 'Dinner',
      amount: 100,
      paidById: s.b,
      splitMethod: 'shares',
      participants: [s.a, s.b, s.c],
      splits: { [s.a]: 33.33, [s.b]: 33.34, [s.c]: 33.33 },
      sharesInput: { [s.a]: 1, [s.b]: 1, [s.c]: 1 },
      percentagesInput: null,
      settlement: false,
      version: 1,
    });
  });

  it('gives it to the first participant in group order when the payer does not participate', async () => {
    const s = await setup();
    // Keys in reverse order: group order decides, not the order of the input.
    const { id } = await s.create({
      amount: '0,05',
      paidById: s.a,
      sharesInput: { [s.c]: 1, [s.b]: 1, [s.a]: 0 },
    });
    const expense = await s.one(id);
    expect(expense.splits).toEqual({ [s.b]: 0.03, [s.c]: 0.02 });
    expect(expense.participants).toEqual([s.b, s.c]);
  });

  it('splits proportionally to the shares', async () => {
    const s = await setup();
    const { id } = await s.create({
      amount: 10,
      paidById: s.a,
      sharesInput: { [s.a]: 2, [s.b]: 1, [s.c]: 0 },
    });
    expect((await s.one(id)).splits).toEqual({ [s.a]: 6.67, [s.b]: 3.33 });
  });

  it('uses equal shares of the named participants, else every seat’s default share', async () => {
    const s = await setup();
    await (await s.call()).groups.update({ groupId: s.groupId, users: [{ memberId: s.c, share: 2 }] });
    const named = await s.create({ amount: 10, paidById: s.a, participants: [s.a, s.c] });
    expect(await s.one(named.id)).toMatchObject({
      splits: { [s.a]: 5, [s.c]: 5 },
      sharesInput: { [s.a]: 1, [s.c]: 1 },
    });
    const defaults = await s.create({ amount: 100, paidById: s.a });
    expect((await s.one(defaults.id)).splits).toEqual({ [s.a]: 25, [s.b]: 25, [s.c]: 50 });
  });

  it("ignores the client's splits: the server recomputes them from the shares", async () => {
    const s = await setup();
    const { id } = await s.create({
      amount: 30,
      paidById: s.a,
      sharesInput: { [s.a]: 1, [s.b]: 1, [s.c]: 1 },
      splits: { [s.a]: 0, [s.b]: 30, [s.c]: 0 },
    });
    expect((await s.one(id)).splits).toEqual({ [s.a]: 10, [s.b]: 10, [s.c]: 10 });
  });

  it('refuses all-zero shares with INVALID_SPLIT', async () => {
    const s = await setup();
    const error = await refusal(s.create({ amount: 10, paidById: s.a, sharesInput: { [s.a]: 0, [s.b]: 0 } }));
    expect(error).toMatchObject({ appCode: 'INVALID_SPLIT', field: 'participants' });
  });
});

describe('percentages', () => {
  it('splits 33.33 / 33.33 / 33.34 exactly, the remainder to the payer', async () => {
    const s = await setup();
    const percentagesInput = { [s.a]: 33.33, [s.b]: 33.33, [s.c]: 33.34 };
    const round = await s.create({
      amount: 100,
      paidById: s.b,
      splitMethod: 'percentages',
      percentagesInput,
    });
    expect(await s.one(round.id)).toMatchObject({
      splitMethod: 'percentages',
      splits: { [s.a]: 33.33, [s.b]: 33.33, [s.c]: 33.34 },
      percentagesInput,
      sharesInput: null,
    });
    const small = await s.create({ amount: 10, paidById: s.b, splitMethod: 'percentages', percentagesInput });
    expect((await s.one(small.id)).splits).toEqual({ [s.a]: 3.33, [s.b]: 3.34, [s.c]: 3.33 });
  });

  it('allocates only the given share of a not fully allocated expense; the payer bears the rest', async () => {
    const s = await setup();
    const { id } = await s.create({
      amount: 80,
      paidById: s.b,
      splitMethod: 'percentages',
      percentagesInput: { [s.a]: 50 },
    });
    expect((await s.one(id)).splits).toEqual({ [s.a]: 40 });
    const { members } = await s.balances();
    expect(members.map((m) => [m.name, m.paid, m.owed, m.net])).toEqual([
      ['Alice', 0, 40, -40],
      ['Bob', 80, 40, 40],
      ['Carl', 0, 0, 0],
    ]);
  });

  it('refuses a missing percentagesInput and a percentage above 100', async () => {
    const s = await setup();
    expect(await refusal(s.create({ amount: 10, paidById: s.a, splitMethod: 'percentages' }))).toMatchObject({
      appCode: 'VALIDATION_ERROR',
      field: 'percentagesInput',
    });
    const above = await refusal(
      s.create({ amount: 10, paidById: s.a, splitMethod: 'percentages', percentagesInput: { [s.a]: 100.5 } }),
    );
    expect(above.appCode).toBe('VALIDATION_ERROR');
  });
});

describe('amounts', () => {
  it('keeps the given splits, accepting comma decimals and spaces; zero is no participant', async () => {
    const s = await setup();
    const { id } = await s.create({
      amount: '1 030,50',
      paidById: s.c,
      splitMethod: 'amounts',
      splits: { [s.a]: '10,50', [s.b]: 1020, [s.c]: '0' },
    });
    expect(await s.one(id)).toMatchObject({
      amount: 1030.5,
      splitMethod: 'amounts',
      splits: { [s.a]: 10.5, [s.b]: 1020 },
      participants: [s.a, s.b],
      sharesInput: null,
      percentagesInput: null,
    });
  });

  it('stores an under-allocated expense as given; balances book the rest to the payer', async () => {
    const s = await setup();
    const { id } = await s.create({
      amount: 30,
      paidById: s.a,
      splitMethod: 'amounts',
      splits: { [s.b]: 20 },
    });
    expect((await s.one(id)).splits).toEqual({ [s.b]: 20 });
    const { members } = await s.balances();
    expect(members.map((m) => [m.paid, m.owed, m.net])).toEqual([
      [30, 10, 20],
      [0, 20, -20],
      [0, 0, 0],
    ]);
  });

  it.each<[string | number, string]>([
    ['-5', 'a negative amount'],
    ['10.505', 'three decimals'],
    [10.505, 'three decimals as a number'],
    ['0', 'zero'],
    ['1e3', 'an exponent'],
    ['12,3,4', 'two separators'],
  ])('refuses %s (%s) with INVALID_AMOUNT on the amount field', async (amount) => {
    const s = await setup();
    const before = await snapshot(db.current.db);
    const error = await refusal(
      s.create({ amount, paidById: s.a, splitMethod: 'amounts', splits: { [s.a]: 1 } }),
    );
    expect(error).toMatchObject({ appCode: 'INVALID_AMOUNT', field: 'amount' });
    expect(await snapshot(db.current.db)).toEqual(before);
  });

  it('refuses a negative or three-decimal split with INVALID_AMOUNT naming the split', async () => {
    const s = await setup();
    for (const bad of ['-1', '1.001']) {
      const error = await refusal(
        s.create({ amount: 10, paidById: s.a, splitMethod: 'amounts', splits: { [s.a]: 5, [s.b]: bad } }),
      );
      expect(error).toMatchObject({ appCode: 'INVALID_AMOUNT', field: `splits.${s.b}` });
    }
  });

  it('refuses all-zero or missing splits', async () => {
    const s = await setup();
    expect(
      await refusal(s.create({ amount: 10, paidById: s.a, splitMethod: 'amounts', splits: { [s.a]: 0 } })),
    ).toMatchObject({ appCode: 'INVALID_SPLIT', field: 'participants' });
    expect(await refusal(s.create({ amount: 10, paidById: s.a, splitMethod: 'amounts' }))).toMatchObject({
      appCode: 'VALIDATION_ERROR',
      field: 'splits',
    });
  });
});

describe('settlements', () => {
  it('records the payment from settlementFromId, the whole amount to the recipient', async () => {
    const s = await setup();
    const { id } = await s.create({
      name: '',
      amount: '25,10',
      settlement: true,
      paidById: s.c,
      settlementFromId: s.b,
      settlementToId: s.a,
      splitMethod: 'shares',
      splits: { [s.b]: 25.1 },
      sharesInput: { [s.c]: 1 },
    });
    expect(await s.one(id)).toMatchObject({
      name: 'Settlement payment',
      amount: 25.1,
      settlement: true,
      paidById: s.b,
      settlementFromId: s.b,
      settlementToId: s.a,
      participants: [s.a],
      splits: { [s.a]: 25.1 },
      splitMethod: 'amounts',
      sharesInput: null,
      percentagesInput: null,
    });
    expect(await logActions(db.current.db, s.groupId)).toContain('SETTLEMENT_CREATED');
    const { members, total } = await s.balances();
    expect(total).toBe(0);
    expect(members.map((m) => m.net)).toEqual([-25.1, 25.1, 0]);
  });

  it('keeps a name given to a settlement', async () => {
    const s = await setup();
    const { id } = await s.create({
      name: 'Cash back',
      amount: 5,
      settlement: true,
      settlementFromId: s.b,
      settlementToId: s.a,
    });
    expect((await s.one(id)).name).toBe('Cash back');
  });

  it('refuses a settlement to oneself', async () => {
    const s = await setup();
    const error = await refusal(
      s.create({ amount: 5, settlement: true, settlementFromId: s.b, settlementToId: s.b }),
    );
    expect(error).toMatchObject({ appCode: 'VALIDATION_ERROR', field: 'settlementToId' });
  });
});

describe('member ids', () => {
  it.each([
    ['paidById', (s: Ctx, x: string) => ({ amount: 10, paidById: x, participants: [s.a] })],
    [
      'sharesInput.X',
      (s: Ctx, x: string) => ({ amount: 10, paidById: s.a, sharesInput: { [s.a]: 1, [x]: 1 } }),
    ],
    ['participants', (s: Ctx, x: string) => ({ amount: 10, paidById: s.a, participants: [s.a, x] })],
    [
      'percentagesInput.X',
      (s: Ctx, x: string) => ({
        amount: 10,
        paidById: s.a,
        splitMethod: 'percentages',
        percentagesInput: { [x]: 100 },
      }),
    ],
    [
      'splits.X',
      (s: Ctx, x: string) => ({ amount: 10, paidById: s.a, splitMethod: 'amounts', splits: { [x]: 10 } }),
    ],
    [
      'settlementFromId',
      (s: Ctx, x: string) => ({ amount: 10, settlement: true, settlementFromId: x, settlementToId: s.a }),
    ],
    [
      'settlementToId',
      (s: Ctx, x: string) => ({ amount: 10, settlement: true, settlementFromId: s.a, settlementToId: x }),
    ],
  ])('refuses an unknown id in %s with INVALID_MEMBER naming the field', async (field, input) => {
    const s = await setup();
    const x = unknownId();
    const error = await refusal(s.create(input(s, x)));
    expect(error.appCode).toBe('INVALID_MEMBER');
    // Participants become share keys, so a bad participant is reported there.
    expect(error.field).toBe(field === 'participants' ? `sharesInput.${x}` : field.replace('X', x));
  });

  it('refuses a removed seat in a new expense, but keeps it usable in the expenses that already name it', async () => {
    const s = await setup();
    const old = await s.create({ amount: 30, paidById: s.c, sharesInput: { [s.a]: 1, [s.b]: 1, [s.c]: 1 } });
    await setSeatStatus(db.current.db, s.c, 'REMOVED');
    const error = await refusal(s.create({ amount: 10, paidById: s.a, sharesInput: { [s.a]: 1, [s.c]: 1 } }));
    expect(error).toMatchObject({ appCode: 'INVALID_MEMBER', field: `sharesInput.${s.c}` });

    const listed = await s.one(old.id);
    expect(listed.memberNames).toEqual({ [s.c]: 'Carl' });
    const updated = await (await s.call()).expenses.update({ ...listed, expenseId: old.id, amount: 60 });
    expect(updated.version).toBe(2);
    expect((await s.one(old.id)).splits).toEqual({ [s.a]: 20, [s.b]: 20, [s.c]: 20 });
  });

  it('lets expenses that gave a since-removed seat a zero share be saved back unchanged', async () => {
    const s = await setup();
    await s.create({ amount: 30, paidById: s.a, sharesInput: { [s.a]: 1, [s.b]: 1, [s.c]: 0 } });
    await s.create({
      amount: 30,
      paidById: s.a,
      splitMethod: 'percentages',
      percentagesInput: { [s.a]: 50, [s.b]: 50, [s.c]: 0 },
    });
    await s.create({
      amount: 30,
      paidById: s.a,
      splitMethod: 'amounts',
      splits: { [s.a]: 30 },
      items: [
        { name: 'Tea', amount: 30, splitMethod: 'shares', splitJson: JSON.stringify({ [s.a]: 1, [s.c]: 0 }) },
      ],
    });
    await setSeatStatus(db.current.db, s.c, 'REMOVED');
    const before = await s.list();
    for (const listed of before) {
      await (await s.call()).expenses.update({ ...listed, expenseId: listed.id, name: 'Renamed' });
    }
    // Items sent back are stored anew (with new ids); everything else is as before.
    const withoutItemIds = (list: typeof before) =>
      list.map((e) => ({ ...e, items: e.items.map(({ id: _id, ...item }) => item) }));
    expect(withoutItemIds(await s.list())).toEqual(
      withoutItemIds(before.map((e) => ({ ...e, name: 'Renamed', version: 2 }))),
    );
  });
});

type Ctx = Awaited<ReturnType<typeof setup>>;

describe('expenses.update', () => {
  it('replaces the expense, bumps the version, and logs EXPENSE_UPDATED', async () => {
    const s = await setup();
    const { id } = await s.create({
      amount: 30,
      paidById: s.a,
      notes: 'first',
      category: 'food',
      date: '2026-10-03T12:00:00.000Z',
    });
    const answer = await (await s.call()).expenses.update({
      expenseId: id,
      version: 1,
      name: 'Lunch',
      amount: 12,
      paidById: s.b,
      splitMethod: 'amounts',
      splits: { [s.c]: 12 },
    });
    expect(answer).toEqual({ id, version: 2 });
    expect(await s.one(id)).toMatchObject({
      name: 'Lunch',
      amount: 12,
      paidById: s.b,
      splits: { [s.c]: 12 },
      splitMethod: 'amounts',
      sharesInput: null,
      // Not sent, so kept.
      notes: 'first',
      category: { id: 'food', name: 'Food & drink' },
      date: '2026-10-03T12:00:00.000Z',
      version: 2,
    });
    expect(await logActions(db.current.db, s.groupId)).toEqual([
      'EXPENSE_CREATED',
      'EXPENSE_UPDATED',
      'GROUP_CREATED',
    ]);
  });

  it('round-trips a listed expense of every kind unchanged', async () => {
    const s = await setup();
    await s.create({
      amount: 10,
      paidById: s.a,
      sharesInput: { [s.a]: 1, [s.b]: 2, [s.c]: 0 },
      category: 'food',
    });
    await s.create({
      amount: 10,
      paidById: s.b,
      splitMethod: 'percentages',
      percentagesInput: { [s.a]: 30, [s.c]: 60 },
    });
    await s.create({ amount: 10, paidById: s.c, splitMethod: 'amounts', splits: { [s.a]: 4, [s.b]: '6' } });
    await s.create({
      amount: 7,
      settlement: true,
      settlementFromId: s.c,
      settlementToId: s.b,
      notes: 'cash',
    });
    const before = await s.list();
    for (const expense of before)
      await (await s.call()).expenses.update({ ...expense, expenseId: expense.id });
    const after = await s.list();
    expect(after).toEqual(before.map((e) => ({ ...e, version: e.version + 1 })));
  });

  it('refuses a stale version with CONFLICT, changing nothing', async () => {
    const s = await setup();
    const { id } = await s.create({ amount: 30, paidById: s.a });
    await (await s.call()).expenses.update({
      expenseId: id,
      version: 1,
      name: 'First edit',
      amount: 31,
      paidById: s.a,
    });
    const before = await snapshot(db.current.db);
    const error = await refusal(
      (await s.call()).expenses.update({
        expenseId: id,
        version: 1,
        name: 'Stale edit',
        amount: 99,
        paidById: s.b,
      }),
    );
    expect(error).toMatchObject({ appCode: 'CONFLICT', field: 'version' });
    expect(await snapshot(db.current.db)).toEqual(before);
    // Without a version (the REST client's way) the edit goes through.
    await (await s.call()).expenses.update({ expenseId: id, name: 'Blind edit', amount: 32, paidById: s.a });
    expect(await s.one(id)).toMatchObject({ name: 'Blind edit', version: 3 });
  });

  it('answers EXPENSE_NOT_FOUND for an unknown id', async () => {
    const s = await setup();
    const error = await refusal(
      (await s.call()).expenses.update({ expenseId: unknownId(), name: 'X', amount: 1, paidById: s.a }),
    );
    expect(error.appCode).toBe('EXPENSE_NOT_FOUND');
  });
});

describe('items', () => {
  it('stores items and returns them; an update without items keeps them, with items replaces them', async () => {
    const s = await setup();
    const { id } = await s.create({
      amount: '15,50',
      paidById: s.a,
      splitMethod: 'amounts',
      splits: { [s.a]: 6.25, [s.b]: 6.25, [s.c]: 3 },
      snapshot: '[{"name":"Pizza"}]',
      items: [
        {
          name: 'Pizza',
          number: 2,
          amount: '12,50',
          splitMethod: 'members',
          splitJson: JSON.stringify([s.a, s.b]),
        },
        { name: 'Cola', amount: 3, splitMethod: 'shares', splitJson: JSON.stringify({ [s.c]: 2 }) },
      ],
    });
    const stored = await s.one(id);
    expect(stored.snapshot).toBe('[{"name":"Pizza"}]');
    expect(stored.items).toEqual([
      {
        id: expect.any(String),
        name: 'Pizza',
        number: 2,
        amount: 12.5,
        splitMethod: 'members',
        splitJson: JSON.stringify([s.a, s.b]),
      },
      {
        id: expect.any(String),
        name: 'Cola',
        number: 1,
        amount: 3,
        splitMethod: 'shares',
        splitJson: JSON.stringify({ [s.c]: 2 }),
      },
    ]);

    const { items: _items, version: _version, ...withoutItems } = stored;
    await (await s.call()).expenses.update({ ...withoutItems, expenseId: id, name: 'Still pizza' });
    expect((await s.one(id)).items).toEqual(stored.items);

    await (await s.call()).expenses.update({
      ...withoutItems,
      expenseId: id,
      items: [
        {
          name: 'Only pasta',
          amount: 15.5,
          splitMethod: 'amounts',
          splitJson: JSON.stringify({ [s.a]: 15.5 }),
        },
      ],
    });
    expect((await s.one(id)).items.map((i) => i.name)).toEqual(['Only pasta']);
    await (await s.call()).expenses.update({ ...withoutItems, expenseId: id, items: [] });
    expect((await s.one(id)).items).toEqual([]);
  });

  it('refuses malformed item splits and unknown members in them, naming the item', async () => {
    const s = await setup();
    const item = (splitMethod: string, splitJson: string) => ({
      name: 'I',
      amount: 1,
      splitMethod,
      splitJson,
    });
    const cases: [ReturnType<typeof item>, string][] = [
      [item('members', 'not json'), 'VALIDATION_ERROR'],
      [item('members', JSON.stringify({ [s.a]: 1 })), 'VALIDATION_ERROR'],
      [item('shares', JSON.stringify([s.a])), 'VALIDATION_ERROR'],
      [item('shares', JSON.stringify({ [s.a]: -1 })), 'VALIDATION_ERROR'],
      [item('members', JSON.stringify([unknownId()])), 'INVALID_MEMBER'],
    ];
    for (const [bad, code] of cases) {
      const error = await refusal(
        s.create({ amount: 2, paidById: s.a, items: [item('members', JSON.stringify([s.a])), bad] }),
      );
      expect(error, JSON.stringify(bad)).toMatchObject({ appCode: code, field: 'items.1.splitJson' });
    }
    const amount = await refusal(
      s.create({ amount: 2, paidById: s.a, items: [{ ...item('members', '[]'), amount: 0 }] }),
    );
    expect(amount).toMatchObject({ appCode: 'INVALID_AMOUNT', field: 'items.0.amount' });
  });
});

describe('categories', () => {
  it('accepts a category by id or as an object, refuses an unknown one, clears it with null', async () => {
    const s = await setup();
    const ids = (await (await s.call()).categories.list({ groupId: s.groupId })).map((c) => c.id);
    expect(ids).toEqual(expect.arrayContaining(['general', 'food', 'transport']));

    const byId = await s.create({ amount: 1, paidById: s.a, category: 'transport' });
    expect((await s.one(byId.id)).category).toEqual({ id: 'transport', name: 'Transport' });
    const byObject = await s.create({ amount: 1, paidById: s.a, category: { id: 'food', name: 'ignored' } });
    expect((await s.one(byObject.id)).category).toEqual({ id: 'food', name: 'Food & drink' });
    const none = await s.create({ amount: 1, paidById: s.a });
    expect((await s.one(none.id)).category).toBeNull();

    const before = await snapshot(db.current.db);
    expect(await refusal(s.create({ amount: 1, paidById: s.a, category: 'nope' }))).toMatchObject({
      appCode: 'VALIDATION_ERROR',
      field: 'category',
    });
    expect(
      await refusal(
        (await s.call()).expenses.update({
          expenseId: byId.id,
          name: 'X',
          amount: 1,
          paidById: s.a,
          category: 'nope',
        }),
      ),
    ).toMatchObject({ appCode: 'VALIDATION_ERROR', field: 'category' });
    expect(await snapshot(db.current.db)).toEqual(before);

    await (await s.call()).expenses.update({
      expenseId: byId.id,
      name: 'X',
      amount: 1,
      paidById: s.a,
      category: null,
    });
    expect((await s.one(byId.id)).category).toBeNull();
  });
});

describe('expenses.delete', () => {
  it('soft-deletes: gone from the list and the balances, the rows kept, a log row written', async () => {
    const s = await setup();
    const keep = await s.create({ amount: 30, paidById: s.a });
    const gone = await s.create({ amount: 60, paidById: s.b });
    expect(await (await s.call()).expenses.delete({ expenseId: gone.id })).toEqual({ ok: true });

    expect((await s.list()).map((e) => e.id)).toEqual([keep.id]);
    const { members, total } = await s.balances();
    expect(total).toBe(30);
    expect(members.map((m) => m.net)).toEqual([20, -10, -10]);
    const [row] = await db.current.db.select().from(expenses).where(eq(expenses.id, gone.id));
    expect(row!.deletedAt).toBeInstanceOf(Date);
    expect(await logActions(db.current.db, s.groupId)).toEqual([
      'EXPENSE_CREATED',
      'EXPENSE_CREATED',
      'EXPENSE_DELETED',
      'GROUP_CREATED',
    ]);

    const call = await s.call();
    expect((await refusal(call.expenses.delete({ expenseId: gone.id }))).appCode).toBe('EXPENSE_NOT_FOUND');
    expect(
      (await refusal(call.expenses.update({ expenseId: gone.id, name: 'Back', amount: 1, paidById: s.a })))
        .appCode,
    ).toBe('EXPENSE_NOT_FOUND');
  });
});

describe('atomicity', () => {
  /** Every row of one expense, and the group's logs. */
  async function rowsOf(expenseId: string, groupId: string) {
    const d = db.current.db;
    return {
      expense: await d.select().from(expenses).where(eq(expenses.id, expenseId)),
      payers: await d.select().from(expensePayers).where(eq(expensePayers.expenseId, expenseId)),
      splits: await d.select().from(expenseSplits).where(eq(expenseSplits.expenseId, expenseId)),
      items: await d.select().from(expenseItems).where(eq(expenseItems.expenseId, expenseId)),
      logs: await d.select().from(groupLogs).where(eq(groupLogs.groupId, groupId)),
    };
  }

  async function withOneExpense() {
    const s = await setup();
    const { id } = await s.create({
      amount: 30,
      paidById: s.a,
      sharesInput: { [s.a]: 1, [s.b]: 1, [s.c]: 1 },
      items: [
        { name: 'Soup', amount: 30, splitMethod: 'members', splitJson: JSON.stringify([s.a, s.b, s.c]) },
      ],
    });
    return { ...s, id };
  }

  it.each([
    ['a bad amount', (s: Ctx) => ({ amount: '1.234', paidById: s.b })],
    ['an unknown payer', () => ({ amount: 5, paidById: unknownId() })],
    [
      'an unknown split member',
      (s: Ctx) => ({ amount: 5, paidById: s.b, splitMethod: 'amounts', splits: { [unknownId()]: 5 } }),
    ],
    ['zero participants', (s: Ctx) => ({ amount: 5, paidById: s.b, sharesInput: { [s.a]: 0 } })],
    ['an unknown category', (s: Ctx) => ({ amount: 5, paidById: s.b, category: 'nope' })],
    [
      'a bad item',
      (s: Ctx) => ({
        amount: 5,
        paidById: s.b,
        items: [{ name: 'I', amount: 5, splitMethod: 'members', splitJson: '{' }],
      }),
    ],
    [
      // Passes validation, then fails in the database after the splits were already replaced.
      'an item the database refuses',
      (s: Ctx) => ({
        amount: 5,
        paidById: s.b,
        items: [
          { name: 'Nul\u0000byte', amount: 5, splitMethod: 'members', splitJson: JSON.stringify([s.a]) },
        ],
      }),
    ],
  ])(
    'leaves the expense, its splits, items and logs as they were when an update has %s',
    async (_, input) => {
      const s = await withOneExpense();
      const before = await rowsOf(s.id, s.groupId);
      const whole = await snapshot(db.current.db);
      await expect(
        (async () =>
          (await s.call()).expenses.update({ expenseId: s.id, name: 'Changed', ...input(s) } as never))(),
      ).rejects.toThrow();
      expect(await rowsOf(s.id, s.groupId)).toEqual(before);
      expect(await snapshot(db.current.db)).toEqual(whole);
    },
  );

  it('writes nothing when a create fails in the database after the expense row was inserted', async () => {
    const s = await setup();
    const before = await snapshot(db.current.db);
    await expect(
      s
        .create({
          amount: 5,
          paidById: s.a,
          items: [
            { name: 'Nul\u0000byte', amount: 5, splitMethod: 'members', splitJson: JSON.stringify([s.a]) },
          ],
        })
        .catch((error: unknown) => Promise.reject(toAppError(error))),
    ).rejects.toMatchObject({ appCode: 'VALIDATION_ERROR', status: 400 });
    expect(await snapshot(db.current.db)).toEqual(before);
  });
});
