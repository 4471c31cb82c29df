import { expenses } from '@dolya/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminCaller } from './actors';
import { type Caller, refusal, snapshot, trio } from './fixtures';
import { useTestDatabase } from './harness';

const db = useTestDatabase();

type ExpenseBody = Omit<Parameters<Caller['expenses']['create']>[0], 'groupId'>;

/** A RUB group of Alice (admin), Bob and Carl, in that order. */
async function setup() {
  const t = await trio(db.current.db, 'RUB');
  const call = () => t.alice.call();
  const create = async (input: ExpenseBody) =>
    (await call()).expenses.create({ groupId: t.groupId, name: 'Dinner', ...input });
  const one = async (expenseId: string) => (await call()).expenses.get({ groupId: t.groupId, expenseId });
  const balances = async () => (await call()).balances.get({ groupId: t.groupId });
  const listed = async () => (await (await call()).expenses.list({ groupId: t.groupId })).items;
  return { ...t, call, create, one, balances, listed };
}

const euroDinner = (amountCents = 421_875) => ({
  amountCents,
  original: {
    currency: 'EUR',
    amountCents: 4500,
    rate: '93.75',
    rateDate: '2026-11-28',
    rateSource: 'fetched' as const,
  },
});

describe('an expense paid in another currency', () => {
  it('stores the original amount and rate as given, and the converted amount is the ledger’s', async () => {
    const s = await setup();
    const { id } = await s.create({ ...euroDinner(), paidById: s.a, participants: [s.a, s.b, s.c] });
    const expense = await s.one(id);
    expect(expense.amountCents).toBe(421_875);
    expect(expense.original).toEqual({
      currency: 'EUR',
      amountCents: 4500,
      rate: '93.75',
      rateDate: '2026-11-28',
      rateSource: 'fetched',
    });
    expect(Object.values(expense.splitCents).reduce((a, b) => a + b, 0)).toBe(421_875);
    const [row] = await s.listed();
    expect(row?.original?.rate).toBe('93.75');
    const balances = await s.balances();
    expect(balances.members.find((m) => m.memberId === s.a)?.paidCents).toBe(421_875);
  });

  it('keeps the rate exactly as typed (trailing zeros too) and records it as typed', async () => {
    const s = await setup();
    const { id } = await s.create({
      amountCents: 1_010,
      paidById: s.a,
      original: { currency: 'USD', amountCents: 1005, rate: '1.0050', rateDate: '2026-11-27' },
    });
    expect((await s.one(id)).original).toMatchObject({ rate: '1.0050', rateSource: 'manual' });
  });

  it.each([
    ['a rate of zero', { rate: '0' }, 'INVALID_RATE', 'original.rate'],
    ['a negative rate', { rate: '-93.75' }, 'INVALID_RATE', 'original.rate'],
    ['a rate that is not a number', { rate: 'abc' }, 'INVALID_RATE', 'original.rate'],
    ['a rate of 13 significant digits', { rate: '93.75000000001' }, 'INVALID_RATE', 'original.rate'],
    ['an unknown currency', { currency: 'XYZ' }, 'VALIDATION_ERROR', 'original.currency'],
    ['the group’s own currency', { currency: 'RUB' }, 'INVALID_CURRENCY', 'original.currency'],
    ['an original of zero', { amountCents: 0 }, 'INVALID_AMOUNT', 'original.amountCents'],
  ])('refuses %s, naming the field and writing nothing', async (_, patch, code, field) => {
    const s = await setup();
    const before = await snapshot(db.current.db);
    const error = await refusal(
      s.create({ ...euroDinner(), paidById: s.a, original: { ...euroDinner().original, ...patch } }),
    );
    expect([error.appCode, error.field]).toEqual([code, field]);
    expect(await snapshot(db.current.db)).toEqual(before);
  });

  it('refuses an amount other than round_half_up(original × rate), naming amount', async () => {
    const s = await setup();
    const error = await refusal(s.create({ ...euroDinner(421_874), paidById: s.a }));
    expect([error.appCode, error.field]).toEqual(['INVALID_AMOUNT', 'amount']);
    expect(error.message).toContain('4218.75');
  });

  it('a settlement may be in another currency too', async () => {
    const s = await setup();
    const { id } = await s.create({
      ...euroDinner(),
      name: '',
      settlement: true,
      settlementFromId: s.b,
      settlementToId: s.a,
    });
    const expense = await s.one(id);
    expect(expense.settlement).toBe(true);
    expect(expense.original?.currency).toBe('EUR');
  });

  it('an edit can take the original away again', async () => {
    const s = await setup();
    const { id } = await s.create({ ...euroDinner(), paidById: s.a });
    const { version } = await s.one(id);
    await (await s.call()).expenses.update({
      groupId: s.groupId,
      expenseId: id,
      name: 'Dinner',
      amountCents: 400_000,
      paidById: s.a,
      version,
    });
    expect((await s.one(id)).original).toBeNull();
  });

  it.each([
    [
      'a rate of zero',
      () => ({ ...euroDinner(), original: { ...euroDinner().original, rate: '0' } }),
      'INVALID_RATE',
      'original.rate',
    ],
    ['an amount other than the converted one', () => euroDinner(421_874), 'INVALID_AMOUNT', 'amount'],
    [
      'payers that do not sum to the amount',
      (s: { a: string; b: string }) => ({
        amountCents: 1000,
        payers: [
          { memberId: s.a, amountCents: 600 },
          { memberId: s.b, amountCents: 300 },
        ],
      }),
      'UNBALANCED',
      'payers',
    ],
  ])('an edit with %s is refused the same way, changing nothing', async (_, patch, code, field) => {
    const s = await setup();
    const { id } = await s.create({ ...euroDinner(), paidById: s.a, participants: [s.a, s.b] });
    const { version } = await s.one(id);
    const before = await snapshot(db.current.db);
    const error = await refusal(
      (await s.call()).expenses.update({
        groupId: s.groupId,
        expenseId: id,
        name: 'Dinner',
        paidById: s.a,
        participants: [s.a, s.b],
        version,
        ...patch(s),
      }),
    );
    expect([error.appCode, error.field]).toEqual([code, field]);
    expect(await snapshot(db.current.db)).toEqual(before);
  });

  it('the log says the original beside the converted amount', async () => {
    const s = await setup();
    await s.create({ ...euroDinner(), paidById: s.a });
    const log = await (await s.call()).logs.list({ groupId: s.groupId });
    const entry = log.find((e) => e.action === 'EXPENSE_CREATED');
    expect(entry?.details?.original).toEqual({ currency: 'EUR', amountCents: 4500, rate: '93.75' });
    expect(entry?.message).toContain('45.00 EUR -> 4218.75 RUB');
  });
});

describe('the ledger check', () => {
  it('finds an amount that is not round_half_up(original × rate), and nothing in a sound one', async () => {
    const s = await setup();
    const { id } = await s.create({ ...euroDinner(), paidById: s.a });
    const problems = async () =>
      (await adminCaller(db.current.db).admin.ledger.check()).problems.filter((p) => p.groupId === s.groupId);
    expect(await problems()).toEqual([]);
    await db.current.db.update(expenses).set({ exchangeRate: '93.76' }).where(eq(expenses.id, id));
    expect((await problems()).map((p) => p.rule)).toEqual(['CONVERSION']);
  });
});

describe('several payers', () => {
  it('stores each payer; paid is the sum of payer amounts; paidById is who paid most', async () => {
    const s = await setup();
    const { id } = await s.create({
      amountCents: 100_000,
      payers: [
        { memberId: s.b, amountCents: 30_000 },
        { memberId: s.a, amountCents: 70_000 },
      ],
      participants: [s.a, s.b, s.c],
    });
    const expense = await s.one(id);
    expect(expense.paidById).toBe(s.a);
    expect(expense.payers).toEqual([
      { memberId: s.a, amountCents: 70_000 },
      { memberId: s.b, amountCents: 30_000 },
    ]);
    const [row] = await s.listed();
    expect(row?.payers).toHaveLength(2);
    const paid = Object.fromEntries((await s.balances()).members.map((m) => [m.memberId, m.paidCents]));
    expect(paid).toEqual({ [s.a]: 70_000, [s.b]: 30_000, [s.c]: 0 });
    const nets = (await s.balances()).members.reduce((sum, m) => sum + m.netCents, 0);
    expect(nets).toBe(0);
  });

  it('gives the split remainder to the payer who paid most, ties to the first in group order', async () => {
    const s = await setup();
    const { id } = await s.create({
      amountCents: 1000,
      payers: [
        { memberId: s.c, amountCents: 500 },
        { memberId: s.b, amountCents: 500 },
      ],
      participants: [s.a, s.b, s.c],
    });
    expect((await s.one(id)).splitCents).toEqual({ [s.a]: 333, [s.b]: 334, [s.c]: 333 });
  });

  it('an edit back to one payer leaves the balances as one payer', async () => {
    const s = await setup();
    const { id } = await s.create({
      amountCents: 1000,
      payers: [
        { memberId: s.a, amountCents: 600 },
        { memberId: s.b, amountCents: 400 },
      ],
      participants: [s.a, s.b],
    });
    const { version } = await s.one(id);
    await (await s.call()).expenses.update({
      groupId: s.groupId,
      expenseId: id,
      name: 'Dinner',
      amountCents: 1000,
      paidById: s.c,
      participants: [s.a, s.b],
      version,
    });
    expect((await s.one(id)).payers).toEqual([{ memberId: s.c, amountCents: 1000 }]);
    const paid = Object.fromEntries((await s.balances()).members.map((m) => [m.memberId, m.paidCents]));
    expect(paid).toEqual({ [s.a]: 0, [s.b]: 0, [s.c]: 1000 });
  });

  it('a deleted multi-payer expense leaves every balance at zero', async () => {
    const s = await setup();
    const { id } = await s.create({
      amountCents: 1000,
      payers: [
        { memberId: s.a, amountCents: 600 },
        { memberId: s.b, amountCents: 400 },
      ],
      participants: [s.c],
    });
    await (await s.call()).expenses.delete({ groupId: s.groupId, expenseId: id });
    for (const m of (await s.balances()).members) expect([m.paidCents, m.netCents]).toEqual([0, 0]);
  });

  it.each([
    [
      'a sum that disagrees',
      (s: { a: string; b: string }) => [
        { memberId: s.a, amountCents: 600 },
        { memberId: s.b, amountCents: 300 },
      ],
      'UNBALANCED',
    ],
    [
      'a payer who is not a member',
      (s: { a: string; b: string }) => [
        { memberId: s.a, amountCents: 600 },
        { memberId: '00000000-0000-4000-8000-00000000dead', amountCents: 400 },
      ],
      'INVALID_MEMBER',
    ],
    [
      'a payer of zero',
      (s: { a: string; b: string }) => [
        { memberId: s.a, amountCents: 1000 },
        { memberId: s.b, amountCents: 0 },
      ],
      'INVALID_AMOUNT',
    ],
    [
      'a payer named twice',
      (s: { a: string; b: string }) => [
        { memberId: s.a, amountCents: 500 },
        { memberId: s.a, amountCents: 500 },
      ],
      'INVALID_MEMBER',
    ],
  ])('refuses %s with 400 naming payers, writing nothing', async (_, payers, code) => {
    const s = await setup();
    const before = await snapshot(db.current.db);
    const error = await refusal(s.create({ amountCents: 1000, payers: payers(s), participants: [s.a] }));
    expect([error.appCode, error.field, error.code]).toEqual([code, 'payers', 'BAD_REQUEST']);
    expect(await snapshot(db.current.db)).toEqual(before);
  });

  it('a settlement has one payer', async () => {
    const s = await setup();
    const error = await refusal(
      s.create({
        amountCents: 1000,
        name: '',
        settlement: true,
        settlementToId: s.c,
        payers: [
          { memberId: s.a, amountCents: 500 },
          { memberId: s.b, amountCents: 500 },
        ],
      }),
    );
    expect(error.field).toBe('payers');
  });
});
