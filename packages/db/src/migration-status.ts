import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { type Database, migrationsFolder } from './client';

export interface MigrationStatus {
  /** Migrations of the folder the database has not applied yet, by tag, oldest first. */
  pending: string[];
}

interface JournalEntry {
  when: number;
  tag: string;
}

/** The migrations folder's journal, written by drizzle-kit: one entry per migration. */
export function readJournal(folder = migrationsFolder): JournalEntry[] {
  const journal = JSON.parse(readFileSync(join(folder, 'meta', '_journal.json'), 'utf8')) as {
    entries: JournalEntry[];
  };
  return journal.entries;
}

/**
 * Which migrations of the folder the database still lacks. Drizzle's migrator applies every
 * migration newer than the newest row of drizzle.__drizzle_migrations, so that row decides.
 * Throws when the database does not answer.
 */
export async function migrationStatus(db: Database, folder = migrationsFolder): Promise<MigrationStatus> {
  const entries = readJournal(folder);
  const table = rowsOf(await db.execute(sql`select to_regclass('drizzle.__drizzle_migrations') as t`));
  let last = 0;
  if (table[0]?.t) {
    const rows = rowsOf(
      await db.execute(sql`select max(created_at) as last from drizzle.__drizzle_migrations`),
    );
    last = Number(rows[0]?.last ?? 0);
  }
  return { pending: entries.filter((e) => e.when > last).map((e) => e.tag) };
}

/** postgres-js answers an array of rows, PGlite an object holding them. */
function rowsOf(result: unknown): Record<string, unknown>[] {
  if (Array.isArray(result)) return result as Record<string, unknown>[];
  return ((result as { rows?: Record<string, unknown>[] }).rows ?? []) as Record<string, unknown>[];
}
