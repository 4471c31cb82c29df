/**
 * `npm run bench:web`: builds the web app, serves the build with the real server (on a fresh
 * database with the demo seed, as the journeys do: e2e/global-setup.ts), runs Lighthouse's mobile
 * audit on the demo group's page signed in as the demo user, /features and /login in Debian's
 * Chromium (CHROME_PATH, nothing downloaded), and prints the performance and accessibility scores
 * with the size table of scripts/size-budget.mjs.
 *
 * Lighthouse simulates a slow phone from the trace it records, so a busy machine moves the
 * performance score by a few points: run it on a quiet one. RUNS=3 keeps the median of three.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTestDatabase } from '@dolya/db/testing';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { build } from 'vite';
import { freePort, waitForHealth } from '../e2e/server-process';

const webRoot = resolve(fileURLToPath(new URL('..', import.meta.url)));
const serverMain = resolve(webRoot, '../server/src/main.ts');
const RUNS = Math.max(1, Number(process.env.RUNS ?? 1));
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

const work = mkdtempSync(join(tmpdir(), 'dolya-bench-web-'));
/** BENCH_DIST: measure a build made already (apps/web/dist after `vite build`) instead of building. */
const dist = process.env.BENCH_DIST ? resolve(process.env.BENCH_DIST) : join(work, 'dist');
let server: ChildProcess | undefined;
let database: Awaited<ReturnType<typeof createTestDatabase>> | undefined;

try {
  if (!process.env.BENCH_DIST)
    await build({
      root: webRoot,
      configFile: join(webRoot, 'vite.config.ts'),
      logLevel: 'warn',
      build: { outDir: dist, emptyOutDir: true },
    });

  database = await createTestDatabase();
  if (!database.url) await database.close(); // PGlite in memory cannot be shared: the server gets a data dir.
  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  server = spawn(process.execPath, ['--import', 'tsx', serverMain], {
    cwd: resolve(webRoot, '../..'),
    env: {
      ...process.env,
      // vite's build() has set NODE_ENV=production in this process; production mode refuses a
      // plain-http PUBLIC_URL, and changes nothing else the pages' serving depends on.
      NODE_ENV: 'development',
      SEED_DEMO: 'true',
      SESSION_SECRET: randomBytes(32).toString('base64url'),
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      DATABASE_URL: database.url ?? '',
      DATA_DIR: join(work, 'data'),
      WEB_DIST: dist,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitForHealth(baseUrl, server);
  const { cookie, groupId } = await signInAsDemo(baseUrl);
  const pages = [
    { page: '/group/…', path: `/group/${groupId}`, headers: { cookie } },
    { page: '/features', path: '/features' },
    { page: '/login', path: '/login' },
  ];

  const chrome = await chromeLauncher.launch({
    chromePath: CHROME_PATH,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  const rows: { page: string; performance: number; accessibility: number; lcp: string; tbt: string }[] = [];
  try {
    for (const { page, path, headers } of pages) {
      const runs = [];
      for (let run = 0; run < RUNS; run++) {
        const result = await lighthouse(`${baseUrl}${path}`, {
          port: chrome.port,
          // The signed-in page: the session cookie rides on every request of the run (Lighthouse
          // clears the browser's storage, not these headers).
          ...(headers ? { extraHeaders: headers } : {}),
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility'],
          formFactor: 'mobile',
        });
        if (!result) throw new Error(`Lighthouse returned nothing for ${page}`);
        // BENCH_REPORTS=dir keeps each run's full report (where the time went) as JSON.
        if (process.env.BENCH_REPORTS) {
          mkdirSync(process.env.BENCH_REPORTS, { recursive: true });
          const name = `${page.replace(/\W+/g, '_')}-${run + 1}.json`;
          writeFileSync(join(process.env.BENCH_REPORTS, name), JSON.stringify(result.lhr));
        }
        const { categories, audits, runtimeError } = result.lhr;
        if (runtimeError) console.log(`${page}: Lighthouse: ${runtimeError.code} ${runtimeError.message}`);
        runs.push({
          performance: Math.round((categories.performance?.score ?? 0) * 100),
          accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
          lcp: audits['largest-contentful-paint']?.displayValue ?? '?',
          tbt: audits['total-blocking-time']?.displayValue ?? '?',
          failed: Object.values(audits)
            .filter((audit) => audit.score === 0 && audit.scoreDisplayMode === 'binary')
            .map((audit) => audit.id),
        });
      }
      runs.sort((a, b) => a.performance - b.performance);
      const median = runs[Math.floor(runs.length / 2)]!;
      rows.push({ page, ...median });
      if (median.failed.length) console.log(`${page}: failed audits: ${median.failed.join(', ')}`);
    }
  } finally {
    chrome.kill();
  }

  console.log(`\nLighthouse ${RUNS > 1 ? `(median of ${RUNS} runs) ` : ''}mobile, ${baseUrl}:`);
  console.log('  page         performance  accessibility  LCP       TBT');
  for (const row of rows) {
    console.log(
      `  ${row.page.padEnd(12)} ${String(row.performance).padStart(11)}  ${String(row.accessibility).padStart(13)}  ${row.lcp.padEnd(9)} ${row.tbt}`,
    );
  }
  console.log('');
  const sizes = spawnSync(process.execPath, [join(webRoot, 'scripts/size-budget.mjs'), dist], {
    stdio: 'inherit',
  });
  process.exitCode = sizes.status ?? 1;
} finally {
  if (server && server.exitCode === null) {
    server.kill('SIGTERM');
    await new Promise((done) => server?.once('exit', done));
  }
  if (database?.url) await database.close();
  rmSync(work, { recursive: true, force: true });
}

/** Signs in as the seed's demo user; its session cookie and the demo group's id. */
async function signInAsDemo(baseUrl: string): Promise<{ cookie: string; groupId: string }> {
  const login = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ email: 'demo@example.com', password: 'demo' }),
  });
  if (!login.ok) throw new Error(`demo sign-in failed: ${login.status}`);
  const cookie = login.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  const groups = await fetch(`${baseUrl}/api/groups`, { headers: { cookie } });
  const [group] = (await groups.json()) as { id: string }[];
  if (!group) throw new Error('the demo seed made no group');
  return { cookie, groupId: group.id };
}
