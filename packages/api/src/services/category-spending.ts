import { categories, type Database, expenses } from '@dolya/db';
import type { Cents } from '@dolya/domain';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { requireMember } from './access';

/** One category's share of a group's spending; `id` null holds the expenses without a category. */
export interface CategorySpending {
  id: string | null;
  name: string | null;
  nameRu: string | null;
  cents: Cents;
  count: number;
}

export interface SpendingByCategory {
  /** The sum of the categories: every ordinary expense, settlements left out. */
  totalCents: Cents;
  /** Largest first. */
  categories: CategorySpending[];
}

/**
 * What a group spent per category, for the statistics page: ordinary live expenses summed in SQL
 * (settlements are not spending), one row per category used, in cents.
 */
export async function spendingByCategory(
  db: Database,
  userId: string,
  groupId: string,
): Promise<SpendingByCategory> {
  await requireMember(db, groupId, userId);
  const rows = await db
    .select({
      id: expenses.categoryId,
      name: categories.name,
      nameRu: categories.nameRu,
      cents: sql<string>`sum(${expenses.amountCents})::text`,
      count: sql<number>`count(*)::int`,
    })
    .from(expenses)
    .leftJoin(categories, eq(categories.id, expenses.categoryId))
    .where(and(eq(expenses.groupId, groupId), isNull(expenses.deletedAt), eq(expenses.isSettlement, false)))
    .groupBy(expenses.categoryId, categories.name, categories.nameRu)
    .orderBy(desc(sql`sum(${expenses.amountCents})`), expenses.categoryId);
  const list = rows.map((row) => ({ ...row, cents: exactCents(row.cents) }));
  return { totalCents: list.reduce((sum, row) => sum + row.cents, 0), categories: list };
}

function exactCents(value: string): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n)) throw new Error(`Sum out of the exact range: ${value}`);
  return n;
}
