import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  type Database,
  expensePayers,
  expenseSplits,
  expenses,
  memberBalances,
  migrationsFolder,
} from '@dolya/db';
import { raceOnWrites } from '@dolya/db/testing';
import { type Cents, computeBalances, splitExpense } from '@dolya/domain';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadLedger, memberTotals } from '../src/services/admin/ledger';
import { checkLedger } from '../src/services/admin/ledger-check';
import { noTotals, storedTotals, type Totals } from '../src/services/member-totals';
import type { Caller } from './fixtures';
import { trio } from './fixtures';
import { signUp, useTestDatabase } from './harness';

const db = useTestDatabase();
const d = () => db.current.db;

type CreateInput = Omit<Parameters<Caller['expenses']['create']>[0], 'groupId'>;

/** Totals of every member with money, zeros dropped, as plain records to compare. */
function nonZero(totals: Map<string, Totals>): Record<string, Totals> {
  return Object.fromEntries(
    [...totals]
      .filter(([, t]) => t.paid !== 0 || t.owed !== 0 || t.sent !== 0 || t.received !== 0)
      .sort(([a], [b]) => (a < b ? -1 : 1)),
  );
}

/** Every live expense in full, through the pages of the list. */
async function allExpenses(call: Caller, groupId: string) {
  const listed = [];
  let cursor: string | null = null;
  do {
    const page = await call.expenses.list({ groupId, limit: 200, cursor });
    listed.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return listed;
}

/**
 * The stored totals equal the totals recomputed from the rows (the admin check's own
 * arithmetic), the domain's computeBalances over the listed expenses, and what balances.get
 * answers; the nets sum to zero and the ledger check finds no drift.
 */
async function expectTotalsHold(call: Caller, groupId: string) {
  const stored = nonZero(await storedTotals(d(), groupId));
  expect(stored).toEqual(nonZero(memberTotals(await loadLedger(d(), groupId))));

  const listed = await allExpenses(call, groupId);
  const domain = (settlement: boolean) =>
    computeBalances(
      listed
        .filter((e) => e.settlement === settlement)
        .map((e) => ({ amountCents: e.amountCents, payerId: e.paidById, splits: e.splitCents })),
    );
  const spending = domain(false);
  const settling = domain(true);
  const fromDomain = new Map<string, Totals>();
  for (const id of new Set([...Object.keys(spending), ...Object.keys(settling)])) {
    fromDomain.set(id, {
      paid: spending[id]?.paid ?? 0,
      owed: spending[id]?.owed ?? 0,
      sent: settling[id]?.paid ?? 0,
      received: settling[id]?.owed ?? 0,
    });
  }
  expect(stored).toEqual(nonZero(fromDomain));

  const balances = await call.balances.get({ groupId });
  for (const m of balances.members) {
    const t = stored[m.memberId] ?? noTotals();
    expect([m.paidCents, m.owedCents, m.sentCents, m.receivedCents]).toEqual([
      t.paid,
      t.owed,
      t.sent,
      t.received,
    ]);
  }
  expect(balances.members.reduce((sum, m) => sum + m.netCents, 0)).toBe(0);
  expect(balances.totalCents).toBe(
    listed.filter((e) => !e.settlement).reduce((sum, e) => sum + e.amountCents, 0),
  );
  const report = await checkLedger(d());
  expect(report.problems.filter((p) => p.groupId === groupId)).toEqual([]);
}

describe('stored member totals, write by write', () => {
  it('follow creates in every mode, settlements, edits of every kind and deletes', async () => {
    const t = await trio(d());
    const call = await t.alice.call();
    const g = t.groupId;
    const expectHold = () => expectTotalsHold(call, g);

    const shares = await call.expenses.create({
      groupId: g,
      name: 'Shares',
      amountCents: 10_001,
      paidById: t.a,
      sharesInput: { [t.a]: 1, [t.b]: 2, [t.c]: 0 },
    });
    await expectHold();
    expect(nonZero(await storedTotals(d(), g))).toEqual({
      [t.a]: { paid: 10_001, owed: 3_334, sent: 0, received: 0 },
      [t.b]: { paid: 0, owed: 6_667, sent: 0, received: 0 },
    });
    const under = await call.expenses.create({
      groupId: g,
      name: 'Under-allocated',
      amountCents: 2_000,
      paidById: t.b,
      splitMethod: 'amounts',
      splitCents: { [t.c]: 500 },
    });
    await expectHold();
    const over = await call.expenses.create({
      groupId: g,
      name: 'Over 100 %',
      amountCents: 1_000,
      paidById: t.c,
      splitMethod: 'percentages',
      percentagesInput: { [t.a]: 80, [t.b]: 70 },
    });
    await expectHold();
    const payback = await call.expenses.create({
      groupId: g,
      amountCents: 4_000,
      settlement: true,
      settlementFromId: t.b,
      settlementToId: t.a,
    });
    await expectHold();
    expect(nonZero(await storedTotals(d(), g))[t.b]).toMatchObject({ sent: 4_000, received: 0 });

    // Edits: another payer and amount; another mode; a settlement's ends; an expense into a settlement.
    await call.expenses.update({
      groupId: t.groupId,
      expenseId: shares.id,
      name: 'Shares',
      amountCents: 9_000,
      paidById: t.c,
    });
    await expectHold();
    await call.expenses.update({
      groupId: t.groupId,
      expenseId: under.id,
      name: 'Now shares',
      amountCents: 2_000,
      paidById: t.b,
      sharesInput: { [t.a]: 1, [t.c]: 1 },
    });
    await expectHold();
    await call.expenses.update({
      groupId: t.groupId,
      expenseId: payback.id,
      amountCents: 3_999,
      settlement: true,
      settlementFromId: t.c,
      settlementToId: t.b,
    });
    await expectHold();
    await call.expenses.update({
      groupId: t.groupId,
      expenseId: over.id,
      amountCents: 1_000,
      settlement: true,
      settlementFromId: t.c,
      settlementToId: t.a,
    });
    await expectHold();

    for (const id of [shares.id, payback.id, under.id, over.id]) {
      await call.expenses.delete({ groupId: t.groupId, expenseId: id });
      await expectHold();
    }
    expect(nonZero(await storedTotals(d(), g))).toEqual({});
  });

  it('a refused write leaves them as they were', async () => {
    const t = await trio(d());
    const call = await t.alice.call();
    const { id } = await call.expenses.create({
      groupId: t.groupId,
      name: 'A',
      amountCents: 300,
      paidById: t.a,
    });
    const before = await storedTotals(d(), t.groupId);
    await call.expenses.update({
      groupId: t.groupId,
      expenseId: id,
      name: 'B',
      amountCents: 600,
      paidById: t.b,
      version: 1,
    });
    const after = await storedTotals(d(), t.groupId);
    await expect(
      call.expenses.update({
        groupId: t.groupId,
        expenseId: id,
        name: 'C',
        amountCents: 900,
        paidById: t.c,
        version: 1,
      }),
    ).rejects.toThrow();
    expect(await storedTotals(d(), t.groupId)).toEqual(after);
    expect(after).not.toEqual(before);
  });
});

describe('concurrent writes in one group', () => {
  it('lose no change: creates, an edit and a delete that all collide on the same members', async () => {
    const t = await trio(d());
    const g = t.groupId;
    const alice = await t.alice.call();
    const bob = await t.bob.call();
    const edited = await alice.expenses.create({
      groupId: g,
      name: 'Edit me',
      amountCents: 1_000,
      paidById: t.a,
    });
    const deleted = await alice.expenses.create({
      groupId: g,
      name: 'Delete me',
      amountCents: 2_000,
      paidById: t.b,
    });
    const results = await raceOnWrites<unknown>(db.current, 'member_balances', [
      () => alice.expenses.create({ groupId: g, name: 'One', amountCents: 1_111, paidById: t.a }),
      () => bob.expenses.create({ groupId: g, name: 'Two', amountCents: 2_222, paidById: t.b }),
      () =>
        bob.expenses.create({
          groupId: g,
          amountCents: 333,
          settlement: true,
          settlementFromId: t.c,
          settlementToId: t.a,
        }),
      () =>
        alice.expenses.update({
          groupId: t.groupId,
          expenseId: edited.id,
          name: 'Edited',
          amountCents: 4_444,
          paidById: t.c,
        }),
      () => bob.expenses.delete({ groupId: t.groupId, expenseId: deleted.id }),
    ]);
    expect(results.map((r) => r.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'fulfilled',
    ]);
    await expectTotalsHold(alice, g);
    expect((await alice.balances.get({ groupId: g })).totalCents).toBe(1_111 + 2_222 + 4_444);
  });
});

// ---- The property: random operations, stored totals == recomputed == computeBalances ----

type Kind = 'shares' | 'percentages' | 'amounts' | 'settlement';
interface Generated {
  kind: Kind;
  amountCents: number;
  payer: number;
  other: number;
  values: number[];
}
type Operation =
  | { op: 'create'; expense: Generated }
  | { op: 'update'; target: number; expense: Generated }
  | { op: 'delete'; target: number }
  | { op: 'remove'; target: number };

const SEATS = 4;
const generated: fc.Arbitrary<Generated> = fc.record({
  kind: fc.constantFrom<Kind>('shares', 'percentages', 'amounts', 'settlement'),
  amountCents: fc.oneof(fc.integer({ min: 1, max: 1_000 }), fc.integer({ min: 1, max: 1_000_000_000 })),
  payer: fc.nat(),
  other: fc.nat(),
  values: fc.array(fc.nat({ max: 300 }), { minLength: SEATS, maxLength: SEATS }),
});
const operation: fc.Arbitrary<Operation> = fc.oneof(
  { weight: 4, arbitrary: generated.map((expense) => ({ op: 'create' as const, expense })) },
  {
    weight: 2,
    arbitrary: fc.record({ op: fc.constant('update' as const), target: fc.nat(), expense: generated }),
  },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('delete' as const), target: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('remove' as const), target: fc.nat() }) },
);

/** An input over the active seats: any mode, allocations exact or not, settlements between two seats. */
function input(e: Generated, active: string[]): CreateInput {
  const payerId = active[e.payer % active.length]!;
  const keyed = (values: number[]) => Object.fromEntries(active.map((id, i) => [id, values[i] ?? 0]));
  /** Some value above zero, so every mode has someone to split to. */
  const somePositive = (values: number[]) =>
    values.some((v) => v > 0) ? values : values.map((_, i) => (i === 0 ? 1 : 0));
  const raw = e.values.slice(0, active.length);
  switch (e.kind) {
    case 'settlement': {
      const others = active.filter((id) => id !== payerId);
      return {
        amountCents: e.amountCents,
        settlement: true,
        settlementFromId: payerId,
        settlementToId: others[e.other % others.length]!,
      };
    }
    case 'shares':
      return {
        name: 'S',
        amountCents: e.amountCents,
        paidById: payerId,
        sharesInput: keyed(somePositive(raw.map((v) => v % 4))),
      };
    case 'percentages':
      return {
        name: 'P',
        amountCents: e.amountCents,
        paidById: payerId,
        splitMethod: 'percentages',
        // Whole hundredths of a percent, 0..100 % each; the sum may be anything.
        percentagesInput: keyed(somePositive(raw).map((v) => Math.min(10_000, v * 37) / 100)),
      };
    case 'amounts': {
      // Up to about three times the amount in all: under-, exactly and over-allocated.
      const amounts = splitExpense({
        amountCents: Math.max(1, Math.floor((e.amountCents * (e.other % 300)) / 100)),
        payerId,
        memberOrder: active,
        method: 'shares',
        shares: keyed(raw.map((v) => (v % 5) + 1)),
      });
      return {
        name: 'A',
        amountCents: e.amountCents,
        paidById: payerId,
        splitMethod: 'amounts',
        splitCents: amounts,
      };
    }
  }
}

describe('stored member totals, as a property', () => {
  it('random creates, edits, deletes and member removals keep stored == recomputed == computeBalances', async () => {
    const owner = await signUp(d(), 'Owner');
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 1, maxLength: 10 }), async (operations) => {
        const call = await owner.call();
        const { id: groupId } = await call.groups.create({
          name: 'Prop',
          users: Array.from({ length: SEATS - 1 }, (_, i) => ({ name: `Seat ${i + 1}` })),
        });
        const seats = (await call.groups.get({ groupId })).users.map((u) => u.memberId);
        let active = [...seats];
        const live: string[] = [];
        for (const step of operations) {
          if (step.op === 'create') {
            live.push((await call.expenses.create({ groupId, ...input(step.expense, active) })).id);
          } else if (step.op === 'update' && live.length > 0) {
            const expenseId = live[step.target % live.length]!;
            await call.expenses.update({ groupId, expenseId, ...input(step.expense, active) });
          } else if (step.op === 'delete' && live.length > 0) {
            await call.expenses.delete({ groupId, expenseId: live.splice(step.target % live.length, 1)[0]! });
          } else if (step.op === 'remove' && active.length > 2) {
            // Never the owner (first seat): a member cannot remove themself.
            const memberId = active[1 + (step.target % (active.length - 1))]!;
            await call.members.remove({ groupId, memberId });
            active = active.filter((id) => id !== memberId);
          }
        }
        await expectTotalsHold(call, groupId);
      }),
      { numRuns: 25 },
    );
  });
});

// ---- The backfill migration ----

const backfillSql = readFileSync(join(migrationsFolder, '0009_member_balances_backfill.sql'), 'utf8');

/** Writes an expense the way the code did before stored totals: its rows only. */
async function writeOldWay(
  database: Database,
  groupId: string,
  row: {
    amountCents: Cents;
    payerId: string;
    splits: Record<string, Cents>;
    settlement?: { from: string; to: string };
    deleted?: boolean;
  },
) {
  const [expense] = await database
    .insert(expenses)
    .values({
      groupId,
      name: 'Old',
      amountCents: row.amountCents,
      paidByMemberId: row.payerId,
      date: new Date(),
      splitMethod: 'amounts',
      isSettlement: !!row.settlement,
      settlementFromId: row.settlement?.from ?? null,
      settlementToId: row.settlement?.to ?? null,
      deletedAt: row.deleted ? new Date() : null,
    })
    .returning({ id: expenses.id });
  await database
    .insert(expensePayers)
    .values({ expenseId: expense!.id, groupId, memberId: row.payerId, amountCents: row.amountCents });
  const splits = Object.entries(row.splits).map(([memberId, amountCents]) => ({
    expenseId: expense!.id,
    groupId,
    memberId,
    amountCents,
  }));
  if (splits.length) await database.insert(expenseSplits).values(splits);
}

describe('the backfill migration', () => {
  it('fills the totals of rows written before the table existed, exactly as the writes keep them', async () => {
    const t = await trio(d());
    const other = await trio(d());
    // Through the services: the totals the writes keep, to compare with a backfill of the same rows.
    const call = await t.alice.call();
    await call.expenses.create({ groupId: t.groupId, name: 'Kept', amountCents: 9_999, paidById: t.b });
    const { id: gone } = await call.expenses.create({
      groupId: t.groupId,
      name: 'Gone',
      amountCents: 123,
      paidById: t.c,
    });
    await call.expenses.delete({ groupId: t.groupId, expenseId: gone });
    await call.expenses.create({
      groupId: t.groupId,
      amountCents: 700,
      settlement: true,
      settlementFromId: t.c,
      settlementToId: t.a,
    });
    const kept = await storedTotals(d(), t.groupId);
    // The old way: rows only, nothing in member_balances; under- and over-allocated, a settlement, a deleted one.
    await writeOldWay(d(), other.groupId, {
      amountCents: 1_000,
      payerId: other.a,
      splits: { [other.b]: 400 },
    });
    await writeOldWay(d(), other.groupId, {
      amountCents: 1_000,
      payerId: other.b,
      splits: { [other.a]: 900, [other.c]: 600 },
    });
    await writeOldWay(d(), other.groupId, {
      amountCents: 250,
      payerId: other.c,
      splits: { [other.b]: 250 },
      settlement: { from: other.c, to: other.b },
    });
    await writeOldWay(d(), other.groupId, {
      amountCents: 5_000,
      payerId: other.a,
      splits: { [other.c]: 5_000 },
      deleted: true,
    });
    expect(await storedTotals(d(), other.groupId)).toEqual(new Map());

    await d().delete(memberBalances);
    await d().execute(sql.raw(backfillSql));

    expect(await storedTotals(d(), t.groupId)).toEqual(kept);
    expect(nonZero(await storedTotals(d(), other.groupId))).toEqual({
      [other.a]: { paid: 1_000, owed: 600 + 900, sent: 0, received: 0 },
      [other.b]: { paid: 1_000, owed: 400 - 500, sent: 0, received: 250 },
      [other.c]: { paid: 0, owed: 600, sent: 250, received: 0 },
    });
    for (const group of [t, other]) {
      expect(nonZero(await storedTotals(d(), group.groupId))).toEqual(
        nonZero(memberTotals(await loadLedger(d(), group.groupId))),
      );
    }
    expect((await checkLedger(d())).problems).toEqual([]);
    // And the next write adds to the backfilled totals.
    await (await other.alice.call()).expenses.create({
      groupId: other.groupId,
      name: 'After',
      amountCents: 300,
      paidById: other.c,
    });
    expect((await storedTotals(d(), other.groupId)).get(other.c)).toEqual({
      paid: 300,
      owed: 700,
      sent: 250,
      received: 0,
    });
    expect(
      await d().select().from(memberBalances).where(eq(memberBalances.groupId, other.groupId)),
    ).toHaveLength(3);
  });
});
