#!/usr/bin/env node
// No feature folder imports from another (issue 14): src/features/<a> may use src/ui, src/lib,
// src/i18n and its own files, never src/features/<b> (code or CSS). Shared pieces move to src/ui or
// src/lib; where one feature's page shows another's section, the route (src/routes) composes them.
// The shared folders beside it (src/ui, src/lib) import no feature at all, their styles included.
//   node scripts/feature-boundaries.mjs [featuresDir]   fails on any crossing (default src/features)
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const web = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const features = resolve(process.argv[2] ?? join(web, 'src/features'));
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

const crossings = [];
for (const file of sources(features)) {
  const own = featureOf(file);
  for (const [, spec] of readFileSync(file, 'utf8').matchAll(IMPORT)) {
    const target = resolve(dirname(file), spec);
    const other = featureOf(target);
    if (other && other !== own)
      crossings.push(`${relative(features, file)} -> ${relative(features, target)}`);
  }
}

// The shared folders beside the features' folder: they serve every feature and belong to none.
for (const shared of ['ui', 'lib']) {
  const dir = join(dirname(features), shared);
  if (!existsSync(dir)) continue;
  for (const file of sources(dir)) {
    for (const [, spec] of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const target = resolve(dirname(file), spec);
      if (featureOf(target))
        crossings.push(`${relative(dirname(features), file)} -> ${relative(features, target)}`);
    }
  }
}

if (crossings.length) {
  console.error(
    `A feature folder imports from another, or src/ui or src/lib from a feature (move the shared piece, styles included, to src/ui or src/lib, or compose the two in the route):\n  ${crossings.sort().join('\n  ')}`,
  );
  process.exit(1);
}
console.log(
  'Feature boundaries kept: no feature folder imports another, and src/ui and src/lib import none.',
);
