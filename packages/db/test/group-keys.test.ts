import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/client';
import { createPostgresTestDatabase, type TestDatabase } from '../src/testing';

/**
 * The schema is ready to be sharded by group_id (SCALING.md, Citus): in every table that belongs
 * to one group (a NOT NULL group_id), the primary key and every unique key include group_id, every
 * other index leads with it, and every foreign key between such rows carries group_id on both
 * sides, so a row and everything it points at sit on the same shard. Read from the catalog of a
 * freshly migrated PostgreSQL database, so a new table or a new migration is checked too.
 *
 * An exception is allowed only here, by constraint or index name, with the reason.
 */
const ALLOWED: Record<string, string> = {
  expenses_category_id_categories_id_fk:
    'categories is a reference table (the default categories, group_id null, shared by every group; ' +
    'copied to every node under Citus), and a distributed table may point at a reference table',
  invites_token_unique:
    'an invite link is opened by its token alone, before anyone knows the group; under Citus a ' +
    'token -> group_id lookup table serves it (SCALING.md)',
  bot_drafts_chat_message_key:
    'one draft per Telegram message, found by (chat, message) when the message comes in again, ' +
    'before the group is known; under Citus a (chat, message) -> group_id lookup table serves it',
  group_members_user_id_index:
    "a user's seats across groups (the home list, the notifications' seats): a query that crosses " +
    'groups by nature; under Citus it fans out, or reads a per-user table (SCALING.md)',
  expense_series_due_idx:
    "the recurring job's scan for due series across all groups (issue 28): crosses groups by " +
    'nature; under Citus each node scans its own shards',
  weekly_summaries_next_at_idx:
    "the weekly summary job's scan for due summaries across all groups (issue 28): crosses groups " +
    'by nature; under Citus each node scans its own shards',
};

interface Key {
  table: string;
  name: string;
  columns: string[];
}

interface ForeignKey extends Key {
  references: string;
  referencedColumns: string[];
}

async function rows<T>(db: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = await db.execute(query);
  return (Array.isArray(result) ? result : (result as unknown as { rows: T[] }).rows) as T[];
}

/** The columns of a constraint or index, in key order. */
const keyColumns = (relation: string, numbers: string) =>
  sql.raw(`
  (select array_agg(a.attname::text order by k.ord) from unnest(${numbers}) with ordinality k(num, ord)
   join pg_attribute a on a.attrelid = ${relation} and a.attnum = k.num)`);

function carriesGroup(fk: ForeignKey): boolean {
  const at = fk.columns.indexOf('group_id');
  return at >= 0 && fk.referencedColumns[at] === 'group_id';
}

describe('keys ready for sharding by group_id', () => {
  let database: TestDatabase;
  let owned: Set<string>;
  let withGroupColumn: Set<string>;
  let primaryKeys: Key[];
  let foreignKeys: ForeignKey[];
  let indexes: (Key & { unique: boolean })[];

  beforeAll(async () => {
    database = await createPostgresTestDatabase();
    const { db } = database;
    const columns = await rows<{ table: string; nullable: 'YES' | 'NO' }>(
      db,
      sql`select table_name as "table", is_nullable as nullable from information_schema.columns
          where table_schema = 'public' and column_name = 'group_id'`,
    );
    owned = new Set(columns.filter((c) => c.nullable === 'NO').map((c) => c.table));
    withGroupColumn = new Set(columns.map((c) => c.table));
    const constraints = await rows<
      Key & { kind: 'p' | 'f'; references: string; referencedColumns: string[] }
    >(
      db,
      sql`select c.conrelid::regclass::text as "table", c.conname as name, c.contype as kind,
            ${keyColumns('c.conrelid', 'c.conkey')} as columns,
            c.confrelid::regclass::text as "references",
            ${keyColumns('c.confrelid', 'c.confkey')} as "referencedColumns"
          from pg_constraint c join pg_namespace n on n.oid = c.connamespace
          where n.nspname = 'public' and c.contype in ('p', 'f')`,
    );
    primaryKeys = constraints.filter((c) => c.kind === 'p');
    foreignKeys = constraints.filter((c) => c.kind === 'f');
    indexes = await rows(
      db,
      sql`select i.indrelid::regclass::text as "table", i.indexrelid::regclass::text as name,
            i.indisunique as unique,
            ${keyColumns('i.indrelid', 'i.indkey::int2[]')} as columns
          from pg_index i join pg_class t on t.oid = i.indrelid join pg_namespace n on n.oid = t.relnamespace
          where n.nspname = 'public' and not i.indisprimary`,
    );
  });
  afterAll(async () => {
    await database?.close();
  });

  it('finds the group-owned tables', () => {
    // A guard on the reading itself: these must be among them (new ones join automatically).
    for (const table of [
      'group_members',
      'expenses',
      'expense_splits',
      'group_logs',
      'invites',
      'bot_drafts',
    ]) {
      expect(owned).toContain(table);
    }
  });

  it('every group-owned table has a primary key that includes group_id', () => {
    const missing = [...owned].filter((table) => !primaryKeys.some((pk) => pk.table === table));
    const without = primaryKeys
      .filter((pk) => owned.has(pk.table) && !pk.columns.includes('group_id') && !ALLOWED[pk.name])
      .map((pk) => `${pk.table}: ${pk.name} (${pk.columns.join(', ')})`);
    expect(missing).toEqual([]);
    expect(without).toEqual([]);
  });

  it('every foreign key from a group-owned table to another table with group_id carries group_id', () => {
    const wrong = foreignKeys
      .filter((fk) => owned.has(fk.table) && withGroupColumn.has(fk.references))
      .filter((fk) => !carriesGroup(fk) && !ALLOWED[fk.name])
      .map((fk) => `${fk.name}: ${fk.table}(${fk.columns}) -> ${fk.references}(${fk.referencedColumns})`);
    expect(wrong).toEqual([]);
  });

  it('every foreign key of any table that points at a group-owned table carries group_id', () => {
    const wrong = foreignKeys
      .filter((fk) => owned.has(fk.references))
      .filter((fk) => !carriesGroup(fk) && !ALLOWED[fk.name])
      .map((fk) => `${fk.name}: ${fk.table}(${fk.columns}) -> ${fk.references}(${fk.referencedColumns})`);
    expect(wrong).toEqual([]);
  });

  it('in group-owned tables, unique keys include group_id and other indexes lead with it', () => {
    const wrong = indexes
      .filter((index) => owned.has(index.table) && !ALLOWED[index.name])
      .filter((index) =>
        index.unique ? !index.columns.includes('group_id') : index.columns[0] !== 'group_id',
      )
      .map((index) => `${index.name} (${index.unique ? 'unique, ' : ''}${index.columns.join(', ')})`);
    expect(wrong).toEqual([]);
  });

  it('allows no exception that is not used', () => {
    const names = new Set([...foreignKeys, ...primaryKeys, ...indexes].map((key) => key.name));
    expect(Object.keys(ALLOWED).filter((name) => !names.has(name))).toEqual([]);
  });
});
