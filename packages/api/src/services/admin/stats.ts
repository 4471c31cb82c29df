import { type Database, expenses, groups, signIns, users } from '@dolya/db';
import { and, count, countDistinct, eq, gt, isNotNull, isNull } from 'drizzle-orm';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Counts for an operator. Sign-ins are the sessions created in the last 24 hours by any method
 * (password, passkey, Telegram, OAuth, registration), recorded when made, so signing out does not
 * erase them.
 */
export async function stats(db: Database) {
  const since = new Date(Date.now() - DAY_MS);
  const one = async (query: Promise<{ n: number }[]>) => Number((await query)[0]?.n ?? 0);
  const liveExpenses = (settlement: boolean) =>
    db
      .select({ n: count() })
      .from(expenses)
      .innerJoin(groups, eq(groups.id, expenses.groupId))
      .where(
        and(isNull(expenses.deletedAt), isNull(groups.deletedAt), eq(expenses.isSettlement, settlement)),
      );
  const [
    usersTotal,
    usersBlocked,
    groupsLive,
    groupsDeleted,
    expenseCount,
    settlementCount,
    signInCount,
    signInUsers,
  ] = await Promise.all([
    one(db.select({ n: count() }).from(users)),
    one(db.select({ n: count() }).from(users).where(isNotNull(users.blockedAt))),
    one(db.select({ n: count() }).from(groups).where(isNull(groups.deletedAt))),
    one(db.select({ n: count() }).from(groups).where(isNotNull(groups.deletedAt))),
    one(liveExpenses(false)),
    one(liveExpenses(true)),
    one(db.select({ n: count() }).from(signIns).where(gt(signIns.createdAt, since))),
    one(
      db
        .select({ n: countDistinct(signIns.userId) })
        .from(signIns)
        .where(gt(signIns.createdAt, since)),
    ),
  ]);
  return {
    users: usersTotal,
    blockedUsers: usersBlocked,
    groups: groupsLive,
    deletedGroups: groupsDeleted,
    expenses: expenseCount,
    settlements: settlementCount,
    signIns24h: signInCount,
    signInAccounts24h: signInUsers,
  };
}
