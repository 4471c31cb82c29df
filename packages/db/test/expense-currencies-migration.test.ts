import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/client';
import { createTestDatabase, type TestDatabase } from '../src/testing';
import { migrationStatements, rows, runStatements } from './support/migration-steps';

const TAG = '0014_expense_currencies';

const id = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
const [ANN, TRIP, ANN_SEAT, BOB_SEAT, DINNER, SHARED, BARE] = [1, 0x10, 0x20, 0x21, 0x30, 0x31, 0x32].map(id);

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

describe('the expense currencies migration', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase({ migrate: false });
    const { db } = database;
    await runStatements(db, migrationStatements(TAG, 'before'));
    await runStatements(
      db,
      `
      INSERT INTO users (id, name, username) VALUES ('${ANN}', 'Ann', 'ann_0013');
      INSERT INTO groups (id, name, currency) VALUES ('${TRIP}', 'Trip', 'RUB');
      INSERT INTO group_members (id, group_id, user_id, name, position, is_admin, status) VALUES
        ('${ANN_SEAT}', '${TRIP}', '${ANN}', 'Ann', 0, true, 'ACTIVE'),
        ('${BOB_SEAT}', '${TRIP}', NULL, 'Bob', 1, false, 'ACTIVE');
      INSERT INTO expenses (id, group_id, name, amount_cents, paid_by_member_id, date, split_method) VALUES
        ('${DINNER}', '${TRIP}', 'Dinner', 3000, '${ANN_SEAT}', '2024-05-01', 'shares'),
        ('${SHARED}', '${TRIP}', 'Shared', 1000, '${ANN_SEAT}', '2024-05-02', 'shares'),
        ('${BARE}', '${TRIP}', 'Restored without payers', 500, '${BOB_SEAT}', '2024-05-03', 'shares');
      INSERT INTO expense_payers (group_id, expense_id, member_id, amount_cents) VALUES
        ('${TRIP}', '${DINNER}', '${ANN_SEAT}', 3000),
        ('${TRIP}', '${SHARED}', '${ANN_SEAT}', 700), ('${TRIP}', '${SHARED}', '${BOB_SEAT}', 300)
    `.split(/;\n/),
    );
    await runStatements(db, migrationStatements(TAG, 'it'));
  });
  afterAll(async () => {
    await database?.close();
  });

  it('gives an expense without payer rows its one payer, and leaves the others as they were', async () => {
    const payers = await rows<{ expense_id: string; member_id: string; amount_cents: string | number }>(
      database.db,
      sql.raw(
        'select expense_id, member_id, amount_cents from expense_payers order by expense_id, member_id',
      ),
    );
    expect(payers.map((p) => [p.expense_id, p.member_id, Number(p.amount_cents)])).toEqual([
      [DINNER, ANN_SEAT, 3000],
      [SHARED, ANN_SEAT, 700],
      [SHARED, BOB_SEAT, 300],
      [BARE, BOB_SEAT, 500],
    ]);
  });

  it('leaves existing expenses in the group currency (no original amount)', async () => {
    const [row] = await rows<{ n: number }>(
      database.db,
      sql.raw(
        'select count(*)::int as n from expenses where original_currency is null and exchange_rate is null',
      ),
    );
    expect(row?.n).toBe(3);
  });

  it('stores a rate exactly as given, and refuses half an original or a rate of zero', async () => {
    const { db } = database;
    expect(
      await failure(
        db,
        `update expenses set original_currency = 'EUR', original_amount_cents = 4500, exchange_rate = '93.7500',
           rate_date = '2026-11-28', rate_source = 'fetched' where id = '${DINNER}'`,
      ),
    ).toBeNull();
    const [row] = await rows<{ exchange_rate: string }>(
      db,
      sql.raw(`select exchange_rate::text from expenses where id = '${DINNER}'`),
    );
    expect(row?.exchange_rate).toBe('93.7500');
    expect(await failure(db, `update expenses set original_currency = 'EUR' where id = '${SHARED}'`)).toBe(
      '23514',
    );
    expect(
      await failure(
        db,
        `update expenses set original_currency = 'EUR', original_amount_cents = 4500, exchange_rate = 0,
           rate_date = '2026-11-28', rate_source = 'manual' where id = '${SHARED}'`,
      ),
    ).toBe('23514');
    expect(
      await failure(
        db,
        `update expenses set original_currency = 'EUR', original_amount_cents = 4500, exchange_rate = 1,
           rate_date = '2026-11-28', rate_source = 'guessed' where id = '${SHARED}'`,
      ),
    ).toBe('23514');
  });
});
