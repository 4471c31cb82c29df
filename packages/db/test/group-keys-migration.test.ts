import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../src/client';
import { createTestDatabase, type TestDatabase } from '../src/testing';
import { migrationStatements, rows, runStatements } from './support/migration-steps';

const TAG = '0011_group_keys';

const statements = (which: 'before' | 'it') => migrationStatements(TAG, which);
const run = runStatements;

/** The SQLSTATE a statement fails with (drizzle wraps the driver's error), or null when it succeeds. */
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

const FOREIGN_KEY = '23503';
const UNIQUE = '23505';
const CHECK = '23514';

const id = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
const [ANN, BOB] = [id(1), id(2)];
const [TRIP, FLAT, BIG] = [id(0x10), id(0x11), id(0x12)];
const [ANN_SEAT, BOB_SEAT, CID_SEAT, FLAT_SEAT] = [id(0x20), id(0x21), id(0x22), id(0x23)];
const [DINNER, PAYBACK, RECEIPT] = [id(0x30), id(0x31), id(0x32)];
const BIG_EXPENSES = 10_000;

/** Every table the migration touches, as JSON rows in a fixed order: compared before and after. */
const TABLES = [
  'group_members',
  'expenses',
  'expense_payers',
  'expense_splits',
  'expense_items',
  'member_balances',
  'group_logs',
  'invites',
  'notifications',
  'bot_drafts',
];

async function contents(db: Database) {
  const all: Record<string, unknown> = {};
  for (const table of TABLES) {
    const [row] = await rows<{ data: unknown; n: number }>(
      db,
      sql.raw(`select count(*)::int as n, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as data
               from "${table}" t`),
    );
    all[table] = row;
  }
  return all;
}

describe.each([
  ['PostgreSQL (or PGlite when no server answers)', () => createTestDatabase({ migrate: false })],
  [
    'embedded PGlite',
    async () => ({ ...openDatabase({ dataDir: 'memory://' }), url: undefined }) as TestDatabase,
  ],
])('the group keys migration on %s', (_label, open) => {
  let database: TestDatabase;
  let before: Record<string, unknown>;
  beforeAll(async () => {
    database = await open();
    const { db } = database;
    await run(db, statements('before'));
    const rowsOf0010 = `
      INSERT INTO users (id, name, username) VALUES ('${ANN}', 'Ann', 'ann_0011'), ('${BOB}', 'Bob', 'bob_0011');
      INSERT INTO groups (id, name, currency) VALUES ('${TRIP}', 'Trip', 'RUB'), ('${FLAT}', 'Flat', 'EUR'), ('${BIG}', 'Big', 'RUB');
      INSERT INTO group_members (id, group_id, user_id, name, position, is_admin, status) VALUES
        ('${ANN_SEAT}', '${TRIP}', '${ANN}', 'Ann', 0, true, 'ACTIVE'),
        ('${BOB_SEAT}', '${TRIP}', '${BOB}', 'Bob', 1, false, 'PENDING'),
        ('${CID_SEAT}', '${TRIP}', NULL, 'Cid', 2, false, 'ACTIVE'),
        ('${FLAT_SEAT}', '${FLAT}', '${ANN}', 'Ann', 0, true, 'ACTIVE');
      INSERT INTO expenses (id, group_id, name, amount_cents, paid_by_member_id, created_by_member_id, date, split_method, category_id) VALUES
        ('${DINNER}', '${TRIP}', 'Dinner', 3000, '${ANN_SEAT}', '${ANN_SEAT}', '2024-05-01', 'shares', 'food'),
        ('${RECEIPT}', '${TRIP}', 'Receipt', 1000, '${CID_SEAT}', NULL, '2024-05-02', 'amounts', NULL);
      INSERT INTO expenses (id, group_id, name, amount_cents, paid_by_member_id, date, split_method, is_settlement, settlement_from_id, settlement_to_id) VALUES
        ('${PAYBACK}', '${TRIP}', 'Payback', 1000, '${CID_SEAT}', '2024-05-03', 'amounts', true, '${CID_SEAT}', '${ANN_SEAT}');
      INSERT INTO expense_payers (group_id, expense_id, member_id, amount_cents) VALUES
        ('${TRIP}', '${DINNER}', '${ANN_SEAT}', 3000), ('${TRIP}', '${RECEIPT}', '${CID_SEAT}', 1000),
        ('${TRIP}', '${PAYBACK}', '${CID_SEAT}', 1000);
      INSERT INTO expense_splits (group_id, expense_id, member_id, amount_cents) VALUES
        ('${TRIP}', '${DINNER}', '${ANN_SEAT}', 1000), ('${TRIP}', '${DINNER}', '${BOB_SEAT}', 1000),
        ('${TRIP}', '${DINNER}', '${CID_SEAT}', 1000), ('${TRIP}', '${RECEIPT}', '${ANN_SEAT}', 1000),
        ('${TRIP}', '${PAYBACK}', '${ANN_SEAT}', 1000);
      INSERT INTO expense_items (id, group_id, expense_id, name, amount_cents, split, position) VALUES
        ('${id(0x40)}', '${TRIP}', '${RECEIPT}', 'Tea', 400, '{"method":"members","memberIds":["${ANN_SEAT}"]}', 0),
        ('${id(0x41)}', '${TRIP}', '${RECEIPT}', 'Cake', 600, '{"method":"amounts","cents":{"${ANN_SEAT}":600}}', 1);
      INSERT INTO member_balances (group_id, member_id, paid_cents, owed_cents, sent_cents, received_cents) VALUES
        ('${TRIP}', '${ANN_SEAT}', 3000, 2000, 0, 1000), ('${TRIP}', '${BOB_SEAT}', 0, 1000, 0, 0),
        ('${TRIP}', '${CID_SEAT}', 1000, 1000, 1000, 0);
      INSERT INTO group_logs (group_id, actor_member_id, action, message, details) VALUES
        ('${TRIP}', '${ANN_SEAT}', 'EXPENSE_CREATED', 'Ann added "Dinner"', '{"expenseId":"${DINNER}"}'),
        ('${TRIP}', NULL, 'GROUP_CREATED', 'created', NULL);
      INSERT INTO invites (group_id, token, created_by_member_id) VALUES ('${TRIP}', 'token-0011', '${ANN_SEAT}');
      INSERT INTO notifications (user_id, type, payload, group_id, member_id, sender_user_id) VALUES
        ('${BOB}', 'GROUP_INVITE', '{"groupName":"Trip"}', '${TRIP}', '${BOB_SEAT}', '${ANN}');
      INSERT INTO notifications (user_id, type, payload, member_id) VALUES
        ('${BOB}', 'GROUP_INVITE', '{"groupName":"Trip, without its group"}', '${BOB_SEAT}');
      INSERT INTO notifications (user_id, type, payload) VALUES ('${ANN}', 'OTHER', '{}');
      INSERT INTO bot_drafts (id, group_id, chat_id, message_id, author_user_id, expense_input, display, status, expense_id, expires_at) VALUES
        ('${id(0x50)}', '${TRIP}', '7', '1', '${ANN}', '{"name":"Dinner"}', '{}', 'saved', '${DINNER}', now() + interval '1 day'),
        ('${id(0x51)}', '${TRIP}', '7', '2', '${ANN}', '{"name":"Tea"}', '{}', 'open', NULL, now() + interval '1 day');
      INSERT INTO group_members (id, group_id, name, position)
        SELECT ('00000000-0000-4000-9000-' || lpad(to_hex(n), 12, '0'))::uuid, '${BIG}', 'Seat ' || n, n
        FROM generate_series(0, 49) n;
      INSERT INTO expenses (id, group_id, name, amount_cents, paid_by_member_id, date, split_method)
        SELECT ('00000000-0000-4000-a000-' || lpad(to_hex(n), 12, '0'))::uuid, '${BIG}', 'Expense ' || n, 300,
          ('00000000-0000-4000-9000-' || lpad(to_hex(n % 50), 12, '0'))::uuid, now() - n * interval '1 hour', 'shares'
        FROM generate_series(1, ${BIG_EXPENSES}) n;
      INSERT INTO expense_payers (group_id, expense_id, member_id, amount_cents)
        SELECT group_id, id, paid_by_member_id, amount_cents FROM expenses WHERE group_id = '${BIG}';
      INSERT INTO expense_splits (group_id, expense_id, member_id, amount_cents)
        SELECT e.group_id, e.id, ('00000000-0000-4000-9000-' || lpad(to_hex(k), 12, '0'))::uuid, 100
        FROM expenses e, generate_series(0, 2) k WHERE e.group_id = '${BIG}'
    `;
    // One statement at a time: PGlite prepares each query and takes one command only.
    await run(db, rowsOf0010.split(/;\n/));
    before = await contents(db);
    await run(db, statements('it'));
  });
  afterAll(async () => {
    await database?.close();
  });

  it('keeps every row as it was; a seat notification without its group gets the seat’s group', async () => {
    const after = await contents(database.db);
    const { notifications: notesBefore, ...restBefore } = before;
    const { notifications: notesAfter, ...restAfter } = after;
    expect(restAfter).toEqual(restBefore);
    expect((restAfter.expense_splits as { n: number }).n).toBe(5 + 3 * BIG_EXPENSES);
    expect((notesAfter as { n: number }).n).toBe((notesBefore as { n: number }).n);
    const notes = await rows<{ payload: { groupName: string }; group_id: string | null }>(
      database.db,
      sql`select payload, group_id from notifications order by payload->>'groupName' nulls first`,
    );
    expect(notes.map((n) => [n.payload.groupName ?? null, n.group_id])).toEqual([
      [null, null],
      ['Trip', TRIP],
      ['Trip, without its group', TRIP],
    ]);
  });

  it('keys the group-owned tables by (group_id, id)', async () => {
    const keys = await rows<{ table: string; columns: string }>(
      database.db,
      sql`select tc.table_name as "table", string_agg(k.column_name, ',' order by k.ordinal_position) as columns
          from information_schema.table_constraints tc
          join information_schema.key_column_usage k on k.constraint_name = tc.constraint_name and k.table_name = tc.table_name
          where tc.constraint_type = 'PRIMARY KEY' and tc.table_name in
            ('group_members', 'expenses', 'expense_items', 'group_logs', 'invites', 'bot_drafts')
          group by tc.table_name order by tc.table_name`,
    );
    expect(keys.map((k) => `${k.table}(${k.columns})`)).toEqual([
      'bot_drafts(group_id,id)',
      'expense_items(group_id,id)',
      'expenses(group_id,id)',
      'group_logs(group_id,id)',
      'group_members(group_id,id)',
      'invites(group_id,id)',
    ]);
  });

  it('refuses a reference to a seat or an expense of another group', async () => {
    const { db } = database;
    const refused = {
      split: `INSERT INTO expense_splits (group_id, expense_id, member_id, amount_cents) VALUES ('${TRIP}', '${DINNER}', '${FLAT_SEAT}', 1)`,
      payer: `INSERT INTO expense_payers (group_id, expense_id, member_id, amount_cents) VALUES ('${FLAT}', '${DINNER}', '${FLAT_SEAT}', 1)`,
      item: `INSERT INTO expense_items (group_id, expense_id, name, amount_cents, split, position) VALUES ('${FLAT}', '${DINNER}', 'x', 1, '{}', 0)`,
      payerOfExpense: `UPDATE expenses SET paid_by_member_id = '${FLAT_SEAT}' WHERE group_id = '${TRIP}' AND id = '${DINNER}'`,
      settlementTo: `UPDATE expenses SET settlement_to_id = '${FLAT_SEAT}' WHERE group_id = '${TRIP}' AND id = '${PAYBACK}'`,
      creator: `UPDATE expenses SET created_by_member_id = '${FLAT_SEAT}' WHERE group_id = '${TRIP}' AND id = '${DINNER}'`,
      logActor: `INSERT INTO group_logs (group_id, actor_member_id, action, message) VALUES ('${TRIP}', '${FLAT_SEAT}', 'X', 'x')`,
      inviteCreator: `INSERT INTO invites (group_id, token, created_by_member_id) VALUES ('${TRIP}', 'other', '${FLAT_SEAT}')`,
      totals: `INSERT INTO member_balances (group_id, member_id) VALUES ('${TRIP}', '${FLAT_SEAT}')`,
      notification: `INSERT INTO notifications (user_id, type, payload, group_id, member_id) VALUES ('${ANN}', 'GROUP_INVITE', '{}', '${FLAT}', '${BOB_SEAT}')`,
      draftExpense: `UPDATE bot_drafts SET expense_id = '${DINNER}', group_id = '${FLAT}' WHERE id = '${id(0x51)}'`,
    };
    const codes = Object.fromEntries(
      await Promise.all(
        Object.entries(refused).map(async ([name, s]) => [name, await failure(db, s)] as const),
      ),
    );
    expect(codes).toEqual(Object.fromEntries(Object.keys(refused).map((name) => [name, FOREIGN_KEY])));
    // The same seat in its own group is fine.
    expect(
      await failure(
        db,
        `INSERT INTO group_logs (group_id, actor_member_id, action, message) VALUES ('${FLAT}', '${FLAT_SEAT}', 'X', 'x')`,
      ),
    ).toBeNull();
  });

  it('keeps a notification’s seat findable by its group, and ids unique within a group', async () => {
    const { db } = database;
    expect(
      await failure(
        db,
        `INSERT INTO notifications (user_id, type, payload, member_id) VALUES ('${ANN}', 'GROUP_INVITE', '{}', '${BOB_SEAT}')`,
      ),
    ).toBe(CHECK);
    expect(
      await failure(
        db,
        `INSERT INTO group_members (id, group_id, name, position) VALUES ('${ANN_SEAT}', '${TRIP}', 'Again', 9)`,
      ),
    ).toBe(UNIQUE);
  });

  it('deleting an expense takes its rows along and unlinks its draft, which keeps its group', async () => {
    const { db } = database;
    await db.execute(sql.raw(`DELETE FROM expenses WHERE group_id = '${TRIP}' AND id = '${DINNER}'`));
    const left = await rows<{ splits: number; payers: number }>(
      db,
      sql.raw(`select (select count(*)::int from expense_splits where expense_id = '${DINNER}') as splits,
                      (select count(*)::int from expense_payers where expense_id = '${DINNER}') as payers`),
    );
    expect(left).toEqual([{ splits: 0, payers: 0 }]);
    const drafts = await rows<{ group_id: string; expense_id: string | null; status: string }>(
      db,
      sql.raw(`select group_id, expense_id, status from bot_drafts where id = '${id(0x50)}'`),
    );
    expect(drafts).toEqual([{ group_id: TRIP, expense_id: null, status: 'saved' }]);
  });

  it('deleting a group takes everything of it along', async () => {
    const { db } = database;
    await db.execute(sql.raw(`DELETE FROM groups WHERE id = '${TRIP}'`));
    const left = await rows<{ n: number }>(
      db,
      sql.raw(`select (select count(*) from group_members where group_id = '${TRIP}')
                 + (select count(*) from expenses where group_id = '${TRIP}')
                 + (select count(*) from expense_items where group_id = '${TRIP}')
                 + (select count(*) from member_balances where group_id = '${TRIP}')
                 + (select count(*) from notifications where group_id = '${TRIP}')
                 + (select count(*) from bot_drafts where group_id = '${TRIP}') as n`),
    );
    expect(Number(left[0]!.n)).toBe(0);
  });
});
