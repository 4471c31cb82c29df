import {
  type Cents,
  centsToDecimal,
  computeBalances,
  formatCents,
  parseAmount,
  settlementSplit,
  splitExpense,
} from '@dolya/domain';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Caller, setSeatStatus, setStatus, trio } from './fixtures';
import { signUp, useTestDatabase } from './harness';

const db = useTestDatabase();

type Balances = Awaited<ReturnType<Caller['balances']['get']>>;

const cents = (value: number) => parseAmount(value, { min: 'any' });

/** Nets plus the suggested transfers: every member must end at exactly zero. */
function afterDebts(balances: Balances): Record<string, Cents> {
  const left: Record<string, Cents> = {};
  for (const m of balances.members) left[m.memberId] = cents(m.net);
  for (const d of balances.debts) {
    expect(cents(d.amount)).toBeGreaterThan(0);
    left[d.fromUserId] = (left[d.fromUserId] ?? Number.NaN) + cents(d.amount);
    left[d.toUserId] = (left[d.toUserId] ?? Number.NaN) - cents(d.amount);
  }
  return left;
}

function expectSettled(balances: Balances) {
  const nets = balances.members.map((m) => cents(m.net));
  expect(nets.reduce((a, b) => a + b, 0)).toBe(0);
  for (const value of Object.values(afterDebts(balances))) expect(value).toBe(0);
  const nonZero = nets.filter((n) => n !== 0).length;
  expect(balances.debts.length).toBeLessThanOrEqual(Math.max(0, nonZero - 1));
}

describe('balances.get', () => {
  it('answers paid, owed and net per member, the total without settlements, and debts that settle', async () => {
    const t = await trio(db.current.db, 'EUR');
    const call = await t.alice.call();
    await call.expenses.create({ groupId: t.groupId, name: 'Hotel', amount: 90, paidById: t.a });
    await call.expenses.create({
      groupId: t.groupId,
      name: 'Taxi',
      amount: '10,00',
      paidById: t.b,
      splitMethod: 'amounts',
      splits: { [t.b]: 4, [t.c]: 6 },
    });
    await call.expenses.create({
      groupId: t.groupId,
      amount: 20,
      settlement: true,
      settlementFromId: t.c,
      settlementToId: t.a,
    });

    const balances = await call.balances.get({ groupId: t.groupId });
    expect(balances.currency).toBe('EUR');
    expect(balances.total).toBe(100);
    expect(balances.members).toEqual([
      { memberId: t.a, name: 'Alice', paid: 90, owed: 50, net: 40, removed: false },
      { memberId: t.b, name: 'Bob', paid: 10, owed: 34, net: -24, removed: false },
      { memberId: t.c, name: 'Carl', paid: 20, owed: 36, net: -16, removed: false },
    ]);
    expect(balances.debts).toEqual(
      expect.arrayContaining([
        { fromUserId: t.b, toUserId: t.a, amount: 24 },
        { fromUserId: t.c, toUserId: t.a, amount: 16 },
      ]),
    );
    expect(balances.debts).toHaveLength(2);
    expectSettled(balances);
  });

  it('answers zeros and no debts for a group without expenses', async () => {
    const t = await trio(db.current.db);
    const balances = await (await t.bob.call()).balances.get({ groupId: t.groupId });
    expect(balances.total).toBe(0);
    expect(balances.members.map((m) => [m.paid, m.owed, m.net])).toEqual([
      [0, 0, 0],
      [0, 0, 0],
      [0, 0, 0],
    ]);
    expect(balances.debts).toEqual([]);
  });

  it('keeps a removed seat with money listed as removed, drops one without, and lists PENDING seats', async () => {
    const t = await trio(db.current.db);
    const call = await t.alice.call();
    const { id: groupId } = await call.groups.create({
      name: 'Four',
      users: [{ name: 'Dan' }, { name: 'Eve' }, { id: t.bob.user.id, name: 'Bob' }],
    });
    const seats = (await call.groups.get({ groupId })).users.map((u) => u.memberId);
    const [a, dan, eve, bob] = seats as [string, string, string, string];
    await call.expenses.create({
      groupId,
      name: 'Boat',
      amount: 30,
      paidById: dan,
      participants: [a, dan, bob],
    });
    await setSeatStatus(db.current.db, dan, 'REMOVED');
    await setSeatStatus(db.current.db, eve, 'REMOVED');

    const balances = await call.balances.get({ groupId });
    expect(balances.members).toEqual([
      { memberId: a, name: 'Alice', paid: 0, owed: 10, net: -10, removed: false },
      { memberId: dan, name: 'Dan', paid: 30, owed: 10, net: 20, removed: true },
      { memberId: bob, name: 'Bob', paid: 0, owed: 10, net: -10, removed: false },
    ]);
    expectSettled(balances);
    expect(balances.debts.every((d) => d.toUserId === dan)).toBe(true);
    await setStatus(db.current.db, groupId, t.bob.user.id, 'PENDING');
    expect((await call.balances.get({ groupId })).members.map((m) => m.memberId)).toContain(bob);
  });
});

// ---- The property: the SQL aggregate agrees with the domain's computeBalances ----

type Kind = 'shares' | 'percentages' | 'amounts' | 'settlement';
interface GeneratedExpense {
  kind: Kind;
  amountCents: number;
  payer: number;
  recipient: number;
  /** One raw value per possible seat, read according to the kind. */
  values: number[];
  exact: boolean;
  asText: boolean;
}

const MAX_SEATS = 5;
const expenseArbitrary: fc.Arbitrary<GeneratedExpense> = fc.record({
  kind: fc.constantFrom<Kind>('shares', 'percentages', 'amounts', 'settlement'),
  amountCents: fc.oneof(fc.integer({ min: 1, max: 500 }), fc.integer({ min: 1, max: 100_000_000 })),
  payer: fc.nat(),
  recipient: fc.nat(),
  values: fc.array(fc.nat({ max: 10_000 }), { minLength: MAX_SEATS, maxLength: MAX_SEATS }),
  exact: fc.boolean(),
  asText: fc.boolean(),
});
const scenarioArbitrary = fc.record({
  seats: fc.integer({ min: 2, max: MAX_SEATS }),
  expenses: fc.array(expenseArbitrary, { minLength: 1, maxLength: 6 }),
  deleteOne: fc.option(fc.nat()),
  removeOne: fc.option(fc.nat()),
});

const money = (value: Cents, asText: boolean) =>
  asText ? formatCents(value).replace('.', ',') : centsToDecimal(value);

/** Makes the values sum exactly to `total`, keeping them >= 0 (the last member takes the difference). */
function exactly(values: number[], total: number): number[] {
  const sum = values.reduce((a, b) => a + b, 0);
  if (sum === 0) return values.map((_, i) => (i === 0 ? total : 0));
  const scaled = values.map((v) => Math.floor((v * total) / sum));
  scaled[scaled.length - 1]! += total - scaled.reduce((a, b) => a + b, 0);
  return scaled;
}

/** The create input for one generated expense, and the splits the domain says it must get. */
function build(e: GeneratedExpense, seats: string[]) {
  const n = seats.length;
  const payerId = seats[e.payer % n]!;
  const order = seats;
  const keyed = <T>(values: T[]) => Object.fromEntries(seats.map((id, i) => [id, values[i]!]));
  const withOnePositive = (values: number[], one: number) =>
    values.some((v) => v > 0) ? values : values.map((v, i) => (seats[i] === payerId ? one : v));
  const raw = e.values.slice(0, n);

  switch (e.kind) {
    case 'settlement': {
      let to = e.recipient % n;
      if (seats[to] === payerId) to = (to + 1) % n;
      const toId = seats[to]!;
      return {
        input: {
          amount: money(e.amountCents, e.asText),
          settlement: true,
          settlementFromId: payerId,
          settlementToId: toId,
        },
        splits: settlementSplit(e.amountCents, toId),
      };
    }
    case 'shares': {
      const shares = keyed(
        withOnePositive(
          raw.map((v) => v % 4),
          1,
        ),
      );
      return {
        input: { name: 'S', amount: money(e.amountCents, e.asText), paidById: payerId, sharesInput: shares },
        splits: splitExpense({
          amountCents: e.amountCents,
          payerId,
          memberOrder: order,
          method: 'shares',
          shares,
        }),
      };
    }
    case 'percentages': {
      // Hundredths of a percent, each 0..100 %; exact ones sum to 100 %, the others to anything.
      const hundredths = withOnePositive(e.exact ? exactly(raw, 10_000) : raw, 10_000);
      const percentages = keyed(hundredths.map((h) => h / 100));
      return {
        input: {
          name: 'P',
          amount: money(e.amountCents, e.asText),
          paidById: payerId,
          splitMethod: 'percentages',
          percentagesInput: percentages,
        },
        splits: splitExpense({
          amountCents: e.amountCents,
          payerId,
          memberOrder: order,
          method: 'percentages',
          percentages,
        }),
      };
    }
    case 'amounts': {
      // Up to twice the amount each when not exact: under- and over-allocated expenses.
      const amounts = withOnePositive(
        e.exact ? exactly(raw, e.amountCents) : raw.map((v) => Math.floor((v * e.amountCents) / 5_000)),
        e.amountCents,
      );
      return {
        input: {
          name: 'A',
          amount: money(e.amountCents, e.asText),
          paidById: payerId,
          splitMethod: 'amounts',
          splits: keyed(amounts.map((c) => money(c, e.asText))),
        },
        splits: splitExpense({
          amountCents: e.amountCents,
          payerId,
          memberOrder: order,
          method: 'amounts',
          amounts: keyed(amounts),
        }),
      };
    }
  }
}

describe('balances.get, as a property', () => {
  let owner: Awaited<ReturnType<typeof signUp>>;
  beforeAll(async () => {
    owner = await signUp(db.current.db, 'Owner');
  });

  it('equals computeBalances over the listed expenses; nets sum to zero; debts settle everything', async () => {
    await fc.assert(
      fc.asyncProperty(scenarioArbitrary, async (scenario) => {
        const call = await owner.call();
        const { id: groupId } = await call.groups.create({
          name: 'Prop',
          users: Array.from({ length: scenario.seats - 1 }, (_, i) => ({ name: `Seat ${i + 1}` })),
        });
        const seats = (await call.groups.get({ groupId })).users.map((u) => u.memberId);

        const created: { id: string; splits: Record<string, Cents> }[] = [];
        for (const generated of scenario.expenses) {
          const { input, splits } = build(generated, seats);
          const { id } = await call.expenses.create({ groupId, ...input } as never);
          created.push({ id, splits });
        }
        if (scenario.deleteOne !== null) {
          await call.expenses.delete({ expenseId: created[scenario.deleteOne % created.length]!.id });
        }
        const removed =
          scenario.removeOne === null ? undefined : seats[1 + (scenario.removeOne % (seats.length - 1))]!;
        if (removed) await setSeatStatus(db.current.db, removed, 'REMOVED');

        const listed = await call.expenses.list({ groupId });
        const balances = await call.balances.get({ groupId });

        // The server stored the splits the domain computes from the same input.
        for (const expense of listed) {
          const expected = created.find((c) => c.id === expense.id)!.splits;
          const stored = Object.fromEntries(Object.entries(expense.splits).map(([id, v]) => [id, cents(v)]));
          expect(stored).toEqual(expected);
        }

        const domain = computeBalances(
          listed.map((e) => ({
            amountCents: cents(e.amount),
            payerId: e.paidById,
            splits: Object.fromEntries(Object.entries(e.splits).map(([id, v]) => [id, cents(v)])),
          })),
          seats,
        );
        const listedSeats = seats.filter(
          (id) => id !== removed || domain[id]!.paid !== 0 || domain[id]!.owed !== 0,
        );
        expect(balances.members.map((m) => m.memberId)).toEqual(listedSeats);
        for (const m of balances.members) {
          expect([cents(m.paid), cents(m.owed), cents(m.net)], m.name).toEqual([
            domain[m.memberId]!.paid,
            domain[m.memberId]!.owed,
            domain[m.memberId]!.net,
          ]);
          expect(m.removed).toBe(m.memberId === removed);
        }
        expect(cents(balances.total)).toBe(
          listed.filter((e) => !e.settlement).reduce((sum, e) => sum + cents(e.amount), 0),
        );
        expectSettled(balances);
      }),
      { numRuns: 25 },
    );
  });
});
