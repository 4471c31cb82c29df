import { readFileSync } from 'node:fs';
import type { Cents } from '@dolya/domain';
import { readImport } from '@dolya/interchange';

/** A sample export of packages/interchange's fixtures, as text. */
export function importFixture(name: string): string {
  return readFileSync(new URL(`../../interchange/test/fixtures/${name}`, import.meta.url), 'utf8');
}

/**
 * Each person's balance (by name) the file's own "Total balance" rows give, every currency
 * counted at 1:1 (what an import at the rate 1 must leave to the cent).
 */
export function fileTotalsByName(name: string): Map<string, Cents> {
  const file = readImport('splitwise-csv', importFixture(name));
  const byName = new Map<string, Cents>();
  for (const totals of file.totals) {
    for (const person of file.people) {
      byName.set(person.name, (byName.get(person.name) ?? 0) + (totals.nets[person.key] ?? 0));
    }
  }
  return byName;
}
