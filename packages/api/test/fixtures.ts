import { randomUUID } from 'node:crypto';
import {
  botDrafts,
  botPendingMessages,
  botUpdates,
  type Database,
  expenseItems,
  expensePayers,
  expenseSeries,
  expenseSplits,
  expenses,
  groupLogs,
  groupMembers,
  groups,
  type MemberStatus,
  memberBalances,
  telegramChats,
} from '@dolya/db';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { type AppError, browserActor, createCallerFactory, toAppError } from '../src';
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

/**
 * Every group-owned row of the database, and the bot's (chat bindings, drafts, the update
 * inbox), in a stable order, to compare before and after a call.
 */
export async function snapshot(db: Database) {
  const tables = {
    groups,
    groupMembers,
    expenses,
    expensePayers,
    expenseSplits,
    expenseItems,
    expenseSeries,
    memberBalances,
    groupLogs,
    telegramChats,
    botDrafts,
    botPendingMessages,
    botUpdates,
  };
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
    actor: browserActor(resolved?.user ?? null),
    user: resolved?.user ?? null,
    sessionToken: token,
    ip: '127.0.0.1',
    cookie: { set: () => {}, clear: () => {} },
  });
}

/**
 * Starts the calls together and makes their transactions really overlap: on PostgreSQL a separate
 * transaction holds row locks on the given seats until every call is blocked on them, then lets
 * go. (Without it the first call tends to finish before the second gets a connection.) On PGlite,
 * which runs one transaction at a time, the calls simply run.
 */
export async function raceOnSeats(
  database: { db: Database; kind: 'postgres' | 'pglite' },
  seatIds: string[],
  calls: (() => Promise<unknown>)[],
) {
  const d = database.db;
  if (database.kind !== 'postgres') return Promise.allSettled(calls.map((c) => c()));
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let holding = () => {};
  const held = new Promise<void>((resolve) => {
    holding = resolve;
  });
  const gate = d.transaction(async (tx) => {
    await tx.select().from(groupMembers).where(inArray(groupMembers.id, seatIds)).for('update');
    holding();
    await released;
  });
  await held;
  const results = Promise.allSettled(calls.map((c) => c()));
  let blocked = 0;
  try {
    for (let tries = 0; tries < 200 && blocked < calls.length; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      const rows = await d.execute<{ n: number }>(
        sql`select count(*)::int as n from pg_stat_activity
            where datname = current_database() and wait_event_type = 'Lock'`,
      );
      blocked = Number((Array.isArray(rows) ? rows : (rows as { rows: { n: number }[] }).rows)[0]?.n ?? 0);
    }
  } finally {
    release();
    await gate;
  }
  expect(blocked, 'every call waits on the held seats before they are let go').toBe(calls.length);
  return results;
}
