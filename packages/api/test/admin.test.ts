import { expensePayers, expenseSplits, sessions, signIns } from '@dolya/db';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminCaller } from './actors';
import { callerWithToken, refusal, trio, unknownId } from './fixtures';
import { browser, signUp, useTestDatabase } from './harness';

const db = useTestDatabase();
const d = () => db.current.db;
const admin = () => adminCaller(d());

/**
 * Alice's trip: a 90.00 dinner in equal shares paid by Alice, and Bob paying Alice 10.00 back.
 * Nets: Alice +50.00, Bob -20.00, Carl -30.00.
 */
async function trip() {
  const t = await trio(d());
  const call = await t.alice.call();
  const dinner = await call.expenses.create({
    groupId: t.groupId,
    name: 'Dinner',
    amountCents: 9000,
    paidById: t.a,
    splitMethod: 'shares',
    sharesInput: { [t.a]: 1, [t.b]: 1, [t.c]: 1 },
  });
  const payback = await call.expenses.create({
    groupId: t.groupId,
    amountCents: 1000,
    settlement: true,
    settlementFromId: t.b,
    settlementToId: t.a,
  });
  return { ...t, dinner: dinner.id, payback: payback.id };
}

describe('admin.ledger.check', () => {
  it('finds nothing wrong in what the procedures wrote, and lists partial allocations apart', async () => {
    const t = await trip();
    const call = await t.alice.call();
    const third = await call.expenses.create({
      groupId: t.groupId,
      name: 'Thirds',
      amountCents: 1000,
      paidById: t.b,
      splitMethod: 'percentages',
      percentagesInput: { [t.a]: 33.33, [t.b]: 33.33, [t.c]: 33.34 },
    });
    const taxi = await call.expenses.create({
      groupId: t.groupId,
      name: 'Taxi',
      amountCents: 2000,
      paidById: t.a,
      splitMethod: 'amounts',
      splitCents: { [t.b]: 500 },
    });
    const most = await call.expenses.create({
      groupId: t.groupId,
      name: 'Mostly',
      amountCents: 1000,
      paidById: t.a,
      splitMethod: 'percentages',
      percentagesInput: { [t.b]: 50, [t.c]: 30 },
    });
    const report = await admin().admin.ledger.check();
    expect(report.problems).toEqual([]);
    expect(report.groups).toBeGreaterThanOrEqual(1);
    expect(report.expenses).toBeGreaterThanOrEqual(5);
    const partial = report.notFullyAllocated.filter((p) => p.groupId === t.groupId);
    expect(partial).toEqual([
      expect.objectContaining({
        expenseId: taxi.id,
        splitMethod: 'amounts',
        amountCents: 2000,
        allocatedCents: 500,
      }),
      expect.objectContaining({
        expenseId: most.id,
        splitMethod: 'percentages',
        amountCents: 1000,
        allocatedCents: 800,
      }),
    ]);
    expect(partial.map((p) => p.expenseId)).not.toContain(third.id);
  });

  it('finds a split changed by hand in SQL', async () => {
    const t = await trip();
    await d()
      .update(expenseSplits)
      .set({ amountCents: sql`${expenseSplits.amountCents} + 1` })
      .where(and(eq(expenseSplits.expenseId, t.dinner), eq(expenseSplits.memberId, t.c)));
    const problems = (await admin().admin.ledger.check()).problems.filter((p) => p.groupId === t.groupId);
    const drift = (memberId: string, message: string) => ({
      groupId: t.groupId,
      groupName: 'Trip',
      expenseId: null,
      expenseName: null,
      memberId,
      rule: 'TOTALS_DRIFT',
      message,
    });
    expect(problems).toEqual([
      {
        groupId: t.groupId,
        groupName: 'Trip',
        expenseId: t.dinner,
        expenseName: 'Dinner',
        memberId: null,
        rule: 'SPLITS_SUM',
        message: 'shares splits sum to 90.01, the amount is 90.00',
      },
      // The stored totals were written by the procedures; the rows now say otherwise. Alice, the
      // payer, owes the 0.01 less that the splits now over-allocate.
      drift(t.a, 'Alice: owed 30.00 stored, 29.99 in the rows'),
      drift(t.c, 'Carl: owed 30.00 stored, 30.01 in the rows'),
    ]);
  });

  it('finds a payer row and a settlement recipient changed by hand, and nets that no longer sum to zero', async () => {
    const t = await trip();
    await d().update(expensePayers).set({ amountCents: 8000 }).where(eq(expensePayers.expenseId, t.dinner));
    await d().update(expenseSplits).set({ memberId: t.c }).where(eq(expenseSplits.expenseId, t.payback));
    const problems = (await admin().admin.ledger.check()).problems.filter((p) => p.groupId === t.groupId);
    expect(problems.map((p) => [p.rule, p.expenseId ?? p.memberId])).toEqual([
      ['PAYERS_SUM', t.dinner],
      ['SETTLEMENT_SPLIT', t.payback],
      ['NETS_SUM', null],
      ['TOTALS_DRIFT', t.a],
      ['TOTALS_DRIFT', t.c],
    ]);
    expect(problems[2]!.message).toBe('member nets sum to -10.00, not 0.00');
    expect(problems.slice(3).map((p) => p.message)).toEqual([
      'Alice: paid 90.00 stored, 80.00 in the rows; received 10.00 stored, 0.00 in the rows',
      'Carl: received 0.00 stored, 10.00 in the rows',
    ]);
  });
});

function money(memberId: string, name: string, [paidCents, owedCents, sentCents, receivedCents]: number[]) {
  return { memberId, name, paidCents, owedCents, sentCents, receivedCents, removed: false };
}

describe('admin.groups.show and admin.groups.export', () => {
  let t: Awaited<ReturnType<typeof trip>>;
  beforeAll(async () => {
    t = await trip();
  });

  it('shows members, balances and simplified debts in cents', async () => {
    const shown = await admin().admin.groups.show({ groupId: t.groupId });
    expect(shown).toMatchObject({ id: t.groupId, name: 'Trip', currency: 'EUR', deletedAt: null });
    expect(shown.members.map((m) => [m.name, m.status, m.isAdmin, m.username !== null])).toEqual([
      ['Alice', 'ACTIVE', true, true],
      ['Bob', 'ACTIVE', false, true],
      ['Carl', 'ACTIVE', false, false],
    ]);
    expect(shown).toMatchObject({ expenseCount: 1, settlementCount: 1, totalCents: 9000 });
    expect(shown.balances).toEqual([
      // The settlement (Bob paid Alice 10.00) is apart from spending and counts in the net.
      { ...money(t.a, 'Alice', [9000, 3000, 0, 1000]), netCents: 5000 },
      { ...money(t.b, 'Bob', [0, 3000, 1000, 0]), netCents: -2000 },
      { ...money(t.c, 'Carl', [0, 3000, 0, 0]), netCents: -3000 },
    ]);
    // In group order of the payer, as every client lists them.
    expect(shown.debts).toEqual([
      { fromMemberId: t.b, fromName: 'Bob', toMemberId: t.a, toName: 'Alice', amountCents: 2000 },
      { fromMemberId: t.c, fromName: 'Carl', toMemberId: t.a, toName: 'Alice', amountCents: 3000 },
    ]);
  });

  it('exports every live expense with its splits, oldest first', async () => {
    const exported = await admin().admin.groups.export({ groupId: t.groupId });
    expect(exported.group).toEqual({ id: t.groupId, name: 'Trip', currency: 'EUR' });
    expect(exported.expenses.map((e) => [e.name, e.settlement, e.amountCents, e.paidBy.name])).toEqual([
      ['Dinner', false, 9000, 'Alice'],
      ['Settlement payment', true, 1000, 'Bob'],
    ]);
    expect(exported.expenses[0]!.splits.map((s) => [s.name, s.amountCents])).toEqual([
      ['Alice', 3000],
      ['Bob', 3000],
      ['Carl', 3000],
    ]);
    expect(exported.expenses[1]!.splits).toEqual([{ memberId: t.a, name: 'Alice', amountCents: 1000 }]);
  });

  it('answers GROUP_NOT_FOUND for an unknown group', async () => {
    expect((await refusal(admin().admin.groups.show({ groupId: unknownId() }))).appCode).toBe(
      'GROUP_NOT_FOUND',
    );
    expect((await refusal(admin().admin.groups.export({ groupId: unknownId() }))).appCode).toBe(
      'GROUP_NOT_FOUND',
    );
  });
});

describe('admin.users', () => {
  it('finds accounts by email, @username or part of the name, ignoring case; LIKE wildcards match themselves', async () => {
    const zed = await signUp(d(), 'Zedekiah Quux');
    const [row] = await admin().admin.users.find({ query: zed.user.email!.toUpperCase() });
    expect(row).toMatchObject({ id: zed.user.id, name: 'Zedekiah Quux', blockedAt: null });
    expect((await admin().admin.users.find({ query: `@${zed.user.username}` }))[0]!.id).toBe(zed.user.id);
    expect((await admin().admin.users.find({ query: 'DEKIAH q' })).map((u) => u.id)).toEqual([zed.user.id]);
    expect(await admin().admin.users.find({ query: 'Zedek%Quux' })).toEqual([]);
  });

  it('blocks: every session ends at once, password sign-in is refused; unblocking lets the person in again', async () => {
    const kim = await signUp(d(), 'Kim');
    const email = kim.user.email!;
    const token = kim.browser.token!;
    const blocked = await admin().admin.users.block({ userId: kim.user.id });
    expect(blocked).toMatchObject({ id: kim.user.id, blockedAt: expect.any(String), sessionsEnded: 1 });
    expect(await d().select().from(sessions).where(eq(sessions.userId, kim.user.id))).toEqual([]);
    expect((await refusal((await callerWithToken(d(), token)).groups.list())).appCode).toBe('UNAUTHORIZED');

    const again = await browser(d());
    const refused = await refusal((await again.call()).auth.login({ email, password: 'secret-password' }));
    expect(refused.appCode).toBe('ACCOUNT_BLOCKED');
    expect(again.token).toBeUndefined();
    // Blocking twice keeps the first time.
    expect((await admin().admin.users.block({ userId: kim.user.id })).blockedAt).toBe(blocked.blockedAt);

    expect(await admin().admin.users.unblock({ userId: kim.user.id })).toMatchObject({ blockedAt: null });
    await (await again.call()).auth.login({ email, password: 'secret-password' });
    expect(await (await again.call()).auth.me()).toMatchObject({ id: kim.user.id });
  });

  it('answers NOT_FOUND for an unknown account', async () => {
    expect((await refusal(admin().admin.users.block({ userId: unknownId() }))).appCode).toBe('NOT_FOUND');
    expect((await refusal(admin().admin.users.unblock({ userId: unknownId() }))).appCode).toBe('NOT_FOUND');
  });
});

describe('admin.stats', () => {
  it('counts accounts, groups, expenses, and sign-ins of the last 24 hours even after signing out', async () => {
    const before = await admin().admin.stats();
    const lee = await signUp(d(), 'Lee');
    await (await lee.call()).auth.logout();
    await (await lee.call()).auth.login({ email: lee.user.email!, password: 'secret-password' });
    const t = await trip();
    await (await t.alice.call()).groups.delete({ groupId: t.groupId });
    const after = await admin().admin.stats();
    expect(after.users).toBe(before.users + 3);
    // Lee signed up and in again; Alice and Bob signed up.
    expect(after.signIns24h).toBe(before.signIns24h + 4);
    expect(after.signInAccounts24h).toBe(before.signInAccounts24h + 3);
    expect(after.deletedGroups).toBe(before.deletedGroups + 1);
    expect(after.groups).toBe(before.groups);
    expect(after.expenses).toBe(before.expenses);
  });

  it('does not count sign-ins older than 24 hours, and forgets them after 30 days', async () => {
    const lee = await signUp(d(), 'Old');
    await d()
      .update(signIns)
      .set({ createdAt: sql`now() - interval '31 days'` })
      .where(eq(signIns.userId, lee.user.id));
    const stats = await admin().admin.stats();
    await signUp(d(), 'New');
    expect((await admin().admin.stats()).signIns24h).toBe(stats.signIns24h + 1);
    expect(await d().select().from(signIns).where(eq(signIns.userId, lee.user.id))).toEqual([]);
  });
});
