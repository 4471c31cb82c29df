import { appRouter, browserActor, type Context, createCallerFactory, resolveSession } from '@dolya/api';
import {
  expensePayers,
  expenseSplits,
  expenses,
  groupMembers,
  memberBalances,
  openDatabase,
} from '@dolya/db';
import { splitExpense } from '@dolya/domain';
import { eq, sql } from 'drizzle-orm';

export const MEMBERS = 50;
/** The default categories (migration 0001), given to the seeded expenses in turn. */
export const CATEGORY_IDS = [
  'general',
  'food',
  'groceries',
  'transport',
  'housing',
  'utilities',
  'entertainment',
  'travel',
  'shopping',
  'health',
  'gifts',
  'other',
] as const;
export const EXPENSES = 10_000;
const BATCH = 1000;

export interface BigGroup {
  groupId: string;
  email: string;
  password: string;
  /** Member ids in group order; the first is the signed-in owner. */
  memberIds: string[];
}

/**
 * What the seeded expenses are called: 21 everyday names in turn (21, so a name does not go with
 * every tenth expense, the one the whole group shares), numbered so the names differ, and one of
 * a kind (RARE_NAME) in the middle, as a search finds in a real group.
 */
const NAMES = [
  'Такси',
  'Продукты',
  'Кофе',
  'Ужин в ресторане',
  'Бензин',
  'Аренда квартиры',
  'Кино',
  'Билеты на поезд',
  'Groceries',
  'Lunch',
  'Hotel',
  'Museum tickets',
  'Пиво',
  'Завтрак',
  'Аптека',
  'Интернет',
  'Парковка',
  'Coffee beans',
  'Сувениры',
  'Экскурсия',
  'Музей',
];
export const RARE_NAME = 'Подарок маме на юбилей';

/** A deterministic pseudo-random sequence, so every run seeds the same group. */
function prng(seed: number) {
  return () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
}

/**
 * The owner's account and the group of 50 through the procedures (as a person would make them),
 * then 10 000 expenses written in bulk in one transaction: the procedures would take minutes.
 * The database must be migrated already.
 */
export async function seedBigGroup(
  databaseUrl: string,
  size: { members: number; expenses: number } = { members: MEMBERS, expenses: EXPENSES },
): Promise<BigGroup> {
  const database = openDatabase({ databaseUrl });
  try {
    const { db } = database;
    const config = { sessionSecret: 'bench-only-session-secret-bench-only', sessionTtlDays: 1 };
    let token: string | undefined;
    const context = async (): Promise<Context> => {
      const user = (await resolveSession(db, config, token))?.user ?? null;
      return {
        db,
        config,
        actor: browserActor(user),
        user,
        sessionToken: token,
        ip: '127.0.0.1',
        cookie: {
          set: (value) => {
            token = value;
          },
          clear: () => {
            token = undefined;
          },
        },
      };
    };
    const caller = createCallerFactory(appRouter);
    const email = `bench-${Date.now()}@example.com`;
    const password = 'bench-password';
    await caller(await context()).auth.register({ name: 'Bench Owner', email, password });
    const users = Array.from({ length: size.members - 1 }, (_, i) => ({ name: `Member ${i + 1}` }));
    const { id: groupId } = await caller(await context()).groups.create({
      name: 'Big group',
      currency: 'EUR',
      users,
    });
    const seats = await db.select().from(groupMembers).where(eq(groupMembers.groupId, groupId));
    const memberIds = seats.sort((a, b) => a.position - b.position).map((s) => s.id);

    const random = prng(42);
    const pick = () => memberIds[Math.floor(random() * memberIds.length)]!;
    // The running totals the services keep on every write (member_balances), kept here too.
    const paid = new Map<string, number>();
    const owed = new Map<string, number>();
    const add = (totals: Map<string, number>, memberId: string, cents: number) =>
      totals.set(memberId, (totals.get(memberId) ?? 0) + cents);
    await db.transaction(async (tx) => {
      for (let start = 0; start < size.expenses; start += BATCH) {
        const rows = Array.from({ length: Math.min(BATCH, size.expenses - start) }, (_, i) => {
          const n = start + i;
          const amountCents = 100 + Math.floor(random() * 500_000);
          const payerId = pick();
          // Most expenses are shared by a few; every tenth by the whole group.
          const participants =
            n % 10 === 0
              ? memberIds
              : [...new Set(Array.from({ length: 2 + Math.floor(random() * 6) }, pick))];
          const shares = Object.fromEntries(participants.map((id) => [id, 1]));
          const splits = splitExpense({
            amountCents,
            payerId,
            memberOrder: memberIds,
            method: 'shares',
            shares,
          });
          add(paid, payerId, amountCents);
          for (const [memberId, cents] of Object.entries(splits)) add(owed, memberId, cents);
          return { n, amountCents, payerId, shares, splits };
        });
        const inserted = await tx
          .insert(expenses)
          .values(
            rows.map((r) => ({
              groupId,
              name: r.n === 5000 ? RARE_NAME : `${NAMES[r.n % NAMES.length]} ${r.n + 1}`,
              amountCents: r.amountCents,
              paidByMemberId: r.payerId,
              createdByMemberId: memberIds[0],
              categoryId: CATEGORY_IDS[r.n % CATEGORY_IDS.length],
              date: new Date(Date.UTC(2025, 0, 1) + r.n * 45 * 60_000),
              splitMethod: 'shares' as const,
              sharesInput: r.shares,
            })),
          )
          .returning({ id: expenses.id });
        await tx.insert(expensePayers).values(
          rows.map((r, i) => ({
            expenseId: inserted[i]!.id,
            groupId,
            memberId: r.payerId,
            amountCents: r.amountCents,
          })),
        );
        await tx.insert(expenseSplits).values(
          rows.flatMap((r, i) =>
            Object.entries(r.splits).map(([memberId, amountCents]) => ({
              expenseId: inserted[i]!.id,
              groupId,
              memberId,
              amountCents,
            })),
          ),
        );
      }
      await tx.delete(memberBalances).where(eq(memberBalances.groupId, groupId));
      await tx.insert(memberBalances).values(
        memberIds.map((memberId) => ({
          groupId,
          memberId,
          paidCents: paid.get(memberId) ?? 0,
          owedCents: owed.get(memberId) ?? 0,
          sentCents: 0,
          receivedCents: 0,
        })),
      );
    });
    // Fresh statistics and a vacuumed heap, as autovacuum would leave them within a minute or two of
    // such a load: without statistics the planner takes the group for one row and sorts all 10 000
    // for every page, and an autovacuum of the new rows would otherwise run during the measurement.
    await db.execute(sql`vacuum (analyze)`);
    return { groupId, email, password, memberIds };
  } finally {
    await database.close();
  }
}
