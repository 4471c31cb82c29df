import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/client';
import { createTestDatabase, type TestDatabase } from '../src/testing';
import { migrationStatements, rows, runStatements } from './support/migration-steps';

const TAG = '0010_item_splits_typed';

const statements = (which: 'before' | 'it') => migrationStatements(TAG, which);
const run = runStatements;

const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';
const C = '00000000-0000-4000-8000-00000000000c';

describe.each([
  ['PostgreSQL (or PGlite when no server answers)', () => createTestDatabase({ migrate: false })],
  [
    'embedded PGlite',
    async () => ({ ...openDatabase({ dataDir: 'memory://' }), url: undefined }) as TestDatabase,
  ],
])('the typed item splits migration on %s', (_label, open) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await open();
    const { db } = database;
    await run(db, statements('before'));
    const before = `
      INSERT INTO users (id, name, username) VALUES ('${A}', 'Ann', 'ann_0008');
      INSERT INTO groups (id, name, currency) VALUES ('${A}', 'Trip', 'RUB');
      INSERT INTO group_members (id, group_id, user_id, name, position) VALUES
        ('${A}', '${A}', '${A}', 'Ann', 0), ('${B}', '${A}', NULL, 'Bob', 1), ('${C}', '${A}', NULL, 'Cid', 2);
      INSERT INTO expenses (id, group_id, name, amount_cents, paid_by_member_id, date, split_method, snapshot) VALUES
        ('${A}', '${A}', 'Bot receipt', 2350, '${A}', now(), 'amounts',
          '[{"name":"Pizza","number":1,"amountCents":800,"splitMethod":"members","splitJson":"[\\"${A}\\",\\"${B}\\"]"}]'),
        ('${B}', '${A}', 'REST receipt', 1000, '${A}', now(), 'amounts',
          '[{"name":"Tea","number":2,"amount":10.5,"splitMethod":"amounts","splitJson":"{\\"${C}\\":10.5}"}]'),
        ('${C}', '${A}', 'Odd', 100, '${A}', now(), 'shares', 'not a list');
      INSERT INTO expense_items (expense_id, group_id, name, amount_cents, split_method, split_json, position) VALUES
        ('${A}', '${A}', 'members', 800, 'members', '["${A}","${B}"]', 0),
        ('${A}', '${A}', 'amounts', 1200, 'amounts', '{"${A}":400.5,"${B}":799.5,"${C}":0}', 1),
        ('${A}', '${A}', 'float', 100, 'amounts', '{"${A}":0.333333333333,"${B}":0.666666666667}', 2),
        ('${A}', '${A}', 'shares', 300, 'shares', '{"${A}":2,"${C}":1}', 3),
        ('${A}', '${A}', 'half shares', 300, 'shares', '{"${A}":1.5,"${B}":0.25,"${C}":0}', 4),
        ('${A}', '${A}', 'percentages', 300, 'percentages', '{"${A}":33.33,"${B}":66.67}', 5),
        ('${A}', '${A}', 'empty', 50, 'members', '[]', 6);
      INSERT INTO bot_drafts (group_id, chat_id, message_id, author_user_id, expense_input, display, expires_at) VALUES
        ('${A}', '1', '1', '${A}',
          '{"name":"Чек","amountCents":800,"items":[{"name":"Pizza","number":1,"amountCents":800,"splitMethod":"members","splitJson":"[\\"${B}\\"]"}],"snapshot":"[{\\"name\\":\\"Pizza\\",\\"number\\":1,\\"amountCents\\":800,\\"splitMethod\\":\\"members\\",\\"splitJson\\":\\"[\\\\\\"${B}\\\\\\"]\\"}]"}',
          '{}', now() + interval '1 day'),
        ('${A}', '1', '2', '${A}', '{"name":"Кофе","amountCents":300,"sharesInput":{"${A}":1}}', '{}', now() + interval '1 day')
    `;
    // One statement at a time: PGlite prepares each query and takes one command only.
    await run(db, before.split(/;\n/));
    await run(db, statements('it'));
  });
  afterAll(async () => {
    await database?.close();
  });

  it('converts every item split to the typed union, money in exact cents', async () => {
    const items = await rows<{ name: string; split: unknown }>(
      database.db,
      sql`select name, split from expense_items order by position`,
    );
    expect(items).toEqual([
      { name: 'members', split: { method: 'members', memberIds: [A, B] } },
      { name: 'amounts', split: { method: 'amounts', cents: { [A]: 40050, [B]: 79950, [C]: 0 } } },
      // More than 2 decimals (a client's float): rounded half up to the cent.
      { name: 'float', split: { method: 'amounts', cents: { [A]: 33, [B]: 67 } } },
      { name: 'shares', split: { method: 'shares', shares: { [A]: 2, [C]: 1 } } },
      // Fractional shares: scaled by 100, the ratios exactly as they were.
      { name: 'half shares', split: { method: 'shares', shares: { [A]: 150, [B]: 25, [C]: 0 } } },
      { name: 'percentages', split: { method: 'percentages', percents: { [A]: 33.33, [B]: 66.67 } } },
      { name: 'empty', split: { method: 'members', memberIds: [] } },
    ]);
    const columns = await rows<{ column_name: string }>(
      database.db,
      sql`select column_name from information_schema.columns where table_name = 'expense_items' order by column_name`,
    );
    expect(columns.map((c) => c.column_name)).not.toContain('split_json');
    expect(columns.map((c) => c.column_name)).not.toContain('split_method');
  });

  it('types the snapshots of the bot and of REST clients; text that is no list of items is dropped', async () => {
    const snapshots = await rows<{ name: string; snapshot: unknown }>(
      database.db,
      sql`select name, snapshot from expenses order by name`,
    );
    expect(snapshots).toEqual([
      {
        name: 'Bot receipt',
        snapshot: [
          { name: 'Pizza', number: 1, amountCents: 800, split: { method: 'members', memberIds: [A, B] } },
        ],
      },
      { name: 'Odd', snapshot: null },
      {
        name: 'REST receipt',
        snapshot: [
          { name: 'Tea', number: 2, amountCents: 1050, split: { method: 'amounts', cents: { [C]: 1050 } } },
        ],
      },
    ]);
  });

  it('converts the items and snapshot a bot draft will save, leaving other drafts alone', async () => {
    const drafts = await rows<{ message_id: string; expense_input: unknown }>(
      database.db,
      sql`select message_id, expense_input from bot_drafts order by message_id`,
    );
    const item = { name: 'Pizza', number: 1, amountCents: 800, split: { method: 'members', memberIds: [B] } };
    expect(drafts).toEqual([
      { message_id: '1', expense_input: { name: 'Чек', amountCents: 800, items: [item], snapshot: [item] } },
      { message_id: '2', expense_input: { name: 'Кофе', amountCents: 300, sharesInput: { [A]: 1 } } },
    ]);
  });

  it('leaves no helper function behind', async () => {
    const functions = await rows<{ proname: string }>(
      database.db,
      sql`select proname from pg_proc where proname like 'dolya_0008%'`,
    );
    expect(functions).toEqual([]);
  });
});
