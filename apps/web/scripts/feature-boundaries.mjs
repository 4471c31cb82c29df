#!/usr/bin/env node
// No feature folder imports from another (issue 14): src/features/<a> may use src/ui, src/lib,
// src/i18n and its own files, never src/features/<b>. Shared pieces move to src/ui or src/lib.
//   node scripts/feature-boundaries.mjs           fails on a crossing not in the allowlist
//   node scripts/feature-boundaries.mjs --write   rewrites the allowlist to today's crossings
// The allowlist (feature-boundaries.allow) holds the crossings that existed when the rule came;
// it should only shrink: entries gone from the code are listed, to be deleted (a warning, so that
// moving a piece out of a feature does not break the build by itself).
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const web = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const features = join(web, 'src/features');
const allowFile = join(web, 'scripts/feature-boundaries.allow');
const IMPORT = /(?:\bfrom\s*|\bimport\s*\(?\s*)['"](\.{1,2}\/[^'"]+)['"]/g;

function* sources(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sources(path);
    else if (/\.(ts|tsx)$/.test(entry.name)) yield path;
  }
}

const featureOf = (path) => {
  const rel = relative(features, path);
  return rel.startsWith('..') ? null : rel.split('/')[0];
};

const found = new Set();
for (const file of sources(features)) {
  const own = featureOf(file);
  for (const [, spec] of readFileSync(file, 'utf8').matchAll(IMPORT)) {
    const target = resolve(dirname(file), spec);
    const other = featureOf(target);
    if (other && other !== own) found.add(`${relative(features, file)} -> ${relative(features, target)}`);
  }
}

if (process.argv.includes('--write')) {
  writeFileSync(allowFile, `${[...found].sort().join('\n')}\n`);
  console.log(`feature-boundaries.allow: ${found.size} crossings written.`);
  process.exit(0);
}

const allowed = new Set(
  readFileSync(allowFile, 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#')),
);
const fresh = [...found].filter((crossing) => !allowed.has(crossing)).sort();
const gone = [...allowed].filter((crossing) => !found.has(crossing)).sort();
if (fresh.length) {
  console.error(
    `A feature folder imports from another (move the shared piece to src/ui or src/lib):\n  ${fresh.join('\n  ')}`,
  );
}
if (gone.length) {
  console.warn(`Gone from the code, delete from scripts/feature-boundaries.allow:\n  ${gone.join('\n  ')}`);
}
if (fresh.length) process.exit(1);
console.log(`Feature boundaries kept (${allowed.size - gone.length} old crossings left, none new).`);
