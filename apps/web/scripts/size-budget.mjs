#!/usr/bin/env node
// The JavaScript size budget of the built web app (issue 14), read from Vite's manifest
// (dist/.vite/manifest.json, `build.manifest`). Run after `vite build`:
//   node scripts/size-budget.mjs [distDir]
// Prints, per entry route, the JavaScript a first visit runs before its first screen (the entry,
// its static imports, the matched routes' chunks with theirs, and the stored language's texts; for
// a page the build prerendered, the scripts of that page), then every chunk loaded later; exits 1
// when a budget is broken.
//
// Each entry route has the target and the limit CI holds it to today (`npm test` runs
// this through apps/web's test:size). Where the target is not met yet, the limit sits just above
// the measured size, so nothing grows unnoticed: lower it as the size falls, down to the target.
// `--targets` checks the targets instead.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

const KB = 1000;
const initialOfAll = new Set();
const failures = [];
const args = process.argv.slice(2);
const checkTargets = args.includes('--targets');
const distArg = args.find((arg) => !arg.startsWith('--'));
const dist = resolve(distArg ?? new URL('../dist', import.meta.url).pathname);
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));

/**
 * Entry routes: the route files a first visit to the path matches (the root route is part of the
 * entry) and the text chunks it needs (src/i18n); or the static page the server sends for the path
 * (vite-prerender.ts), whose own scripts are all a first visit runs. A prerendered page the app
 * takes over (`takeover`) shows its first screen before any script: its target counts that (0),
 * its limit the app it loads beside it (entry, route, texts as above).
 */
const ROUTES = [
  {
    path: '/features (prerendered)',
    page: 'features.html',
    target: 110,
    limit: 110,
  },
  {
    path: '/login (prerendered)',
    page: 'login.html',
    takeover: true,
    files: ['login.tsx'],
    texts: ['common', 'signin'],
    target: 110,
    // 138 before issue 27 (the reset-password route and the sign-in form's link added 1.3 kB; the
    // signed-in layout's start offline, in the entry's route tree, 0.14 kB). The app loads after
    // the prerendered form shows; the route tree and the namespace list of issues 26, 28 and 29
    // (import's route, the fx, recurring, reminders, stats, log and imports names) add 0.1 kB.
    limit: 140.35,
  },
  {
    path: '/group/$groupId (signed in)',
    files: ['_app.tsx', '_app/group/$groupId/index.tsx'],
    texts: ['common', 'home'],
    target: 130,
    // 162 before issue 27, 164.1 with its search, categories and lazy icons and issue 28's log
    // lines. Back to the issue's 161.4 (160.6 measured): the statistics' and the log's texts are
    // namespaces of their own (src/i18n, the app chunk), pull-to-refresh and the delete question
    // of the expense list load after the first screen.
    limit: 161.4,
  },
];
/** The default language, whose texts a first visit loads. */
const LANGUAGE = 'src/i18n/ru';
const CHUNK_BUDGET = 25;
/** The one chunk allowed above CHUNK_BUDGET: the charts library of the statistics screen. */
const CHARTS = /recharts|stats/i;

const gzCache = new Map();
function gz(file) {
  if (!gzCache.has(file)) {
    gzCache.set(file, gzipSync(readFileSync(join(dist, file)), { level: 9 }).length);
  }
  return gzCache.get(file);
}
const kb = (bytes) => `${(bytes / KB).toFixed(1)} kB`;

/** Manifest keys a chunk needs before it runs: itself and its static imports, transitively. */
function closure(keys, into = new Set()) {
  for (const key of keys) {
    if (into.has(key) || !manifest[key]) continue;
    into.add(key);
    closure(manifest[key].imports ?? [], into);
  }
  return into;
}

/** Keys of the chunks Vite's router plugin split off a route file (`?tsr-split=…`), or the file itself. */
function routeKeys(file) {
  const src = `src/routes/${file}`;
  return Object.keys(manifest).filter((key) => key === src || key.startsWith(`${src}?`));
}

/** The app's entry (index.html); the prerendered pages' scripts are entries of their own. */
const entries = Object.keys(manifest).filter((key) => manifest[key].isEntry && key.endsWith('index.html'));
const keyOfFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));

/** Manifest keys of the scripts a built page loads. */
function pageScripts(route) {
  let html;
  try {
    html = readFileSync(join(dist, route.page), 'utf8');
  } catch {
    failures.push(`${route.path}: ${route.page} is not in the build`);
    return [];
  }
  const keys = [];
  // <script src>, <link href> and the file lists of inline scripts (static/page.ts loadAppAfterPaint).
  for (const [, src] of html.matchAll(/"\/(assets\/[^"\s]+\.js)"/g)) {
    const key = keyOfFile.get(src);
    if (key) keys.push(key);
    else failures.push(`${route.path}: ${src} is not in the manifest`);
  }
  return keys;
}

console.log('JavaScript before the first screen, per entry route (gzipped):');
for (const route of ROUTES) {
  const texts = (route.texts ?? []).map((name) => `${LANGUAGE}/${name}.ts`);
  // A renamed route or text chunk must not shrink the count unnoticed.
  for (const file of route.files ?? [])
    if (!routeKeys(file).length) failures.push(`${route.path}: src/routes/${file} is not in the build`);
  for (const key of texts)
    if (!manifest[key]) failures.push(`${route.path}: ${key} is not a chunk of the build`);
  const pageKeys = route.page ? pageScripts(route) : [];
  const keys =
    route.page && !route.takeover
      ? closure(pageKeys)
      : closure([...entries, ...texts, ...route.files.flatMap(routeKeys), ...pageKeys]);
  const files = new Set([...keys].map((key) => manifest[key].file).filter((f) => f.endsWith('.js')));
  for (const file of files) initialOfAll.add(file);
  const total = [...files].reduce((sum, file) => sum + gz(file), 0);
  if (route.takeover && !readFileSync(join(dist, route.page), 'utf8').includes('id="static"'))
    failures.push(`${route.path}: ${route.page} has no prerendered screen`);
  // Before the first screen: all of it, or nothing where the page shows before the app.
  const firstScreen = route.takeover ? 0 : total;
  const limited = checkTargets ? firstScreen : total;
  const budget = checkTargets ? route.target : route.limit;
  const ok = limited <= budget * KB;
  if (!ok) failures.push(`${route.path}: ${kb(limited)} > ${budget} kB`);
  const met = firstScreen <= route.target * KB ? 'target met' : `target ${route.target} kB not met`;
  const mark = ok ? 'ok  ' : 'OVER';
  if (route.takeover) {
    console.log(
      `  ${mark} ${route.path.padEnd(30)} ${kb(firstScreen).padStart(9)}  (${met}: it shows before any script)`,
    );
    console.log(
      `       ${'  then the app, beside it'.padEnd(30)} ${kb(total).padStart(9)}  (limit ${route.limit} kB; ${files.size} files)`,
    );
  } else {
    console.log(
      `  ${mark} ${route.path.padEnd(30)} ${kb(total).padStart(9)}  (limit ${budget} kB; ${met}; ${files.size} files)`,
    );
  }
}

console.log('\nChunks loaded on demand (gzipped):');
const seen = new Set();
const rows = [];
for (const [key, chunk] of Object.entries(manifest)) {
  if (!chunk.file.endsWith('.js') || initialOfAll.has(chunk.file) || seen.has(chunk.file)) continue;
  seen.add(chunk.file);
  const size = gz(chunk.file);
  const charts = CHARTS.test(key) || CHARTS.test(chunk.name ?? '') || CHARTS.test(chunk.file);
  const ok = charts || size <= CHUNK_BUDGET * KB;
  if (!ok) failures.push(`chunk ${key}: ${kb(size)} > ${CHUNK_BUDGET} kB`);
  rows.push({ key, file: chunk.file, size, ok, charts });
}
rows.sort((a, b) => b.size - a.size);
for (const row of rows) {
  const mark = row.ok ? (row.charts ? 'chrt' : 'ok  ') : 'OVER';
  console.log(`  ${mark} ${kb(row.size).padStart(9)}  ${row.key}`);
}

if (failures.length) {
  console.error(`\nSize budget broken:\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
console.log(`\nSize budget kept (entry routes as listed, chunks <= ${CHUNK_BUDGET} kB except the charts).`);
