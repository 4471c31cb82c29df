import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/client';
import { preparedFor } from '../src/prepared';
import { users } from '../src/schema';
import { createPostgresTestDatabase, type TestDatabase } from '../src/testing';

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
