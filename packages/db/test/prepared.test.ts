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
});
