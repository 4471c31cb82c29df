import { createPostgresTestDatabase, type TestDatabase } from '@dolya/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trio } from './fixtures';

/**
 * Issue 26 in the statistics, on PostgreSQL itself (the sums are SQL): an expense paid in another
 * currency counts by its converted amount (never by the amount as paid), and an expense several
 * people paid counts in each payer's "paid" by what that payer paid.
 */
let db: TestDatabase;
beforeAll(async () => {
  db = await createPostgresTestDatabase();
});
afterAll(async () => {
  await db?.close();
});

async function group() {
  const t = await trio(db.db, 'RUB');
  const call = () => t.alice.call();
  // 45 € at 93.75: 4 218,75 ₽, paid by Alice, shared by all three.
  await (await call()).expenses.create({
    groupId: t.groupId,
    name: 'Ужин',
    amountCents: 421_875,
    paidById: t.a,
    participants: [t.a, t.b, t.c],
    date: '2026-11-28T18:00:00Z',
    original: {
      currency: 'EUR',
      amountCents: 4500,
      rate: '93.75',
      rateDate: '2026-11-28',
      rateSource: 'fetched',
    },
  });
  // 1 000 ₽ paid by Bob (700) and Carl (300), shared by all three.
  await (await call()).expenses.create({
    groupId: t.groupId,
    name: 'Билеты',
    amountCents: 100_000,
    paidById: t.b,
    payers: [
      { memberId: t.b, amountCents: 70_000 },
      { memberId: t.c, amountCents: 30_000 },
    ],
    participants: [t.a, t.b, t.c],
    date: '2026-11-29T10:00:00Z',
  });
  // $10 at 80: 800 ₽, of which Carl paid 500 ₽ and Alice 300 ₽; shared by Alice and Carl.
  await (await call()).expenses.create({
    groupId: t.groupId,
    name: 'Кофе',
    amountCents: 80_000,
    paidById: t.c,
    payers: [
      { memberId: t.c, amountCents: 50_000 },
      { memberId: t.a, amountCents: 30_000 },
    ],
    participants: [t.a, t.c],
    date: '2026-11-29T11:00:00Z',
    original: {
      currency: 'USD',
      amountCents: 1000,
      rate: '80',
      rateDate: '2026-11-29',
      rateSource: 'manual',
    },
  });
  // A settlement is no spending.
  await (await call()).expenses.create({
    groupId: t.groupId,
    amountCents: 10_000,
    settlement: true,
    settlementFromId: t.b,
    settlementToId: t.a,
    date: '2026-11-29T12:00:00Z',
  });
  return { ...t, call };
}

describe('statistics with other currencies and several payers (issue 26)', () => {
  it('spending over time counts the converted amounts', async () => {
    const t = await group();
    const spending = await (await t.call()).stats.spending({ groupId: t.groupId, timeZone: 'UTC' });
    expect(spending.totalCents).toBe(421_875 + 100_000 + 80_000);
    expect(spending.buckets).toEqual([
      { start: '2026-11-28', cents: 421_875 },
      { start: '2026-11-29', cents: 180_000 },
    ]);
  });

  it('spending by category counts the converted amounts', async () => {
    const t = await group();
    const byCategory = await (await t.call()).stats.byCategory({ groupId: t.groupId });
    expect(byCategory.totalCents).toBe(601_875);
    expect(byCategory.categories.reduce((sum, c) => sum + c.cents, 0)).toBe(601_875);
    expect(byCategory.categories.reduce((sum, c) => sum + c.count, 0)).toBe(3);
  });

  it('each member’s paid is what they paid as a payer, converted; the total and the nets agree', async () => {
    const t = await group();
    const balances = await (await t.call()).balances.get({ groupId: t.groupId });
    const of = (id: string) => balances.members.find((m) => m.memberId === id)!;
    expect(balances.totalCents).toBe(601_875);
    expect([of(t.a).paidCents, of(t.b).paidCents, of(t.c).paidCents]).toEqual([
      421_875 + 30_000,
      70_000,
      30_000 + 50_000,
    ]);
    // Shares of the converted amounts: 421 875 / 3 each, 100 000 / 3, 80 000 / 2.
    expect(of(t.a).owedCents + of(t.b).owedCents + of(t.c).owedCents).toBe(601_875);
    // The odd cent of 1 000 ₽ / 3 goes to the payer who paid the most (Bob).
    expect([of(t.a).owedCents, of(t.b).owedCents, of(t.c).owedCents]).toEqual([
      140_625 + 33_333 + 40_000,
      140_625 + 33_334,
      140_625 + 33_333 + 40_000,
    ]);
    expect([of(t.a).sentCents, of(t.a).receivedCents, of(t.b).sentCents]).toEqual([0, 10_000, 10_000]);
    expect(balances.members.reduce((sum, m) => sum + m.netCents, 0)).toBe(0);
    // The debts settle every balance.
    const settled = new Map(balances.members.map((m) => [m.memberId, m.netCents]));
    for (const debt of balances.debts) {
      settled.set(debt.fromMemberId, settled.get(debt.fromMemberId)! + debt.amountCents);
      settled.set(debt.toMemberId, settled.get(debt.toMemberId)! - debt.amountCents);
    }
    expect([...settled.values()].every((net) => net === 0)).toBe(true);
  });
});
