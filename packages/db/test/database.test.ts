import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/client';
import { categories, users } from '../src/schema';
import { createTestDatabase, type TestDatabase } from '../src/testing';

describe.each([
  ['PostgreSQL (or PGlite when no server answers)', () => createTestDatabase()],
  [
    'embedded PGlite',
    async () => {
      const handle = openDatabase({ dataDir: 'memory://' });
      await handle.migrate();
      return { ...handle, url: undefined } as TestDatabase;
    },
  ],
])('%s', (_label, open) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await open();
  });
  afterAll(async () => {
    await database.close();
  });

  it('applies every migration, the default categories included', async () => {
    const rows = await database.db.select().from(categories);
    expect(rows.map((r) => r.id)).toContain('general');
    expect(rows.every((r) => r.groupId === null)).toBe(true);
  });

  it('migrating twice is harmless', async () => {
    await database.migrate();
    expect((await database.db.select().from(categories)).length).toBeGreaterThan(5);
  });

  it('keeps bigint cents exact beyond 32 bits', async () => {
    const result = await database.db.execute<{ v: string }>(
      sql`select (${'100000000000000'}::bigint + 1)::text as v`,
    );
    const rows = Array.isArray(result) ? result : (result as { rows: { v: string }[] }).rows;
    expect(rows[0]?.v).toBe('100000000000001');
  });

  it('refuses a username or email that differs only in case', async () => {
    await database.db.insert(users).values({ name: 'A', username: 'Anna', email: 'Anna@example.com' });
    await expect(database.db.insert(users).values({ name: 'B', username: 'anna' })).rejects.toThrow();
    await expect(
      database.db.insert(users).values({ name: 'C', username: 'other', email: 'anna@EXAMPLE.com' }),
    ).rejects.toThrow();
  });
});
