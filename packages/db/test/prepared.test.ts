import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../src/client';
import { preparedFor } from '../src/prepared';
import { users } from '../src/schema';
import { createPostgresTestDatabase, createTestDatabase, type TestDatabase } from '../src/testing';

/** Runs one prepared query on a one-connection pool, then counts that session's named statements. */
async function namedStatementsAfterQuery(url: string, prepare: boolean): Promise<number> {
  const handle = openDatabase({ databaseUrl: url, maxConnections: 1, prepare });
  try {
    const byEmail = preparedFor(handle.db, 'user-by-email', (db) =>
      db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.email, sql.placeholder('email')))
        .prepare('user-by-email'),
    );
    expect(preparedFor(handle.db, 'user-by-email', () => undefined as never)).toBe(byEmail);
    await byEmail.execute({ email: 'nobody@example.com' });
    await byEmail.execute({ email: 'still-nobody@example.com' });
    const result = await handle.db.execute<{ n: number }>(
      sql`select count(*)::int as n from pg_prepared_statements where from_sql = false`,
    );
    const rows = Array.isArray(result) ? result : (result as { rows: { n: number }[] }).rows;
    return Number(rows[0]!.n);
  } finally {
    await handle.close();
  }
}

/**
 * Runs plain drizzle queries (no `.prepare()`), alone and in a transaction, on a one-connection
 * pool; answers the statements that session keeps named.
 */
async function namedStatementsAfterPlainQueries(url: string, prepare: boolean): Promise<string[]> {
  const handle = openDatabase({ databaseUrl: url, maxConnections: 1, prepare });
  try {
    await handle.db.select({ id: users.id }).from(users).where(eq(users.email, 'nobody@example.com'));
    await handle.db.transaction(async (tx) => {
      await tx.update(users).set({ name: 'Nobody' }).where(eq(users.email, 'nobody@example.com'));
    });
    const result = await handle.db.execute<{ statement: string }>(
      sql`select statement from pg_prepared_statements where from_sql = false`,
    );
    const rows = Array.isArray(result) ? result : (result as { rows: { statement: string }[] }).rows;
    return rows.map((row) => row.statement);
  } finally {
    await handle.close();
  }
}

describe('prepared queries', () => {
  let database: TestDatabase & { url: string };
  beforeAll(async () => {
    database = await createPostgresTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });

  it('are built once per handle and kept by PostgreSQL as named statements', async () => {
    expect(await namedStatementsAfterQuery(database.url, true)).toBeGreaterThan(0);
  });

  it('stay unnamed with prepare: false (DATABASE_PREPARE=false, for PgBouncer in transaction mode)', async () => {
    expect(await namedStatementsAfterQuery(database.url, false)).toBe(0);
  });

  it('include plain queries, alone and in a transaction: one round trip each, not a describe first', async () => {
    const statements = await namedStatementsAfterPlainQueries(database.url, true);
    expect(statements.some((text) => text.startsWith('select "id" from "users"'))).toBe(true);
    expect(statements.some((text) => text.startsWith('update "users" set "name"'))).toBe(true);
  });

  it('leave plain queries unnamed too with prepare: false', async () => {
    expect(await namedStatementsAfterPlainQueries(database.url, false)).toEqual([]);
  });
});

/** A prepared lookup of a user's name by email, as the services build theirs. */
function nameByEmail(db: Database) {
  return preparedFor(db, 'test-name-by-email', (d) =>
    d
      .select({ name: users.name })
      .from(users)
      .where(eq(users.email, sql.placeholder('email')))
      .prepare('test-name-by-email'),
  );
}

class RolledBack extends Error {}

/**
 * A transaction's copy of a query prepared on its database runs on the transaction's connection:
 * it sees the transaction's own uncommitted row, and nothing of it once rolled back; the
 * database's query is untouched by it, and one first built inside a transaction serves the
 * database afterwards.
 */
async function preparedQueriesFollowTheirHandle(db: Database) {
  const email = `prepared-${Math.random().toString(36).slice(2)}@example.com`;
  const onDatabase = nameByEmail(db);
  expect(await onDatabase.execute({ email })).toEqual([]);
  await expect(
    db.transaction(async (tx) => {
      await tx.insert(users).values({ name: 'Аня', username: email.split('@')[0]!, email });
      const inTransaction = nameByEmail(tx as unknown as Database);
      expect(inTransaction).not.toBe(onDatabase);
      expect(await inTransaction.execute({ email })).toEqual([{ name: 'Аня' }]);
      throw new RolledBack();
    }),
  ).rejects.toBeInstanceOf(RolledBack);
  expect(await onDatabase.execute({ email })).toEqual([]);

  const firstInTransaction = `first-${email}`;
  await db.transaction(async (tx) => {
    const query = preparedFor(tx as unknown as Database, 'test-built-in-a-transaction', (d) =>
      d
        .select({ name: users.name })
        .from(users)
        .where(eq(users.email, sql.placeholder('email')))
        .prepare('test-built-in-a-transaction'),
    );
    await tx
      .insert(users)
      .values({ name: 'Боря', username: firstInTransaction.split('@')[0]!, email: firstInTransaction });
    expect(await query.execute({ email: firstInTransaction })).toEqual([{ name: 'Боря' }]);
  });
  const afterwards = preparedFor<ReturnType<typeof nameByEmail>>(db, 'test-built-in-a-transaction', () => {
    throw new Error('built again');
  });
  expect(await afterwards.execute({ email: firstInTransaction })).toEqual([{ name: 'Боря' }]);
}

describe('prepared queries in transactions', () => {
  it.each([
    ['PostgreSQL', createPostgresTestDatabase],
    ['PGlite', createTestDatabase],
  ] as const)('run on the transaction’s connection, on %s', async (_driver, create) => {
    const database = await create();
    try {
      await preparedQueriesFollowTheirHandle(database.db);
    } finally {
      await database.close();
    }
  });
});
