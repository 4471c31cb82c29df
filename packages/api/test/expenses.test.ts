import { expenseItems, expensePayers, expenseSplits, expenses, groupLogs } from '@dolya/db';
import { MAX_AMOUNT_CENTS } from '@dolya/domain';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { toAppError } from '../src/error-mapping';
import {
  type Caller,
  logActions,
  refusal,
  setSeatStatus,
  setStatus,
  snapshot,
  trio,
  unknownId,
} from './fixtures';
import { signUp, useTestDatabase } from './harness';

const db = useTestDatabase();

/** Alice (admin), Bob and Carl in that group order, and helpers to read back one expense. */
async function setup() {
  const t = await trio(db.current.db);
  const call = async () => t.alice.call();
  /** The first page (every expense of these small tests), rows as listed. */
  const list = async () =>
    (
      await (
        await call()
      ).expenses.list({
        groupId: t.groupId,
        withItems: true,
        withSplitInputs: true,
        limit: 200,
      })
    ).items;
  /** A listed expense, read in full (participants, snapshot) through expenses.get. */
  const one = async (id: string) => {
    if (!(await list()).some((e) => e.id === id)) throw new Error(`expense ${id} is not listed`);
    return (await call()).expenses.get({ groupId: t.groupId, expenseId: id });
  };
  /** Every listed expense in full, in list order. */
  const full = async () => Promise.all((await list()).map((e) => one(e.id)));
  const create = async (input: ExpenseBody) =>
    (await call()).expenses.create({ groupId: t.groupId, name: 'Dinner', ...input });
  const balances = async () => (await call()).balances.get({ groupId: t.groupId });
  return { ...t, call, list, one, full, create, balances };
}

/** What expenses.create takes besides the group: money in cents. */
type ExpenseBody = Omit<Parameters<Caller['expenses']['create']>[0], 'groupId'>;

describe('shares', () => {
  it('gives the rounding remainder to the payer when the payer participates', async () => {
    const s = await setup();
    const { id } = await s.create({
      amountCents: 10_000,
      paidById: s.b,
      sharesInput: { [s.a]: 1, [s.b]: 1, [s.c]: 1 },
    });
    const expense = await s.one(id);
    expect(expense).toMatchObject({
      name: 'Dinner',
      amountCents: 10_000,
      paidById: s.b,
      splitMethod: 'shares',
      participants: [s.a, s.b, s.c],
      splitCents: { [s.a]: 3333, [s.b]: 3334, [s.c]: 3333 },
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
      amountCents: 5,
      paidById: s.a,
      sharesInput: { [s.c]: 1, [s.b]: 1, [s.a]: 0 },
    });
    const expense = await s.one(id);
    expect(expense.splitCents).toEqual({ [s.b]: 3, [s.c]: 2 });
    expect(expense.participants).toEqual([s.b, s.c]);
  });

  it('splits proportionally to the shares', async () => {
    const s = await setup();
    const { id } = await s.create({
      amountCents: 1000,
      paidById: s.a,
      sharesInput: { [s.a]: 2, [s.b]: 1, [s.c]: 0 },
    });
    expect((await s.one(id)).splitCents).toEqual({ [s.a]: 667, [s.b]: 333 });
  });

  it('uses equal shares of the named participants, else every seat’s default share', async () => {
    const s = await setup();
    await (await s.call()).groups.update({ groupId: s.groupId, users: [{ memberId: s.c, share: 2 }] });
    const named = await s.create({ amountCents: 1000, paidById: s.a, participants: [s.a, s.c] });
    expect(await s.one(named.id)).toMatchObject({
      splitCents: { [s.a]: 500, [s.c]: 500 },
      sharesInput: { [s.a]: 1, [s.c]: 1 },
    });
    const defaults = await s.create({ amountCents: 10_000, paidById: s.a });
    expect((await s.one(defaults.id)).splitCents).toEqual({ [s.a]: 2500, [s.b]: 2500, [s.c]: 5000 });
  });

  it("ignores the client's splits: the server recomputes them from the shares", async () => {
    const s = await setup();
    const { id } = await s.create({
      amountCents: 3000,
      paidById: s.a,
      sharesInput: { [s.a]: 1, [s.b]: 1, [s.c]: 1 },
      splitCents: { [s.a]: 0, [s.b]: 3000, [s.c]: 0 },
    });
    expect((await s.one(id)).splitCents).toEqual({ [s.a]: 1000, [s.b]: 1000, [s.c]: 1000 });
  });

  it('refuses all-zero shares with INVALID_SPLIT', async () => {
    const s = await setup();
    const error = await refusal(
      s.create({ amountCents: 1000, paidById: s.a, sharesInput: { [s.a]: 0, [s.b]: 0 } }),
    );
    expect(error).toMatchObject({ appCode: 'INVALID_SPLIT', field: 'participants' });
  });
});

describe('percentages', () => {
  it('splits 33.33 / 33.33 / 33.34 exactly, the remainder to the payer', async () => {
    const s = await setup();
    const percentagesInput = { [s.a]: 33.33, [s.b]: 33.33, [s.c]: 33.34 };
    const round = await s.create({
      amountCents: 10_000,
      paidById: s.b,
      splitMethod: 'percentages',
      percentagesInput,
    });
    expect(await s.one(round.id)).toMatchObject({
      splitMethod: 'percentages',
      splitCents: { [s.a]: 3333, [s.b]: 3333, [s.c]: 3334 },
      percentagesInput,
      sharesInput: null,
    });
    const small = await s.create({
      amountCents: 1000,
      paidById: s.b,
      splitMethod: 'percentages',
      percentagesInput,
    });
    expect((await s.one(small.id)).splitCents).toEqual({ [s.a]: 333, [s.b]: 334, [s.c]: 333 });
  });

  it('allocates only the given share of a not fully allocated expense; the payer bears the rest', async () => {
    const s = await setup();
    const { id } = await s.create({
      amountCents: 8000,
      paidById: s.b,
      splitMethod: 'percentages',
      percentagesInput: { [s.a]: 50 },
    });
    expect((await s.one(id)).splitCents).toEqual({ [s.a]: 4000 });
    const { members } = await s.balances();
    expect(members.map((m) => [m.name, m.paidCents, m.owedCents, m.netCents])).toEqual([
      ['Alice', 0, 4000, -4000],
      ['Bob', 8000, 4000, 4000],
      ['Carl', 0, 0, 0],
    ]);
  });

  it('refuses a missing percentagesInput and a percentage above 100', async () => {
    const s = await setup();
    expect(
      await refusal(s.create({ amountCents: 1000, paidById: s.a, splitMethod: 'percentages' })),
    ).toMatchObject({
      appCode: 'VALIDATION_ERROR',
      field: 'percentagesInput',
    });
    const above = await refusal(
      s.create({
        amountCents: 1000,
        paidById: s.a,
        splitMethod: 'percentages',
        percentagesInput: { [s.a]: 100.5 },
      }),
    );
    expect(above.appCode).toBe('VALIDATION_ERROR');
  });
});

describe('stored row', () => {
  it('keeps the JSON inputs it was given, and SQL NULL where there are none', async () => {
    const s = await setup();
    const { id: byAmounts } = await s.create({
      amountCents: 3000,
      paidById: s.a,
      splitMethod: 'amounts',
      splitCents: { [s.a]: 1000, [s.b]: 2000 },
      notes: 'чек в кармане',
    });
    const { id: byShares } = await s.create({
      amountCents: 3000,
      paidById: s.a,
      splitMethod: 'shares',
      sharesInput: { [s.a]: 1, [s.b]: 2 },
    });
    const rows = await db.current.db
      .select({
        id: expenses.id,
        notes: expenses.notes,
        sharesNull: sql<boolean>`${expenses.sharesInput} is null`,
        percentagesNull: sql<boolean>`${expenses.percentagesInput} is null`,
        snapshotNull: sql<boolean>`${expenses.snapshot} is null`,
        shares: expenses.sharesInput,
        date: expenses.date,
      })
      .from(expenses)
      .where(eq(expenses.groupId, s.groupId));
    const row = (id: string) => rows.find((r) => r.id === id);
    expect(row(byAmounts)).toMatchObject({
      notes: 'чек в кармане',
      sharesNull: true,
      percentagesNull: true,
      snapshotNull: true,
    });
    expect(row(byShares)).toMatchObject({
      notes: null,
      sharesNull: false,
      percentagesNull: true,
      shares: { [s.a]: 1, [s.b]: 2 },
    });
    expect(row(byShares)?.date).toBeInstanceOf(Date);
  });
});

describe('amounts', () => {
  // Decimal text ("1 030,50", "10,50") is read at the REST edge (apps/server) and by the domain's
  // parser (packages/domain); over tRPC the amounts are already whole cents.
  it('keeps the given splits; zero is no participant', async () => {
    const s = await setup();
    const { id } = await s.create({
      amountCents: 103_050,
      paidById: s.c,
      splitMethod: 'amounts',
      splitCents: { [s.a]: 1050, [s.b]: 102_000, [s.c]: 0 },
    });
    expect(await s.one(id)).toMatchObject({
      amountCents: 103_050,
      splitMethod: 'amounts',
      splitCents: { [s.a]: 1050, [s.b]: 102_000 },
      participants: [s.a, s.b],
      sharesInput: null,
      percentagesInput: null,
    });
  });

  it('stores an under-allocated expense as given; balances book the rest to the payer', async () => {
    const s = await setup();
    const { id } = await s.create({
      amountCents: 3000,
      paidById: s.a,
      splitMethod: 'amounts',
      splitCents: { [s.b]: 2000 },
    });
    expect((await s.one(id)).splitCents).toEqual({ [s.b]: 2000 });
    const { members } = await s.balances();
    expect(members.map((m) => [m.paidCents, m.owedCents, m.netCents])).toEqual([
      [3000, 1000, 2000],
      [0, 2000, -2000],
      [0, 0, 0],
    ]);
  });

  it('accepts the largest amount, 1e12 in whole units, to the cent', async () => {
    const s = await setup();
    const { id } = await s.create({
      amountCents: MAX_AMOUNT_CENTS,
      paidById: s.a,
      splitMethod: 'amounts',
      splitCents: { [s.a]: MAX_AMOUNT_CENTS - 1, [s.b]: 1 },
    });
    expect(await s.one(id)).toMatchObject({
      amountCents: MAX_AMOUNT_CENTS,
      splitCents: { [s.a]: MAX_AMOUNT_CENTS - 1, [s.b]: 1 },
    });
  });

  it.each<[unknown, string, string, string]>([
    [-500, 'a negative amount', 'INVALID_AMOUNT', 'amount'],
    [0, 'zero', 'INVALID_AMOUNT', 'amount'],
    [MAX_AMOUNT_CENTS + 1, 'one cent above the maximum', 'INVALID_AMOUNT', 'amount'],
    [1050.5, 'a fraction of a cent', 'VALIDATION_ERROR', 'amountCents'],
    [2 ** 53, 'an unsafe integer', 'VALIDATION_ERROR', 'amountCents'],
    ['1000', 'a string', 'VALIDATION_ERROR', 'amountCents'],
    [null, 'null', 'VALIDATION_ERROR', 'amountCents'],
  ])('refuses %s (%s) with %s on the %s field, writing nothing', async (amountCents, _, code, field) => {
    const s = await setup();
    const before = await snapshot(db.current.db);
    const error = await refusal(
      s.create({
        amountCents: amountCents as number,
        paidById: s.a,
        splitMethod: 'amounts',
        splitCents: { [s.a]: 100 },
      }),
    );
    expect(error).toMatchObject({ appCode: code, field });
    expect(await snapshot(db.current.db)).toEqual(before);
  });

  it('refuses a negative split with INVALID_AMOUNT and a fraction of a cent with VALIDATION_ERROR, naming the split', async () => {
    const s = await setup();
    const before = await snapshot(db.current.db);
    for (const [bad, code, field] of [
      [-100, 'INVALID_AMOUNT', `splits.${s.b}`],
      [100.1, 'VALIDATION_ERROR', `splitCents.${s.b}`],
    ] as const) {
      const error = await refusal(
        s.create({
          amountCents: 1000,
          paidById: s.a,
          splitMethod: 'amounts',
          splitCents: { [s.a]: 500, [s.b]: bad },
        }),
      );
      expect(error).toMatchObject({ appCode: code, field });
    }
    expect(await snapshot(db.current.db)).toEqual(before);
  });

  it('refuses all-zero or missing splits', async () => {
    const s = await setup();
    expect(
      await refusal(
        s.create({ amountCents: 1000, paidById: s.a, splitMethod: 'amounts', splitCents: { [s.a]: 0 } }),
      ),
    ).toMatchObject({ appCode: 'INVALID_SPLIT', field: 'participants' });
    expect(
      await refusal(s.create({ amountCents: 1000, paidById: s.a, splitMethod: 'amounts' })),
    ).toMatchObject({
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
      amountCents: 2510,
      settlement: true,
      paidById: s.c,
      settlementFromId: s.b,
      settlementToId: s.a,
      splitMethod: 'shares',
      splitCents: { [s.b]: 2510 },
      sharesInput: { [s.c]: 1 },
    });
    expect(await s.one(id)).toMatchObject({
      name: 'Settlement payment',
      amountCents: 2510,
      settlement: true,
      paidById: s.b,
      settlementFromId: s.b,
      settlementToId: s.a,
      participants: [s.a],
      splitCents: { [s.a]: 2510 },
      splitMethod: 'amounts',
      sharesInput: null,
      percentagesInput: null,
    });
    expect(await logActions(db.current.db, s.groupId)).toContain('SETTLEMENT_CREATED');
    const { members, totalCents } = await s.balances();
    expect(totalCents).toBe(0);
    // A settlement is no spending: it shows as sent and received, and moves the nets.
    expect(members.map((m) => [m.paidCents, m.owedCents, m.sentCents, m.receivedCents, m.netCents])).toEqual([
      [0, 0, 0, 2510, -2510],
      [0, 0, 2510, 0, 2510],
      [0, 0, 0, 0, 0],
    ]);
  });

  it('keeps a name given to a settlement', async () => {
    const s = await setup();
    const { id } = await s.create({
      name: 'Cash back',
      amountCents: 500,
      settlement: true,
      settlementFromId: s.b,
      settlementToId: s.a,
    });
    expect((await s.one(id)).name).toBe('Cash back');
  });

  it('refuses a settlement to oneself', async () => {
    const s = await setup();
    const error = await refusal(
      s.create({ amountCents: 500, settlement: true, settlementFromId: s.b, settlementToId: s.b }),
    );
    expect(error).toMatchObject({ appCode: 'VALIDATION_ERROR', field: 'settlementToId' });
  });
});

describe('member ids', () => {
  it.each<[string, (s: Ctx, x: string) => ExpenseBody]>([
    ['paidById', (s, x) => ({ amountCents: 1000, paidById: x, participants: [s.a] })],
    ['sharesInput.X', (s, x) => ({ amountCents: 1000, paidById: s.a, sharesInput: { [s.a]: 1, [x]: 1 } })],
    ['participants', (s, x) => ({ amountCents: 1000, paidById: s.a, participants: [s.a, x] })],
    [
      'percentagesInput.X',
      (s, x) => ({
        amountCents: 1000,
        paidById: s.a,
        splitMethod: 'percentages',
        percentagesInput: { [x]: 100 },
      }),
    ],
    [
      'splits.X',
      (s, x) => ({ amountCents: 1000, paidById: s.a, splitMethod: 'amounts', splitCents: { [x]: 1000 } }),
    ],
    [
      'settlementFromId',
      (s, x) => ({ amountCents: 1000, settlement: true, settlementFromId: x, settlementToId: s.a }),
    ],
    [
      'settlementToId',
      (s, x) => ({ amountCents: 1000, settlement: true, settlementFromId: s.a, settlementToId: x }),
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
    const old = await s.create({
      amountCents: 3000,
      paidById: s.c,
      sharesInput: { [s.a]: 1, [s.b]: 1, [s.c]: 1 },
    });
    await setSeatStatus(db.current.db, s.c, 'REMOVED');
    const error = await refusal(
      s.create({ amountCents: 1000, paidById: s.a, sharesInput: { [s.a]: 1, [s.c]: 1 } }),
    );
    expect(error).toMatchObject({ appCode: 'INVALID_MEMBER', field: `sharesInput.${s.c}` });

    const listed = await s.one(old.id);
    expect(listed.memberNames).toEqual({ [s.c]: 'Carl' });
    const updated = await (await s.call()).expenses.update({
      ...listed,
      expenseId: old.id,
      amountCents: 6000,
    });
    expect(updated.version).toBe(2);
    expect((await s.one(old.id)).splitCents).toEqual({ [s.a]: 2000, [s.b]: 2000, [s.c]: 2000 });
  });

  it('lets expenses that gave a since-removed seat a zero share be saved back unchanged', async () => {
    const s = await setup();
    await s.create({ amountCents: 3000, paidById: s.a, sharesInput: { [s.a]: 1, [s.b]: 1, [s.c]: 0 } });
    await s.create({
      amountCents: 3000,
      paidById: s.a,
      splitMethod: 'percentages',
      percentagesInput: { [s.a]: 50, [s.b]: 50, [s.c]: 0 },
    });
    await s.create({
      amountCents: 3000,
      paidById: s.a,
      splitMethod: 'amounts',
      splitCents: { [s.a]: 3000 },
      items: [
        { name: 'Tea', amountCents: 3000, split: { method: 'shares', shares: { [s.a]: 1, [s.c]: 0 } } },
      ],
    });
    await setSeatStatus(db.current.db, s.c, 'REMOVED');
    const before = await s.full();
    for (const listed of before) {
      await (await s.call()).expenses.update({ ...listed, expenseId: listed.id, name: 'Renamed' });
    }
    // Items sent back keep their ids; everything else is as before.
    expect(await s.full()).toEqual(before.map((e) => ({ ...e, name: 'Renamed', version: 2 })));
  });
});

type Ctx = Awaited<ReturnType<typeof setup>>;

describe('expenses.update', () => {
  it('replaces the expense, bumps the version, and logs EXPENSE_UPDATED', async () => {
    const s = await setup();
    const { id } = await s.create({
      amountCents: 3000,
      paidById: s.a,
      notes: 'first',
      category: 'food',
      date: '2026-10-03T12:00:00.000Z',
    });
    const answer = await (await s.call()).expenses.update({
      groupId: s.groupId,
      expenseId: id,
      version: 1,
      name: 'Lunch',
      amountCents: 1200,
      paidById: s.b,
      splitMethod: 'amounts',
      splitCents: { [s.c]: 1200 },
    });
    expect(answer).toEqual({ id, version: 2, seriesId: null });
    expect(await s.one(id)).toMatchObject({
      name: 'Lunch',
      amountCents: 1200,
      paidById: s.b,
      splitCents: { [s.c]: 1200 },
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
      amountCents: 1000,
      paidById: s.a,
      sharesInput: { [s.a]: 1, [s.b]: 2, [s.c]: 0 },
      category: 'food',
    });
    await s.create({
      amountCents: 1000,
      paidById: s.b,
      splitMethod: 'percentages',
      percentagesInput: { [s.a]: 30, [s.c]: 60 },
    });
    await s.create({
      amountCents: 1000,
      paidById: s.c,
      splitMethod: 'amounts',
      splitCents: { [s.a]: 400, [s.b]: 600 },
    });
    await s.create({
      amountCents: 700,
      settlement: true,
      settlementFromId: s.c,
      settlementToId: s.b,
      notes: 'cash',
    });
    const before = await s.full();
    for (const expense of before)
      await (await s.call()).expenses.update({ ...expense, expenseId: expense.id });
    const after = await s.full();
    expect(after).toEqual(before.map((e) => ({ ...e, version: e.version + 1 })));
  });

  it('refuses a stale version with CONFLICT, changing nothing', async () => {
    const s = await setup();
    const { id } = await s.create({ amountCents: 3000, paidById: s.a });
    await (await s.call()).expenses.update({
      groupId: s.groupId,
      expenseId: id,
      version: 1,
      name: 'First edit',
      amountCents: 3100,
      paidById: s.a,
    });
    const before = await snapshot(db.current.db);
    const error = await refusal(
      (await s.call()).expenses.update({
        groupId: s.groupId,
        expenseId: id,
        version: 1,
        name: 'Stale edit',
        amountCents: 9900,
        paidById: s.b,
      }),
    );
    expect(error).toMatchObject({ appCode: 'CONFLICT', field: 'version' });
    expect(await snapshot(db.current.db)).toEqual(before);
    // Without a version (the REST client's way) the edit goes through.
    await (await s.call()).expenses.update({
      groupId: s.groupId,
      expenseId: id,
      name: 'Blind edit',
      amountCents: 3200,
      paidById: s.a,
    });
    expect(await s.one(id)).toMatchObject({ name: 'Blind edit', version: 3 });
  });

  it('answers EXPENSE_NOT_FOUND for an unknown id', async () => {
    const s = await setup();
    const error = await refusal(
      (await s.call()).expenses.update({
        groupId: s.groupId,
        expenseId: unknownId(),
        name: 'X',
        amountCents: 100,
        paidById: s.a,
      }),
    );
    expect(error.appCode).toBe('EXPENSE_NOT_FOUND');
  });
});

describe('items', () => {
  it('stores typed items and returns them; an update without items keeps them, with items replaces them', async () => {
    const s = await setup();
    const { id } = await s.create({
      amountCents: 1550,
      paidById: s.a,
      items: [
        { name: 'Pizza', number: 2, amountCents: 1250, split: { method: 'members', memberIds: [s.b, s.a] } },
        // Without a number: quantity 1, as when added by hand.
        { name: 'Cola', amountCents: 300, split: { method: 'shares', shares: { [s.c]: 2 } } },
      ],
    });
    const stored = await s.one(id);
    expect(stored.items).toEqual([
      {
        id: expect.any(String),
        name: 'Pizza',
        number: 2,
        amountCents: 1250,
        // A members list is kept in group order.
        split: { method: 'members', memberIds: [s.a, s.b] },
      },
      {
        id: expect.any(String),
        name: 'Cola',
        number: 1,
        amountCents: 300,
        split: { method: 'shares', shares: { [s.c]: 2 } },
      },
    ]);
    expect(stored).toMatchObject({
      splitMethod: 'amounts',
      splitCents: { [s.a]: 625, [s.b]: 625, [s.c]: 300 },
    });

    const { items: _items, version: _version, ...withoutItems } = stored;
    await (await s.call()).expenses.update({ ...withoutItems, expenseId: id, name: 'Still pizza' });
    expect((await s.one(id)).items).toEqual(stored.items);

    await (await s.call()).expenses.update({
      ...withoutItems,
      expenseId: id,
      items: [
        { name: 'Only pasta', amountCents: 1550, split: { method: 'amounts', cents: { [s.a]: 1550 } } },
      ],
    });
    expect((await s.one(id)).items.map((i) => i.name)).toEqual(['Only pasta']);
    await (await s.call()).expenses.update({ ...withoutItems, expenseId: id, items: [] });
    expect((await s.one(id)).items).toEqual([]);
  });

  it('refuses malformed item splits and unknown members in them, naming the item', async () => {
    const s = await setup();
    const item = (split: unknown) => ({ name: 'I', amountCents: 100, split: split as never });
    const cases: [unknown, string, string][] = [
      [{ method: 'members', memberIds: 'x' }, 'VALIDATION_ERROR', 'items.1.split.memberIds'],
      [{ method: 'shares', shares: [s.a] }, 'VALIDATION_ERROR', 'items.1.split.shares'],
      [{ method: 'shares', shares: { [s.a]: -1 } }, 'VALIDATION_ERROR', `items.1.split.shares.${s.a}`],
      [{ method: 'equally' }, 'VALIDATION_ERROR', 'items.1.split.method'],
      [{ method: 'members', memberIds: [unknownId()] }, 'INVALID_MEMBER', 'items.1.split'],
      [{ method: 'amounts', cents: { [s.a]: 99.5 } }, 'VALIDATION_ERROR', `items.1.split.cents.${s.a}`],
    ];
    for (const [bad, code, field] of cases) {
      const error = await refusal(
        s.create({
          amountCents: 200,
          paidById: s.a,
          items: [item({ method: 'members', memberIds: [s.a] }), item(bad)],
        }),
      );
      expect(error, JSON.stringify(bad)).toMatchObject({ appCode: code, field });
    }
    const amount = await refusal(
      s.create({
        amountCents: 200,
        paidById: s.a,
        items: [{ ...item({ method: 'members', memberIds: [] }), amountCents: 0 }],
      }),
    );
    expect(amount).toMatchObject({ appCode: 'INVALID_AMOUNT', field: 'items.0.amount' });
    const fraction = await refusal(
      s.create({
        amountCents: 200,
        paidById: s.a,
        items: [{ ...item({ method: 'members', memberIds: [] }), amountCents: 1.5 }],
      }),
    );
    expect(fraction).toMatchObject({ appCode: 'VALIDATION_ERROR', field: 'items.0.amountCents' });
  });
});

describe('categories', () => {
  it('accepts a category by id or as an object, refuses an unknown one, clears it with null', async () => {
    const s = await setup();
    const ids = (await (await s.call()).categories.list({ groupId: s.groupId })).map((c) => c.id);
    expect(ids).toEqual(expect.arrayContaining(['general', 'food', 'transport']));

    const byId = await s.create({ amountCents: 100, paidById: s.a, category: 'transport' });
    expect((await s.one(byId.id)).category).toEqual({ id: 'transport', name: 'Transport' });
    const byObject = await s.create({
      amountCents: 100,
      paidById: s.a,
      category: { id: 'food', name: 'ignored' },
    });
    expect((await s.one(byObject.id)).category).toEqual({ id: 'food', name: 'Food & drink' });
    const none = await s.create({ amountCents: 100, paidById: s.a });
    expect((await s.one(none.id)).category).toBeNull();

    const before = await snapshot(db.current.db);
    expect(await refusal(s.create({ amountCents: 100, paidById: s.a, category: 'nope' }))).toMatchObject({
      appCode: 'VALIDATION_ERROR',
      field: 'category',
    });
    expect(
      await refusal(
        (await s.call()).expenses.update({
          groupId: s.groupId,
          expenseId: byId.id,
          name: 'X',
          amountCents: 100,
          paidById: s.a,
          category: 'nope',
        }),
      ),
    ).toMatchObject({ appCode: 'VALIDATION_ERROR', field: 'category' });
    expect(await snapshot(db.current.db)).toEqual(before);

    await (await s.call()).expenses.update({
      groupId: s.groupId,
      expenseId: byId.id,
      name: 'X',
      amountCents: 100,
      paidById: s.a,
      category: null,
    });
    expect((await s.one(byId.id)).category).toBeNull();
  });
});

describe('expenses.delete', () => {
  it('soft-deletes: gone from the list and the balances, the rows kept, a log row written', async () => {
    const s = await setup();
    const keep = await s.create({ amountCents: 3000, paidById: s.a });
    const gone = await s.create({ amountCents: 6000, paidById: s.b });
    expect(await (await s.call()).expenses.delete({ groupId: s.groupId, expenseId: gone.id })).toEqual({
      ok: true,
    });

    expect((await s.list()).map((e) => e.id)).toEqual([keep.id]);
    const { members, totalCents } = await s.balances();
    expect(totalCents).toBe(3000);
    expect(members.map((m) => m.netCents)).toEqual([2000, -1000, -1000]);
    const [row] = await db.current.db.select().from(expenses).where(eq(expenses.id, gone.id));
    expect(row!.deletedAt).toBeInstanceOf(Date);
    expect(await logActions(db.current.db, s.groupId)).toEqual([
      'EXPENSE_CREATED',
      'EXPENSE_CREATED',
      'EXPENSE_DELETED',
      'GROUP_CREATED',
    ]);

    const call = await s.call();
    expect((await refusal(call.expenses.delete({ groupId: s.groupId, expenseId: gone.id }))).appCode).toBe(
      'EXPENSE_NOT_FOUND',
    );
    expect(
      (
        await refusal(
          call.expenses.update({
            groupId: s.groupId,
            expenseId: gone.id,
            name: 'Back',
            amountCents: 100,
            paidById: s.a,
          }),
        )
      ).appCode,
    ).toBe('EXPENSE_NOT_FOUND');
  });
});

describe('expenses.get', () => {
  it('answers one expense as the list shows it, money in cents: amount, splits and items', async () => {
    const s = await setup();
    const { id } = await s.create({
      name: 'Receipt',
      amountCents: 123_456,
      paidById: s.b,
      splitMethod: 'amounts',
      splitCents: { [s.a]: 100_000, [s.c]: 23_456 },
      notes: 'kept',
      category: 'food',
      date: '2026-10-03T12:00:00.000Z',
      items: [
        { name: 'Wine', number: 2, amountCents: 100_000, split: { method: 'members', memberIds: [s.a] } },
        { name: 'Bread', amountCents: 23_456, split: { method: 'amounts', cents: { [s.c]: 23_456 } } },
      ],
    });
    await s.create({ amountCents: 999, paidById: s.a });

    const expense = await (await s.call()).expenses.get({ groupId: s.groupId, expenseId: id });
    expect(expense).toEqual({
      id,
      groupId: s.groupId,
      name: 'Receipt',
      amountCents: 123_456,
      paidById: s.b,
      participants: [s.a, s.c],
      splitCents: { [s.a]: 100_000, [s.c]: 23_456 },
      date: '2026-10-03T12:00:00.000Z',
      notes: 'kept',
      settlement: false,
      settlementFromId: null,
      settlementToId: null,
      createdById: s.a,
      category: { id: 'food', name: 'Food & drink' },
      splitMethod: 'amounts',
      sharesInput: null,
      percentagesInput: null,
      memberNames: {},
      items: [
        {
          id: expect.any(String),
          name: 'Wine',
          number: 2,
          amountCents: 100_000,
          split: { method: 'members', memberIds: [s.a] },
        },
        {
          id: expect.any(String),
          name: 'Bread',
          number: 1,
          amountCents: 23_456,
          split: { method: 'amounts', cents: { [s.c]: 23_456 } },
        },
      ],
      snapshot: null,
      // Issue 26: who paid how much, and no amount in another currency.
      payers: [{ memberId: s.b, amountCents: 123_456 }],
      original: null,
      version: 1,
      // Issue 28: in no recurring series.
      seriesId: null,
      series: null,
    });
    // The list shows the same expense, without its snapshot, participants (the split's keys) and series.
    const { snapshot: _snapshot, participants: _participants, series: _series, ...listed } = expense;
    expect((await s.list()).find((e) => e.id === id)).toEqual(listed);
    // Any active member may read it, not only its author.
    expect(await (await s.bob.call()).expenses.get({ groupId: s.groupId, expenseId: id })).toEqual(expense);
  });

  it('answers a settlement and names a removed seat it refers to', async () => {
    const s = await setup();
    const { id } = await s.create({
      amountCents: 2510,
      settlement: true,
      settlementFromId: s.c,
      settlementToId: s.a,
    });
    await setSeatStatus(db.current.db, s.c, 'REMOVED');
    expect(await (await s.call()).expenses.get({ groupId: s.groupId, expenseId: id })).toMatchObject({
      amountCents: 2510,
      settlement: true,
      paidById: s.c,
      splitCents: { [s.a]: 2510 },
      memberNames: { [s.c]: 'Carl' },
    });
  });

  it('answers EXPENSE_NOT_FOUND for an unknown id, a deleted expense, and a group the caller is no active member of', async () => {
    const s = await setup();
    const { id } = await s.create({ amountCents: 3000, paidById: s.a });
    const { id: deleted } = await s.create({ amountCents: 1000, paidById: s.a });
    await (await s.call()).expenses.delete({ groupId: s.groupId, expenseId: deleted });
    const notFound = async (caller: Caller, expenseId: string) =>
      expect(await refusal(caller.expenses.get({ groupId: s.groupId, expenseId }))).toMatchObject({
        appCode: 'EXPENSE_NOT_FOUND',
        status: 404,
      });

    await notFound(await s.call(), unknownId());
    await notFound(await s.call(), deleted);
    const mallory = await signUp(db.current.db, 'Mallory');
    await notFound(await mallory.call(), id);
    for (const status of ['PENDING', 'REMOVED'] as const) {
      await setStatus(db.current.db, s.groupId, s.bob.user.id, status);
      await notFound(await s.bob.call(), id);
    }
    await setStatus(db.current.db, s.groupId, s.bob.user.id, 'ACTIVE');
    expect((await (await s.bob.call()).expenses.get({ groupId: s.groupId, expenseId: id })).id).toBe(id);

    await (await s.call()).groups.delete({ groupId: s.groupId });
    await notFound(await s.call(), id);
  });

  it('finds an expense only with its own group: another group of the caller, or of an outsider, is EXPENSE_NOT_FOUND', async () => {
    const s = await setup();
    const { id } = await s.create({ amountCents: 3000, paidById: s.a });
    const alice = await s.call();
    const { id: otherGroup } = await alice.groups.create({ name: 'Other', users: [{ name: 'Pat' }] });
    const mallory = await (await signUp(db.current.db, 'Mallory')).call();
    const { id: mallorys } = await mallory.groups.create({ name: 'Mine', users: [{ name: 'Pal' }] });
    const [pal] = (await mallory.groups.get({ groupId: mallorys })).users.map((u) => u.memberId);
    const change = { name: 'Moved', amountCents: 100, paidById: pal! };
    for (const [caller, groupId] of [
      [alice, otherGroup],
      [mallory, mallorys],
    ] as const) {
      const ref = { groupId, expenseId: id };
      for (const attempt of [
        () => caller.expenses.get(ref),
        () => caller.expenses.update({ ...ref, ...change }),
        () => caller.expenses.delete(ref),
      ]) {
        expect(await refusal(attempt())).toMatchObject({ appCode: 'EXPENSE_NOT_FOUND', status: 404 });
      }
    }
    expect(await alice.expenses.get({ groupId: s.groupId, expenseId: id })).toMatchObject({
      name: 'Dinner',
      amountCents: 3000,
      version: 1,
    });
  });

  it("expenses.locate finds the group of an expense among the caller's groups, else EXPENSE_NOT_FOUND", async () => {
    const s = await setup();
    const { id } = await s.create({ amountCents: 3000, paidById: s.a });
    const { id: deleted } = await s.create({ amountCents: 1000, paidById: s.a });
    const alice = await s.call();
    await alice.groups.create({ name: 'Other', users: [{ name: 'Pat' }] });
    await alice.expenses.delete({ groupId: s.groupId, expenseId: deleted });
    expect(await alice.expenses.locate({ expenseId: id })).toEqual({ groupId: s.groupId });
    expect(await (await s.bob.call()).expenses.locate({ expenseId: id })).toEqual({ groupId: s.groupId });
    const mallory = await signUp(db.current.db, 'Mallory');
    await mallory.call().then((c) => c.groups.create({ name: 'Mine', users: [{ name: 'Pal' }] }));
    const lost = async (caller: Caller, expenseId: string) =>
      expect(await refusal(caller.expenses.locate({ expenseId }))).toMatchObject({
        appCode: 'EXPENSE_NOT_FOUND',
        status: 404,
      });
    await lost(await mallory.call(), id);
    await lost(alice, deleted);
    await lost(alice, unknownId());
    await setStatus(db.current.db, s.groupId, s.bob.user.id, 'REMOVED');
    await lost(await s.bob.call(), id);
    await alice.groups.delete({ groupId: s.groupId });
    await lost(alice, id);
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
      amountCents: 3000,
      paidById: s.a,
      sharesInput: { [s.a]: 1, [s.b]: 1, [s.c]: 1 },
      items: [{ name: 'Soup', amountCents: 3000, split: { method: 'members', memberIds: [s.a, s.b, s.c] } }],
    });
    return { ...s, id };
  }

  it.each<[string, (s: Ctx) => ExpenseBody]>([
    // Refused by the service inside the transaction, after the expense was locked.
    ['a zero amount', (s) => ({ amountCents: 0, paidById: s.b })],
    ['an amount above the maximum', (s) => ({ amountCents: MAX_AMOUNT_CENTS + 1, paidById: s.b })],
    ['an unknown payer', () => ({ amountCents: 500, paidById: unknownId() })],
    [
      'an unknown split member',
      (s) => ({
        amountCents: 500,
        paidById: s.b,
        splitMethod: 'amounts',
        splitCents: { [unknownId()]: 500 },
      }),
    ],
    ['zero participants', (s) => ({ amountCents: 500, paidById: s.b, sharesInput: { [s.a]: 0 } })],
    ['an unknown category', (s) => ({ amountCents: 500, paidById: s.b, category: 'nope' })],
    [
      'a bad item',
      (s) => ({
        amountCents: 500,
        paidById: s.b,
        items: [{ name: 'I', amountCents: 500, split: { method: 'amounts', cents: { [s.a]: 400 } } }],
      }),
    ],
    [
      // Passes validation, then fails in the database after the splits were already replaced.
      'an item the database refuses',
      (s) => ({
        amountCents: 500,
        paidById: s.b,
        items: [{ name: 'Nul\u0000byte', amountCents: 500, split: { method: 'members', memberIds: [s.a] } }],
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
          (await s.call()).expenses.update({
            groupId: s.groupId,
            ...input(s),
            expenseId: s.id,
            name: 'Changed',
          }))(),
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
          amountCents: 500,
          paidById: s.a,
          items: [
            { name: 'Nul\u0000byte', amountCents: 500, split: { method: 'members', memberIds: [s.a] } },
          ],
        })
        .catch((error: unknown) => Promise.reject(toAppError(error))),
    ).rejects.toMatchObject({ appCode: 'VALIDATION_ERROR', status: 400 });
    expect(await snapshot(db.current.db)).toEqual(before);
  });
});
