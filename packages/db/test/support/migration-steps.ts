import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { type Database, migrationsFolder } from '../../src/client';
import { readJournal } from '../../src/migration-status';

/**
 * The statements of the migrations before one migration (or of that migration alone), as drizzle
 * runs them: a test migrates up to it, writes old rows, then applies it.
 */
export function migrationStatements(tag: string, which: 'before' | 'it'): string[] {
  const entries = readJournal();
  const index = entries.findIndex((entry) => entry.tag === tag);
  if (index < 0) throw new Error(`the ${tag} migration is missing`);
  const tags = which === 'before' ? entries.slice(0, index) : [entries[index]!];
  return tags.flatMap((entry) =>
    readFileSync(join(migrationsFolder, `${entry.tag}.sql`), 'utf8')
      .split('--> statement-breakpoint')
      .map((statement) => statement.trim())
      .filter(Boolean),
  );
}

export async function runStatements(db: Database, list: string[]) {
  for (const statement of list) await db.execute(sql.raw(statement));
}

/** The rows of a raw query, whichever driver answered (postgres-js: an array; PGlite: .rows). */
export async function rows<T>(db: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = await db.execute(query);
  return (Array.isArray(result) ? result : (result as unknown as { rows: T[] }).rows) as T[];
}
