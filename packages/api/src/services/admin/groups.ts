import { categories, type Database, groups, users } from '@dolya/db';
import { eq, inArray } from 'drizzle-orm';
import { AppError } from '../../errors';
import { groupBalances } from '../balances';
import { type Ledger, loadLedger, type Seat } from './ledger';

async function requireGroup(db: Database, groupId: string) {
  const [group] = await db.select().from(groups).where(eq(groups.id, groupId));
  if (!group) throw new AppError('GROUP_NOT_FOUND', 'Group not found');
  return group;
}

async function seatViews(db: Database, seats: Seat[]) {
  const userIds = seats.map((s) => s.userId).filter((id): id is string => id !== null);
  const accounts = userIds.length
    ? await db
        .select({ id: users.id, username: users.username })
        .from(users)
        .where(inArray(users.id, userIds))
    : [];
  const username = new Map(accounts.map((a) => [a.id, a.username]));
  return seats.map((seat) => ({
    memberId: seat.id,
    userId: seat.userId,
    name: seat.name,
    username: seat.userId ? (username.get(seat.userId) ?? null) : null,
    status: seat.status,
    isAdmin: seat.isAdmin,
    share: seat.share,
  }));
}

function nameOf(ledger: Ledger) {
  const names = new Map(ledger.seats.map((s) => [s.id, s.name]));
  return (memberId: string) => names.get(memberId) ?? memberId;
}

/**
 * A group as an operator needs to see it, deleted or not: members, each member's paid, owed and
 * net, and the simplified debts, in cents.
 */
export async function showGroup(db: Database, groupId: string) {
  const group = await requireGroup(db, groupId);
  const [ledger, balances] = await Promise.all([loadLedger(db, groupId), groupBalances(db, group)]);
  const name = nameOf(ledger);
  return {
    id: group.id,
    name: group.name,
    currency: group.currency,
    createdAt: group.createdAt.toISOString(),
    deletedAt: group.deletedAt?.toISOString() ?? null,
    members: await seatViews(db, ledger.seats),
    expenseCount: ledger.expenses.filter((e) => !e.isSettlement).length,
    settlementCount: ledger.expenses.filter((e) => e.isSettlement).length,
    totalCents: balances.totalCents,
    balances: balances.members,
    debts: balances.debts.map((d) => ({
      fromMemberId: d.fromMemberId,
      fromName: name(d.fromMemberId),
      toMemberId: d.toMemberId,
      toName: name(d.toMemberId),
      amountCents: d.amountCents,
    })),
  };
}

/** Every live expense and settlement of a group with its splits, oldest first, in cents. */
export async function exportGroup(db: Database, groupId: string) {
  const group = await requireGroup(db, groupId);
  const ledger = await loadLedger(db, groupId);
  const name = nameOf(ledger);
  const categoryIds = [...new Set(ledger.expenses.map((e) => e.categoryId).filter((id) => id !== null))];
  const categoryRows = categoryIds.length
    ? await db.select().from(categories).where(inArray(categories.id, categoryIds))
    : [];
  const categoryName = new Map(categoryRows.map((c) => [c.id, c.name]));
  return {
    group: { id: group.id, name: group.name, currency: group.currency },
    members: await seatViews(db, ledger.seats),
    expenses: ledger.expenses.map((e) => ({
      id: e.id,
      date: e.date.toISOString(),
      name: e.name,
      category: e.categoryId ? (categoryName.get(e.categoryId) ?? e.categoryId) : null,
      splitMethod: e.splitMethod,
      settlement: e.isSettlement,
      notes: e.notes,
      amountCents: e.amountCents,
      paidBy: { memberId: e.paidByMemberId, name: name(e.paidByMemberId) },
      /** Issue 26: who paid how much (one row for one payer), in group order. */
      payers: e.payers.map((p) => ({
        memberId: p.memberId,
        name: name(p.memberId),
        amountCents: p.amountCents,
      })),
      /** Issue 26: paid in another currency, as paid and the rate that converted it; else null. */
      original:
        e.originalCurrency !== null && e.originalAmountCents !== null && e.exchangeRate !== null
          ? {
              currency: e.originalCurrency,
              amountCents: e.originalAmountCents,
              rate: e.exchangeRate,
              rateDate: e.rateDate,
              rateSource: e.rateSource,
            }
          : null,
      splits: e.splits.map((s) => ({
        memberId: s.memberId,
        name: name(s.memberId),
        amountCents: s.amountCents,
      })),
    })),
  };
}
