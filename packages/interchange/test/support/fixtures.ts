import { readFileSync } from 'node:fs';

/** A sample file of test/fixtures as text. */
export function fixture(name: string): string {
  return readFileSync(new URL(`../fixtures/${name}`, import.meta.url), 'utf8');
}
