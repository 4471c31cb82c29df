import {
  type Cents,
  computeBalances,
  type MemberBalance,
  settlementSplit,
  splitExpense,
} from '@dolya/domain';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_EMAIL, DEMO_PASSWORD, seedDemo } from '../src/seed';
import { type Caller, setSeatStatus, setStatus, trio } from './fixtures';
import { browser, signUp, useTestDatabase } from './harness';

const db = useTestDatabase();

type Balances = Awaited<ReturnType<Caller['balances']['get']>>;
type CreateInput = Omit<Parameters<Caller['expenses']['create']>[0], 'groupId'>;

const sum = (values: Cents[]) => values.reduce((a, b) => a + b, 0);

/** Nets plus the suggested transfers: every member must end at exactly zero. */
function afterDebts(balances: Balances): Record<string, Cents> {
  const left: Record<string, Cents> = {};
  for (const m of balances.members) left[m.memberId] = m.netCents;
  for (const d of balances.debts) {
    expect(Number.isSafeInteger(d.amountCents)).toBe(true);
    expect(d.amountCents).toBeGreaterThan(0);
    left[d.fromMemberId] = (left[d.fromMemberId] ?? Number.NaN) + d.amountCents;
    left[d.toMemberId] = (left[d.toMemberId] ?? Number.NaN) - d.amountCents;
  }
  return left;
}

/**
 * The invariants of every answer: each net is its steps (settlements included), nets sum to zero,
 * spending adds up to the total on both sides, settlements sent equal those received, and the
 * debts settle everything in at most n - 1 transfers.
 */
function expectSettled(balances: Balances) {
  for (const m of balances.members) {
    expect(m.netCents, m.name).toBe(m.paidCents - m.owedCents + m.sentCents - m.receivedCents);
  }
  const nets = balances.members.map((m) => m.netCents);
  expect(sum(nets)).toBe(0);
  expect(sum(balances.members.map((m) => m.paidCents))).toBe(balances.totalCents);
  expect(sum(balances.members.map((m) => m.owedCents))).toBe(balances.totalCents);
  expect(sum(balances.members.map((m) => m.sentCents))).toBe(
    sum(balances.members.map((m) => m.receivedCents)),
  );
  for (const value of Object.values(afterDebts(balances))) expect(value).toBe(0);
  const nonZero = nets.filter((n) => n !== 0).length;
  expect(balances.debts.length).toBeLessThanOrEqual(Math.max(0, nonZero - 1));
}

const zero = { paidCents: 0, owedCents: 0, sentCents: 0, receivedCents: 0, netCents: 0 };

describe('balances.get', () => {
  it('answers paid, owed, settlements and net per member, the total without settlements, and debts that settle', async () => {
    const t = await trio(db.current.db, 'EUR');
    const call = await t.alice.call();
    await call.expenses.create({ groupId: t.groupId, name: 'Hotel', amountCents: 9000, paidById: t.a });
    await call.expenses.create({
      groupId: t.groupId,
      name: 'Taxi',
      amountCents: 1000,
      paidById: t.b,
      splitMethod: 'amounts',
      splitCents: { [t.b]: 400, [t.c]: 600 },
    });
    await call.expenses.create({
      groupId: t.groupId,
      amountCents: 2000,
      settlement: true,
      settlementFromId: t.c,
      settlementToId: t.a,
    });

    const balances = await call.balances.get({ groupId: t.groupId });
    expect(balances.currency).toBe('EUR');
    expect(balances.totalCents).toBe(10_000);
    // Paid and owed are spending only; Carl's settlement shows as sent, Alice's as received, and
    // the nets include both.
    expect(balances.members).toEqual([
      {
        memberId: t.a,
        name: 'Alice',
        removed: false,
        paidCents: 9000,
        owedCents: 3000,
        sentCents: 0,
        receivedCents: 2000,
        netCents: 4000,
      },
      {
        memberId: t.b,
        name: 'Bob',
        removed: false,
        paidCents: 1000,
        owedCents: 3400,
        sentCents: 0,
        receivedCents: 0,
        netCents: -2400,
      },
      {
        memberId: t.c,
        name: 'Carl',
        removed: false,
        paidCents: 0,
        owedCents: 3600,
        sentCents: 2000,
        receivedCents: 0,
        netCents: -1600,
      },
    ]);
    expect(balances.debts).toEqual(
      expect.arrayContaining([
        { fromMemberId: t.b, toMemberId: t.a, amountCents: 2400 },
        { fromMemberId: t.c, toMemberId: t.a, amountCents: 1600 },
      ]),
    );
    expect(balances.debts).toHaveLength(2);
    expectSettled(balances);
  });

  it('answers zeros and no debts for a group without expenses', async () => {
    const t = await trio(db.current.db);
    const balances = await (await t.bob.call()).balances.get({ groupId: t.groupId });
    expect(balances.totalCents).toBe(0);
    expect(balances.members).toEqual([
      { memberId: t.a, name: 'Alice', removed: false, ...zero },
      { memberId: t.b, name: 'Bob', removed: false, ...zero },
      { memberId: t.c, name: 'Carl', removed: false, ...zero },
    ]);
    expect(balances.debts).toEqual([]);
  });

  it('keeps a removed seat with money listed as removed, drops one without, and lists PENDING seats', async () => {
    const t = await trio(db.current.db);
    const call = await t.alice.call();
    const { id: groupId } = await call.groups.create({
      name: 'Four',
      users: [{ name: 'Dan' }, { name: 'Eve' }, { id: t.bob.user.id, name: 'Bob' }, { name: 'Fay' }],
    });
    const seats = (await call.groups.get({ groupId })).users.map((u) => u.memberId);
    const [a, dan, eve, bob, fay] = seats as [string, string, string, string, string];
    await call.expenses.create({
      groupId,
      name: 'Boat',
      amountCents: 3000,
      paidById: dan,
      participants: [a, dan, bob],
    });
    // Fay's only money is a settlement she received: that alone keeps her removed seat listed.
    await call.expenses.create({
      groupId,
      amountCents: 500,
      settlement: true,
      settlementFromId: a,
      settlementToId: fay,
    });
    await setSeatStatus(db.current.db, dan, 'REMOVED');
    await setSeatStatus(db.current.db, eve, 'REMOVED');
    await setSeatStatus(db.current.db, fay, 'REMOVED');

    const balances = await call.balances.get({ groupId });
    expect(balances.members).toEqual([
      {
        memberId: a,
        name: 'Alice',
        removed: false,
        ...zero,
        owedCents: 1000,
        sentCents: 500,
        netCents: -500,
      },
      {
        memberId: dan,
        name: 'Dan',
        removed: true,
        ...zero,
        paidCents: 3000,
        owedCents: 1000,
        netCents: 2000,
      },
      { memberId: bob, name: 'Bob', removed: false, ...zero, owedCents: 1000, netCents: -1000 },
      { memberId: fay, name: 'Fay', removed: true, ...zero, receivedCents: 500, netCents: -500 },
    ]);
    expectSettled(balances);
    expect(balances.debts.every((d) => d.toMemberId === dan)).toBe(true);
    await setStatus(db.current.db, groupId, t.bob.user.id, 'PENDING');
    expect((await call.balances.get({ groupId })).members.map((m) => m.memberId)).toContain(bob);
  });
});

describe('balances.get with settlements (statistics)', () => {
  it('keeps settlements out of paid and owed, shows them as sent and received, and counts them in the nets', async () => {
    const t = await trio(db.current.db, 'EUR');
    const call = await t.alice.call();
    const create = (input: CreateInput) => call.expenses.create({ groupId: t.groupId, ...input });
    // Fully allocated spending of 600.00 and 301.00 (shares 1/1/1: 100.33, 100.34 to the payer, 100.33).
    await create({ name: 'Flat', amountCents: 60_000, paidById: t.a });
    await create({ name: 'Food', amountCents: 30_100, paidById: t.b });
    // Two settlements, one each way round.
    await create({ amountCents: 20_000, settlement: true, settlementFromId: t.c, settlementToId: t.a });
    await create({ amountCents: 5_000, settlement: true, settlementFromId: t.a, settlementToId: t.b });

    const balances = await call.balances.get({ groupId: t.groupId });
    expect(balances.totalCents).toBe(90_100);
    const byName = Object.fromEntries(balances.members.map(({ memberId: _id, ...m }) => [m.name, m]));
    expect(byName).toEqual({
      Alice: {
        name: 'Alice',
        removed: false,
        paidCents: 60_000,
        owedCents: 20_000 + 10_033,
        sentCents: 5_000,
        receivedCents: 20_000,
        netCents: 60_000 - 30_033 + 5_000 - 20_000,
      },
      Bob: {
        name: 'Bob',
        removed: false,
        paidCents: 30_100,
        owedCents: 20_000 + 10_034,
        sentCents: 0,
        receivedCents: 5_000,
        netCents: 30_100 - 30_034 - 5_000,
      },
      Carl: {
        name: 'Carl',
        removed: false,
        paidCents: 0,
        owedCents: 20_000 + 10_033,
        sentCents: 20_000,
        receivedCents: 0,
        netCents: -30_033 + 20_000,
      },
    });
    // Shares of the spending add up to what was spent, not to more.
    expect(sum(balances.members.map((m) => m.owedCents))).toBe(balances.totalCents);
    expect(sum(balances.members.map((m) => m.netCents))).toBe(0);
    expectSettled(balances);

    // Deleting a settlement takes it out of sent, received and the nets; spending stays.
    const [settlement] = (await call.expenses.list({ groupId: t.groupId })).items.filter(
      (e) => e.settlement && e.settlementFromId === t.c,
    );
    await call.expenses.delete({ groupId: t.groupId, expenseId: settlement!.id });
    const after = await call.balances.get({ groupId: t.groupId });
    expect(after.members.map((m) => [m.paidCents, m.owedCents, m.sentCents, m.receivedCents])).toEqual([
      [60_000, 30_033, 5_000, 0],
      [30_100, 30_034, 0, 5_000],
      [0, 30_033, 0, 0],
    ]);
    expectSettled(after);
  });
});

describe('the demo seed (Kazan trip)', () => {
  const seeded = useTestDatabase();

  it('shows Боря paying his groceries, 2 345,67, and his settlement of 1 000,00 apart from it', async () => {
    expect(await seedDemo(seeded.current.db)).toBe(true);
    const demo = await browser(seeded.current.db);
    await (await demo.call()).auth.login({ email: DEMO_EMAIL, password: DEMO_PASSWORD });
    const call = await demo.call();
    const [group] = await call.groups.list();
    expect(group).toMatchObject({ name: 'Поездка в Казань', currency: 'RUB' });
    const balances = await call.balances.get({ groupId: group!.id });

    // Пицца 1 200 + Такси 850,50 + Гостиница 9 000 + Продукты 2 345,67; the settlement is not spending.
    expect(balances.totalCents).toBe(120_000 + 85_050 + 900_000 + 234_567);
    const byName = Object.fromEntries(balances.members.map(({ memberId: _id, name, ...m }) => [name, m]));
    expect(byName).toEqual({
      // Shares of Пицца (1/1/1), Такси (amounts), Гостиница (50/25/25 %), Продукты (2/1/1, the
      // remainder cents to Боря, who paid).
      Демо: {
        removed: false,
        paidCents: 120_000 + 900_000,
        owedCents: 40_000 + 30_000 + 450_000 + 117_283,
        sentCents: 0,
        receivedCents: 100_000,
        netCents: 1_020_000 - 637_283 - 100_000,
      },
      Аня: {
        removed: false,
        paidCents: 85_050,
        owedCents: 40_000 + 30_000 + 225_000 + 58_641,
        sentCents: 0,
        receivedCents: 0,
        netCents: 85_050 - 353_641,
      },
      Боря: {
        removed: false,
        paidCents: 234_567,
        owedCents: 40_000 + 25_050 + 225_000 + 58_643,
        sentCents: 100_000,
        receivedCents: 0,
        netCents: 234_567 - 348_693 + 100_000,
      },
    });
    expect(sum(balances.members.map((m) => m.owedCents))).toBe(balances.totalCents);
    expectSettled(balances);
  });
});

// ---- The property: balances.get (the stored member totals) agrees with the domain's computeBalances ----

type Kind = 'shares' | 'percentages' | 'amounts' | 'settlement';
interface GeneratedExpense {
  kind: Kind;
  amountCents: number;
  payer: number;
  recipient: number;
  /** One raw value per possible seat, read according to the kind. */
  values: number[];
  exact: boolean;
}

const MAX_SEATS = 5;
const expenseArbitrary: fc.Arbitrary<GeneratedExpense> = fc.record({
  kind: fc.constantFrom<Kind>('shares', 'percentages', 'amounts', 'settlement'),
  amountCents: fc.oneof(fc.integer({ min: 1, max: 500 }), fc.integer({ min: 1, max: 100_000_000 })),
  payer: fc.nat(),
  recipient: fc.nat(),
  values: fc.array(fc.nat({ max: 10_000 }), { minLength: MAX_SEATS, maxLength: MAX_SEATS }),
  exact: fc.boolean(),
});
const scenarioArbitrary = fc.record({
  seats: fc.integer({ min: 2, max: MAX_SEATS }),
  expenses: fc.array(expenseArbitrary, { minLength: 1, maxLength: 6 }),
  deleteOne: fc.option(fc.nat()),
  removeOne: fc.option(fc.nat()),
});

/** Makes the values sum exactly to `total`, keeping them >= 0 (the last member takes the difference). */
function exactly(values: number[], total: number): number[] {
  const sum = values.reduce((a, b) => a + b, 0);
  if (sum === 0) return values.map((_, i) => (i === 0 ? total : 0));
  const scaled = values.map((v) => Math.floor((v * total) / sum));
  scaled[scaled.length - 1]! += total - scaled.reduce((a, b) => a + b, 0);
  return scaled;
}

/** The create input for one generated expense, and the splits the domain says it must get. */
function build(e: GeneratedExpense, seats: string[]): { input: CreateInput; splits: Record<string, Cents> } {
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
          amountCents: e.amountCents,
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
        input: { name: 'S', amountCents: e.amountCents, paidById: payerId, sharesInput: shares },
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
          amountCents: e.amountCents,
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
          amountCents: e.amountCents,
          paidById: payerId,
          splitMethod: 'amounts',
          splitCents: keyed(amounts),
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
          const { id } = await call.expenses.create({ groupId, ...input });
          created.push({ id, splits });
        }
        if (scenario.deleteOne !== null) {
          await call.expenses.delete({
            groupId,
            expenseId: created[scenario.deleteOne % created.length]!.id,
          });
        }
        const removed =
          scenario.removeOne === null ? undefined : seats[1 + (scenario.removeOne % (seats.length - 1))]!;
        if (removed) await setSeatStatus(db.current.db, removed, 'REMOVED');

        const { items: listed } = await call.expenses.list({ groupId, limit: 200 });
        const balances = await call.balances.get({ groupId });

        // The server stored the splits the domain computes from the same input.
        for (const expense of listed) {
          expect(expense.splitCents).toEqual(created.find((c) => c.id === expense.id)!.splits);
        }

        // Spending and settlements apart: each is the domain's paid/owed over its own entries.
        const ledger = (settlement: boolean) =>
          computeBalances(
            listed
              .filter((e) => e.settlement === settlement)
              .map((e) => ({ amountCents: e.amountCents, payerId: e.paidById, splits: e.splitCents })),
            seats,
          );
        const spending = ledger(false);
        const settling = ledger(true);
        const touched = (b: MemberBalance | undefined) => !!b && (b.paid !== 0 || b.owed !== 0);
        const listedSeats = seats.filter(
          (id) => id !== removed || touched(spending[id]) || touched(settling[id]),
        );
        expect(balances.members.map((m) => m.memberId)).toEqual(listedSeats);
        for (const m of balances.members) {
          const spent = spending[m.memberId]!;
          const settled = settling[m.memberId]!;
          expect([m.paidCents, m.owedCents, m.sentCents, m.receivedCents, m.netCents], m.name).toEqual([
            spent.paid,
            spent.owed,
            settled.paid,
            settled.owed,
            spent.net + settled.net,
          ]);
          expect(m.removed).toBe(m.memberId === removed);
        }
        expect(balances.totalCents).toBe(sum(listed.filter((e) => !e.settlement).map((e) => e.amountCents)));
        expectSettled(balances);
      }),
      { numRuns: 25 },
    );
  });
});
