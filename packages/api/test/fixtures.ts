import { randomUUID } from 'node:crypto';
import {
  type Database,
  expenseItems,
  expensePayers,
  expenseSplits,
  expenses,
  groupLogs,
  groupMembers,
  groups,
  type MemberStatus,
} from '@dolya/db';
import { and, eq } from 'drizzle-orm';
import { type AppError, createCallerFactory, toAppError } from '../src';
import { appRouter } from '../src/routers';
import { resolveSession } from '../src/services/sessions';
import { signUp, testConfig } from './harness';

export type Caller = Awaited<ReturnType<Awaited<ReturnType<typeof signUp>>['call']>>;

/** The error a call was refused with, as the client sees it (zod failures become VALIDATION_ERROR). */
export async function refusal(call: Promise<unknown>): Promise<AppError> {
  let result: unknown;
  try {
    result = await call;
  } catch (error) {
    return toAppError(error);
  }
  throw new Error(`expected a refusal, but the call succeeded with ${JSON.stringify(result)}`);
}

/** Every group-owned row of the database, in a stable order, to compare before and after a call. */
export async function snapshot(db: Database) {
  const tables = { groups, groupMembers, expenses, expensePayers, expenseSplits, expenseItems, groupLogs };
  const result: Record<string, unknown[]> = {};
  for (const [name, table] of Object.entries(tables)) {
    const rows: unknown[] = await db.select().from(table);
    result[name] = rows
      .map((row) => [JSON.stringify(row), row] as const)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([, row]) => row);
  }
  return result;
}

export async function setStatus(db: Database, groupId: string, userId: string, status: MemberStatus) {
  await db
    .update(groupMembers)
    .set({ status })
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId)));
}

export async function setSeatStatus(db: Database, memberId: string, status: MemberStatus) {
  await db.update(groupMembers).set({ status }).where(eq(groupMembers.id, memberId));
}

export async function logActions(db: Database, groupId: string): Promise<string[]> {
  const rows = await db.select().from(groupLogs).where(eq(groupLogs.groupId, groupId));
  return rows.map((r) => r.action).sort();
}

export const unknownId = () => randomUUID();

/**
 * A group of Alice (creator, admin), Bob (an account, made ACTIVE) and Carl (a seat without an
 * account), in that group order.
 */
export async function trio(db: Database, currency = 'EUR') {
  const alice = await signUp(db, 'Alice');
  const bob = await signUp(db, 'Bob');
  const { id: groupId } = await (await alice.call()).groups.create({
    name: 'Trip',
    currency,
    users: [
      { id: bob.user.id, name: 'Bob' },
      { name: 'Carl', share: 1 },
    ],
  });
  await setStatus(db, groupId, bob.user.id, 'ACTIVE');
  const seats = await db
    .select()
    .from(groupMembers)
    .where(eq(groupMembers.groupId, groupId))
    .orderBy(groupMembers.position);
  const [a, b, c] = seats.map((s) => s.id) as [string, string, string];
  return { alice, bob, groupId, a, b, c };
}

/** A caller presenting the given session token, as a request with that cookie would. */
export async function callerWithToken(db: Database, token: string): Promise<Caller> {
  const resolved = await resolveSession(db, testConfig, token);
  return createCallerFactory(appRouter)({
    db,
    config: testConfig,
    user: resolved?.user ?? null,
    sessionToken: token,
    ip: '127.0.0.1',
    cookie: { set: () => {}, clear: () => {} },
  });
}
