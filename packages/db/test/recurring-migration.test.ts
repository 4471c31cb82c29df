import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/client';
import { createTestDatabase, type TestDatabase } from '../src/testing';
import { migrationStatements, rows, runStatements } from './support/migration-steps';

const TAG = '0015_recurring_expenses';

const id = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
const [FLAT, ANN_SEAT, RENT, FIRST, OTHER] = [0x10, 0x20, 0x40, 0x30, 0x31].map(id) as [
  string,
  string,
  string,
  string,
  string,
];

async function failure(db: Database, statement: string): Promise<string | null> {
  try {
    await db.transaction(async (tx) => {
      await tx.execute(sql.raw(statement));
    });
    return null;
  } catch (error) {
    const seen = error as { code?: string; cause?: { code?: string } };
    return seen.cause?.code ?? seen.code ?? 'unknown';
  }
}

const series = (values: string) =>
  `INSERT INTO expense_series (group_id, every, unit, start_date, until, count, name, amount_cents, template) VALUES ('${FLAT}', ${values}, 'Rent', 4500000, '{}')`;
const occurrence = (expenseId: string, index: number | 'NULL', seriesId: string | 'NULL' = RENT) =>
  `INSERT INTO expenses (id, group_id, name, amount_cents, paid_by_member_id, date, split_method, series_id, series_index) VALUES ('${expenseId}', '${FLAT}', 'Rent', 4500000, '${ANN_SEAT}', '2026-12-01', 'shares', ${seriesId === 'NULL' ? 'NULL' : `'${seriesId}'`}, ${index})`;

describe('the recurring expenses migration', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase({ migrate: false });
    const { db } = database;
    await runStatements(db, migrationStatements(TAG, 'before'));
    await runStatements(db, [
      `INSERT INTO groups (id, name, currency) VALUES ('${FLAT}', 'Flat', 'RUB')`,
      `INSERT INTO group_members (id, group_id, name, position, is_admin, status) VALUES ('${ANN_SEAT}', '${FLAT}', 'Ann', 0, true, 'ACTIVE')`,
    ]);
    await runStatements(db, migrationStatements(TAG, 'it'));
  });
  afterAll(async () => {
    await database?.close();
  });

  it("gives existing groups Moscow's calendar", async () => {
    const zones = await rows<{ time_zone: string }>(database.db, sql`select time_zone from groups`);
    expect(zones.map((r) => r.time_zone)).toEqual(['Europe/Moscow']);
  });

  it('refuses rules that cannot be: every <= 0, an end before the start, count <= 0, both ends, a bad unit', async () => {
    const { db } = database;
    expect(await failure(db, series(`0, 'month', '2026-12-01', NULL, NULL`))).toBe('23514');
    expect(await failure(db, series(`1, 'hour', '2026-12-01', NULL, NULL`))).toBe('23514');
    expect(await failure(db, series(`1, 'month', '2026-12-01', '2026-11-30', NULL`))).toBe('23514');
    expect(await failure(db, series(`1, 'month', '2026-12-01', NULL, 0`))).toBe('23514');
    expect(await failure(db, series(`1, 'month', '2026-12-01', '2027-12-01', 3`))).toBe('23514');
    expect(await failure(db, series(`1, 'month', '2026-12-01', '2026-12-01', NULL`))).toBeNull();
  });

  it('keeps each occurrence of a series once, in its own group', async () => {
    const { db } = database;
    await runStatements(db, [
      `INSERT INTO expense_series (id, group_id, every, unit, start_date, name, amount_cents, template) VALUES ('${RENT}', '${FLAT}', 1, 'month', '2026-12-01', 'Rent', 4500000, '{}')`,
    ]);
    expect(await failure(db, occurrence(FIRST, 0))).toBeNull();
    expect(await failure(db, occurrence(OTHER, 0))).toBe('23505');
    expect(await failure(db, occurrence(OTHER, 'NULL'))).toBe('23514');
    expect(await failure(db, occurrence(OTHER, 1, id(0x99)))).toBe('23503');
    expect(await failure(db, occurrence(OTHER, 1))).toBeNull();
  });
});
