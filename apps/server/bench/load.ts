/**
 * npm run bench:load — the group page's own calls against the real server on PostgreSQL, with a
 * group of 50 members and 10 000 expenses on a fresh database.
 *
 * Prints a plain Fastify baseline, then for each API — tRPC as the web app and the mini app call
 * it, and the REST facade of the spec — the calls one at a time on one connection and an open-loop
 * mix at a fixed rate (group 20 %, balances 20 %, first page of expenses 40 %, new expense 20 %)
 * with requests, errors and p50/p95/p99 per kind, and the server's CPU and peak memory; between the
 * two, the server's CPU per answer of each kind alone (4 callers, BENCH_CPU_CALLS calls).
 * Each API is measured after BENCH_WARM_UP (3000) calls of its mix.
 * BENCH_RATE (300), BENCH_SECONDS (30), BENCH_API (trpc,rest), BENCH_DATABASE_URL (else
 * DATABASE_URL, else the local server) and BENCH_SERVER_ENV (extra server variables, "A=1,B=2")
 * change the run.
 */
import { existsSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { expenses, openDatabase } from '@dolya/db';
import { count, like } from 'drizzle-orm';
import { EXPENSES, MEMBERS, seedBigGroup } from './lib/big-group';
import { freshDatabase, serverUrl } from './lib/databases';
import { API_CALLS, APIS, type Api, type Calls, MIX, signIn } from './lib/group-page';
import {
  type Call,
  closedLoop,
  closedLoopCount,
  openLoop,
  type Sample,
  sequential,
  summarizeByKind,
  table,
} from './lib/load';
import {
  processTree,
  type RunningProcess,
  repoRoot,
  startDolyaServer,
  startNodeProcess,
  statusKbOfTree,
} from './lib/processes';

const RATE = Number(process.env.BENCH_RATE ?? 300);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const SEQUENTIAL = Number(process.env.BENCH_SEQUENTIAL ?? 200);
const CPU_CALLS = Number(process.env.BENCH_CPU_CALLS ?? 600);
/**
 * Calls of the mix before anything is measured. A fresh server spends its first thousands of calls
 * compiling: the mix cost 4.0 ms of CPU a call over the first 1 000, 3.1 over the next, and about
 * 2.4 from the third thousand on, so without this the API measured first paid for the warm-up.
 */
const WARM_UP_CALLS = Number(process.env.BENCH_WARM_UP ?? 3000);
const extraEnv = Object.fromEntries(
  (process.env.BENCH_SERVER_ENV ?? '')
    .split(',')
    .filter(Boolean)
    .map((pair) => pair.split('=') as [string, string]),
);

function log(line = '') {
  console.log(line);
}

async function entryScriptSizes(baseUrl: string) {
  const html = await (await fetch(`${baseUrl}/`)).text();
  const src = /<script type="module"[^>]*src="([^"]+)"/.exec(html)?.[1];
  if (!src) return undefined;
  const sizes: Record<string, number> = {};
  for (const encoding of ['identity', 'gzip', 'br']) {
    const res = await fetch(`${baseUrl}${src}`, { headers: { 'accept-encoding': encoding } });
    // fetch decodes the body; the bytes on the wire are what content-length says.
    const length = Number(res.headers.get('content-length') ?? Number.NaN);
    const body = Buffer.from(await res.arrayBuffer());
    sizes[encoding] = Number.isNaN(length) ? body.length : length;
    sizes[`${encoding}:served`] = res.headers.get('content-encoding') === null ? 0 : 1;
  }
  return { src, sizes };
}

async function main() {
  const started = performance.now();
  const database = await freshDatabase(serverUrl());
  onCleanup(() => database.drop());
  try {
    const handle = openDatabase({ databaseUrl: database.url });
    await handle.migrate();
    await handle.close();
    const seedStart = performance.now();
    const group = await seedBigGroup(database.url);
    log(
      `Seeded ${MEMBERS} members and ${EXPENSES} expenses on a fresh PostgreSQL database in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`,
    );

    const plain = await startNodeProcess(
      resolve(repoRoot, 'apps/server/bench/lib/plain-server.ts'),
      {},
      { quiet: true },
    );
    onCleanup(() => plain.stop());
    try {
      const call: Call = { kind: 'plain', method: 'GET', path: '/', expect: 200 };
      await closedLoop(plain.baseUrl, { connections: 32, seconds: 2 }, call);
      const baseline = await closedLoop(plain.baseUrl, { connections: 32, seconds: 5 }, call);
      log(
        `Plain Fastify baseline ({}; 32 connections, 5 s): ${baseline.perSecond} req/s, ${baseline.errors} errors`,
      );
    } finally {
      await plain.stop();
    }

    const webDist = resolve(repoRoot, 'apps/web/dist');
    const server = await startDolyaServer({
      DATABASE_URL: database.url,
      WEB_DIST: existsSync(resolve(webDist, 'index.html')) ? webDist : 'none',
      ...extraEnv,
    });
    onCleanup(() => server.stop());
    const { baseUrl } = server;
    const cookie = await signIn(baseUrl, group);
    const entry = await entryScriptSizes(baseUrl);
    if (entry) {
      const kb = (n: number | undefined) => (n === undefined ? '-' : `${(n / 1024).toFixed(1)} kB`);
      log(
        `Entry script ${entry.src}: ${kb(entry.sizes.identity)} plain, ${kb(entry.sizes.gzip)} with gzip${entry.sizes['gzip:served'] ? '' : ' (not compressed)'}, ${kb(entry.sizes.br)} with br${entry.sizes['br:served'] ? '' : ' (not compressed)'}`,
      );
    } else {
      log('Entry script: no web build (npm run build -w @dolya/web), skipped');
    }
    // Before any write: written rows (four members each) would become the newest, smallest page.
    for (const api of APIS) await logFirstPage(api, baseUrl, API_CALLS[api](baseUrl, cookie, group));
    let written = 0;
    for (const api of APIS) {
      written += await measureApi(api, server, API_CALLS[api](baseUrl, cookie, group));
    }
    const stored = await countLoadExpenses(database.url);
    log('');
    log(
      `Writes: ${written} acknowledged in the open loops, ${stored} 'Load' expenses in the database after the run (writes outside the open loops included)`,
    );
    log(`Server memory: peak RSS ${server.peakRssMb()} MB (VmHWM) over the whole run`);
    log(`Total bench time ${((performance.now() - started) / 1000).toFixed(0)} s`);
  } finally {
    await cleanup();
  }
}

/** The first page of expenses as the API sends it: rows, size before and after brotli. */
async function logFirstPage(api: Api, baseUrl: string, make: Calls) {
  const page = make.expenses();
  const plainRes = await fetch(`${baseUrl}${page.path}`, {
    headers: { ...page.headers, 'accept-encoding': 'identity' },
  });
  const plain = Buffer.from(await plainRes.arrayBuffer());
  const parsed = JSON.parse(plain.toString()) as unknown[] | { result: { data: { items: unknown[] } } };
  const rows = Array.isArray(parsed) ? parsed.length : parsed.result.data.items.length;
  const brRes = await fetch(`${baseUrl}${page.path}`, {
    headers: { ...page.headers, 'accept-encoding': 'br' },
  });
  const brLength = brRes.headers.get('content-length');
  await brRes.arrayBuffer();
  log(
    `${api}: first page of expenses: ${rows} expenses, ${(plain.length / 1024).toFixed(1)} kB before compression` +
      `, content-encoding with br: ${brRes.headers.get('content-encoding') ?? 'none'}${brLength ? ` (${(Number(brLength) / 1024).toFixed(1)} kB)` : ''}`,
  );
}

/** One API: its calls one by one, then the open-loop mix; answers the writes acknowledged in the mix. */
async function measureApi(api: Api, server: RunningProcess, make: Calls): Promise<number> {
  const { baseUrl } = server;
  log('');
  log(`=== ${api === 'trpc' ? 'tRPC (the web app and the mini app)' : 'REST facade (spec §7)'}`);
  const warmUp = await closedLoopCount(baseUrl, { callers: 4, count: WARM_UP_CALLS }, (i) =>
    make[MIX[i % MIX.length]!](),
  );
  const warmUpErrors = warmUp.filter((sample) => !sample.ok).length;
  log(
    `Warm-up: ${WARM_UP_CALLS} calls of the mix, 4 callers${warmUpErrors ? ` (${warmUpErrors} errors)` : ''}`,
  );
  log('One connection, one call after another (after 20 warm-up calls of each):');
  for (const kind of ['group', 'balances', 'expenses', 'write'] as const)
    await sequential(baseUrl, Math.min(20, SEQUENTIAL), make[kind]);
  const oneByOne: Sample[] = [];
  for (const kind of ['group', 'balances', 'expenses', 'write'] as const) {
    oneByOne.push(...(await sequential(baseUrl, kind === 'write' ? SEQUENTIAL / 2 : SEQUENTIAL, make[kind])));
  }
  log(table(summarizeByKind(oneByOne)));

  log(
    `Server CPU per answer, one kind at a time (4 callers, ${CPU_CALLS} calls of each after 50 warm-up calls; writes ${CPU_CALLS / 2}):`,
  );
  const perKind: string[] = [];
  for (const kind of ['group', 'balances', 'expenses', 'write'] as const) {
    const count = kind === 'write' ? CPU_CALLS / 2 : CPU_CALLS;
    await closedLoopCount(baseUrl, { callers: 4, count: 50 }, make[kind]);
    const before = cpuSeconds(server.child.pid!);
    const samples = await closedLoopCount(baseUrl, { callers: 4, count }, make[kind]);
    const ms = (1000 * (cpuSeconds(server.child.pid!) - before)) / count;
    const errors = samples.filter((sample) => !sample.ok).length;
    perKind.push(`${kind} ${ms.toFixed(2)} ms${errors ? ` (${errors} errors)` : ''}`);
  }
  log(`  ${perKind.join(', ')}`);

  log(
    `Open loop, ${RATE} requests/s for ${SECONDS} s (group 20 %, balances 20 %, expenses 40 %, writes 20 %):`,
  );
  const cpuBefore = cpuSeconds(server.child.pid!);
  const loopStart = performance.now();
  let rssMax = 0;
  const rss = setInterval(() => {
    rssMax = Math.max(rssMax, currentRssMb(server.child.pid!));
  }, 100);
  const mixed = await openLoop(baseUrl, { ratePerSecond: RATE, seconds: SECONDS, timeoutMs: 10_000 }, (i) =>
    make[MIX[i % MIX.length]!](),
  );
  clearInterval(rss);
  const cpu = cpuSeconds(server.child.pid!) - cpuBefore;
  const wall = (performance.now() - loopStart) / 1000;
  log(table(summarizeByKind(mixed)));
  const answered = mixed.filter((s) => s.ok).length;
  log(
    `Server CPU during the open loop: ${cpu.toFixed(1)} s in ${wall.toFixed(1)} s (${((100 * cpu) / wall).toFixed(0)} % of one core), ` +
      `${answered ? ((1000 * cpu) / answered).toFixed(2) : '-'} ms per successful answer; machine load average ${loadAverage()}`,
  );
  log(`Server memory: highest RSS sample during the open loop ${rssMax} MB`);
  return mixed.filter((s) => s.kind === 'write' && s.ok).length;
}

const cleanups: (() => Promise<void>)[] = [];
function onCleanup(step: () => Promise<void>) {
  cleanups.push(step);
}
/** Stops what was started and drops the database, last first, each once. */
async function cleanup() {
  for (let step = cleanups.pop(); step; step = cleanups.pop()) await step().catch(() => {});
}

// Ctrl-C still stops the server and drops the database.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    cleanup().finally(() => process.exit(130));
  });
}

/** User + system CPU time so far of a process and its workers, in seconds (clock ticks of 1/100 s). */
function cpuSeconds(pid: number): number {
  let ticks = 0;
  for (const id of processTree(pid)) {
    try {
      const fields = readFileSync(`/proc/${id}/stat`, 'utf8').split(') ')[1]!.split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // ended meanwhile
    }
  }
  return ticks / 100;
}

function loadAverage(): string {
  return loadavg()
    .map((n) => n.toFixed(1))
    .join(' ');
}

/** The RSS of the server's processes (its workers too) now, summed. */
function currentRssMb(pid: number): number {
  return Math.round(statusKbOfTree(pid, 'VmRSS') / 1024);
}

async function countLoadExpenses(url: string): Promise<number> {
  const handle = openDatabase({ databaseUrl: url });
  try {
    const [row] = await handle.db.select({ n: count() }).from(expenses).where(like(expenses.name, 'Load %'));
    return row?.n ?? 0;
  } finally {
    await handle.close();
  }
}

await main();
