import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { asc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../src/client';
import { groupMembers, groups } from '../src/schema';
import { createTestDatabase, type TestDatabase } from '../src/testing';

/** The statements of the migration that made positions unique, as drizzle runs them. */
function migrationStatements(): string[] {
  const file = readdirSync(migrationsFolder).find((name) => name.endsWith('_unique_member_positions.sql'));
  if (!file) throw new Error('the unique member positions migration is missing');
  return readFileSync(join(migrationsFolder, file), 'utf8')
    .split('--> statement-breakpoint')
    .map((statement) => statement.trim())
    .filter(Boolean);
}

describe('unique member positions', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it('the migration renumbers shared positions in their old order, then makes them unique', async () => {
    const { db } = database;
    // Back to the state before the migration: no unique index, shared positions allowed.
    await db.execute(sql`drop index "group_members_group_position_key"`);
    const [shared, clean] = await db
      .insert(groups)
      .values([
        { name: 'Shared', currency: 'RUB' },
        { name: 'Clean', currency: 'RUB' },
      ])
      .returning();
    const at = (second: number) => new Date(Date.UTC(2024, 0, 1, 0, 0, second));
    const idOf = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;
    await db.insert(groupMembers).values([
      // Inserted out of order on purpose: position, then created_at, then id decide.
      { id: idOf(5), groupId: shared!.id, name: 'E', position: 4, createdAt: at(1) },
      { id: idOf(4), groupId: shared!.id, name: 'D', position: 1, createdAt: at(3) },
      { id: idOf(3), groupId: shared!.id, name: 'C', position: 1, createdAt: at(3) },
      { id: idOf(2), groupId: shared!.id, name: 'B', position: 1, createdAt: at(2) },
      { id: idOf(1), groupId: shared!.id, name: 'A', position: 0, createdAt: at(9) },
      // A group without shared positions keeps its numbers, gaps and all.
      { id: idOf(7), groupId: clean!.id, name: 'Y', position: 5, createdAt: at(1) },
      { id: idOf(6), groupId: clean!.id, name: 'X', position: 0, createdAt: at(2) },
    ]);

    const [dropOld, renumber, createUnique] = migrationStatements();
    expect(dropOld).toMatch(/^DROP INDEX/);
    await db.execute(sql.raw(renumber!));
    await db.execute(sql.raw(createUnique!));

    const rows = await db
      .select({ groupId: groupMembers.groupId, name: groupMembers.name, position: groupMembers.position })
      .from(groupMembers)
      .orderBy(asc(groupMembers.position));
    const order = (groupId: string) =>
      rows.filter((r) => r.groupId === groupId).map((r) => `${r.name}${r.position}`);
    expect(order(shared!.id)).toEqual(['A0', 'B1', 'C2', 'D3', 'E4']);
    expect(order(clean!.id)).toEqual(['X0', 'Y5']);

    await expect(
      db.insert(groupMembers).values({ groupId: clean!.id, name: 'Twin', position: 5 }),
    ).rejects.toThrow();
  });
});
