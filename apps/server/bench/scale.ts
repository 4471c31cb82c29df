/**
 * npm run bench:scale — Dolya as several instances on one machine, as it would run on several:
 * two server instances behind nginx (round robin), PostgreSQL reached through PgBouncer in
 * transaction pooling mode (no prepared statements; the start-up lock and migrations over a direct
 * connection), a group of 50 members and 10 000 expenses. It runs bench:load's tRPC mix through
 * the balancer in three phases — both instances up, one killed (SIGKILL), the killed one started
 * again — and prints requests, errors and p99 for the whole run and per phase. Writes that failed
 * are sent again with their idempotency key, as a client retries, and the database is checked for
 * lost and duplicated writes. Then it shows that sessions and sign-in limits are shared, and runs
 * the bot in webhook mode with two workers behind the same balancer, every update delivered twice.
 *
 * Needs Debian's nginx and pgbouncer (apt-get install -y nginx-light pgbouncer) and PostgreSQL
 * (BENCH_DATABASE_URL, else DATABASE_URL, else 127.0.0.1:5432). BENCH_RATE (300), BENCH_PHASE_SECONDS
 * (15), BENCH_BOT_MESSAGES (30) change the run.
 */
import { execFileSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { type Database, expenses, groupMembers, identities, openDatabase } from '@dolya/db';
import { and, count, eq, like } from 'drizzle-orm';
import { EXPENSES, MEMBERS, seedBigGroup } from './lib/big-group';
import { freshDatabase, serverUrl } from './lib/databases';
import { API_CALLS, MIX, signIn } from './lib/group-page';
import { type Call, openLoop, type Sample, sequential, summarizeByKind, table } from './lib/load';
import { startNginx } from './lib/nginx';
import { startPgBouncer } from './lib/pgbouncer';
import { freePort, type RunningProcess, startDolyaServer } from './lib/processes';
import { prepareBotWorkers, runBotScenario, WEBHOOK_PATH } from './lib/scale-bot';

const RATE = Number(process.env.BENCH_RATE ?? 300);
const PHASE_SECONDS = Number(process.env.BENCH_PHASE_SECONDS ?? 15);
const BOT_MESSAGES = Number(process.env.BENCH_BOT_MESSAGES ?? 30);
const BOT_API_SECRET = 'bench-scale-bot-api-secret-0123456789abcdef';
const STATEMENT_TIMEOUT_MS = 10_000;

const log = (line = '') => console.log(line);
const cleanups: (() => Promise<void>)[] = [];
const onCleanup = (step: () => Promise<void>) => cleanups.push(step);
async function cleanup() {
  for (let step = cleanups.pop(); step; step = cleanups.pop()) await step().catch(() => {});
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    cleanup().finally(() => process.exit(130));
  });
}

function requireTools() {
  const missing = ['nginx', 'pgbouncer'].filter((tool) => {
    try {
      execFileSync('sh', ['-c', `command -v ${tool} || test -x /usr/sbin/${tool}`], { stdio: 'ignore' });
      return false;
    } catch {
      return true;
    }
  });
  if (missing.length > 0) {
    console.error(`bench:scale needs ${missing.join(' and ')}: apt-get install -y nginx-light pgbouncer`);
    process.exit(1);
  }
}

async function main() {
  requireTools();
  const started = performance.now();
  const server = new URL(serverUrl());
  const database = await freshDatabase(server.toString(), 'dolya_scale');
  onCleanup(() => database.drop());
  const handle = openDatabase({ databaseUrl: database.url, maxConnections: 2 });
  onCleanup(() => handle.close());
  await handle.migrate();
  const group = await seedBigGroup(database.url);
  log(`Seeded ${MEMBERS} members and ${EXPENSES} expenses on a fresh PostgreSQL database`);

  const bouncer = await startPgBouncer({
    server: { host: server.hostname, port: Number(server.port || 5432), user: server.username || 'postgres' },
    database: database.name,
    serverConnections: 10,
    statementTimeoutMs: STATEMENT_TIMEOUT_MS,
  });
  onCleanup(() => bouncer.stop());
  const appPorts = [await freePort(), await freePort()];
  const bot = await prepareBotWorkers(2);
  const nginx = await startNginx({ appPorts, webhook: { path: WEBHOOK_PATH, ports: bot.ports } });
  onCleanup(() => nginx.stop());
  log(
    `nginx ${nginx.baseUrl} -> instances on ${appPorts.join(', ')}; PgBouncer (transaction mode) ${bouncer.url}`,
  );

  const env = {
    DATABASE_URL: bouncer.url,
    DATABASE_DIRECT_URL: database.url,
    DATABASE_PREPARE: 'false',
    PUBLIC_URL: nginx.baseUrl,
    TRUST_PROXY: 'true',
    BOT_API_SECRET,
    WEB_DIST: 'none',
  };
  // Built once, then both started at once: they take turns on the start-up lock.
  const first = startDolyaServer(env, { port: appPorts[0] });
  const instances: RunningProcess[] = [await first];
  instances.push(await startDolyaServer(env, { port: appPorts[1], build: false }));
  onCleanup(async () => {
    for (const instance of instances) await instance.stop();
  });

  const cookie = await signIn(nginx.baseUrl, group);
  await sharedStateChecks(instances, cookie);

  const make = API_CALLS.trpc(nginx.baseUrl, cookie, group);
  // Warm-up, not counted (as bench:load's): both instances' JIT, PgBouncer's server connections
  // and PostgreSQL's cache, so phase 1 measures two warm instances rather than their start.
  await openLoop(nginx.baseUrl, { ratePerSecond: RATE / 2, seconds: 5, timeoutMs: 10_000 }, (i) =>
    make[MIX[i % MIX.length]!](),
  );
  const seconds = PHASE_SECONDS * 3;
  log('');
  log(
    `Open loop through nginx, tRPC mix (group 20 %, balances 20 %, expenses 40 %, writes 20 %), ${RATE} requests/s for ${seconds} s:`,
  );
  log(`  phase 1 (0-${PHASE_SECONDS} s): both instances up`);
  log(`  phase 2 (${PHASE_SECONDS}-${2 * PHASE_SECONDS} s): instance 2 killed with SIGKILL at its start`);
  log(`  phase 3 (${2 * PHASE_SECONDS}-${seconds} s): instance 2 started again at its start`);
  const chaos = (async () => {
    await sleep(PHASE_SECONDS * 1000);
    instances[1]!.child.kill('SIGKILL');
    await instances[1]!.stop();
    await sleep(PHASE_SECONDS * 1000);
    const restartedAt = performance.now();
    instances[1] = await startDolyaServer(env, { port: appPorts[1], build: false });
    return (performance.now() - restartedAt) / 1000;
  })();
  const samples = await openLoop(nginx.baseUrl, { ratePerSecond: RATE, seconds, timeoutMs: 10_000 }, (i) =>
    make[MIX[i % MIX.length]!](),
  );
  const restartSeconds = await chaos;
  log(`Instance 2 answered /health ${restartSeconds.toFixed(1)} s after it was started again`);
  log('');
  log('Whole run:');
  log(table(summarizeByKind(samples)));
  for (let phase = 0; phase < 3; phase++) {
    const inPhase = samples.filter(
      (s) => s.dueAt >= phase * PHASE_SECONDS * 1000 && s.dueAt < (phase + 1) * PHASE_SECONDS * 1000,
    );
    log(`Phase ${phase + 1}:`);
    log(table(summarizeByKind(inPhase)));
  }
  const reads = samples.filter((s) => s.kind !== 'write');
  log(`Reads: ${reads.length}, errors ${reads.filter((s) => !s.ok).length}`);
  const nginxErrors = nginx.errors().trim().split('\n').filter(Boolean);
  if (nginxErrors.length > 0) {
    log(`nginx error log: ${nginxErrors.length} lines, the first: ${nginxErrors.slice(0, 3).join('\n  ')}`);
  }
  await checkWrites(samples, nginx.baseUrl, handle.db, group.groupId);
  log(
    `Machine load average ${loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')}`,
  );

  log('');
  log(
    `Bot: two webhook workers behind nginx, ${BOT_MESSAGES} messages, each update and each Save posted twice at once`,
  );
  const [owner] = await handle.db
    .select({ userId: groupMembers.userId })
    .from(groupMembers)
    .where(and(eq(groupMembers.groupId, group.groupId), eq(groupMembers.position, 0)));
  const telegramUser = { id: 880_000_001, first_name: 'Bench', language_code: 'ru' };
  // A seat the bot's reader can name without doubt ("Member 1" reads as "Member" and an amount).
  await handle.db.insert(groupMembers).values({ groupId: group.groupId, name: 'Аня', position: MEMBERS });
  await handle.db
    .insert(identities)
    .values({ userId: owner!.userId!, provider: 'TELEGRAM', subject: String(telegramUser.id) });
  const workers = await bot.start(nginx.baseUrl, BOT_API_SECRET);
  onCleanup(() => workers.stop());
  const result = await runBotScenario({
    balancerUrl: nginx.baseUrl,
    telegram: bot.telegram,
    user: telegramUser,
    messages: BOT_MESSAGES,
    expenseName: 'Такси',
    memberName: 'Аня',
    countStored: async (name) => {
      const [row] = await handle.db
        .select({ n: count() })
        .from(expenses)
        .where(and(eq(expenses.groupId, group.groupId), eq(expenses.name, name)));
      return row?.n ?? 0;
    },
  });
  log(
    `  ${result.posts} webhook posts (${result.postErrors} not 200), ${result.draftsShown} drafts shown for ${result.messages} messages ` +
      `(${result.duplicateReplies} duplicate replies), ${result.savedAnswers} Save presses answered, ` +
      `${result.expensesStored} expenses stored (expected ${result.messages}), in ${result.seconds.toFixed(1)} s`,
  );
  if (process.env.BENCH_DEBUG) {
    for (const m of bot.telegram.messagesIn(telegramUser.id)) log(`  bot said: ${JSON.stringify(m)}`);
  }
  log('');
  log(`Total bench time ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

/**
 * A session made through the balancer works on each instance directly, and wrong passwords count
 * across instances: five on alternating instances lock the pair out on both.
 */
async function sharedStateChecks(instances: RunningProcess[], cookie: string) {
  const me = await Promise.all(
    instances.map(
      async (instance) => (await fetch(`${instance.baseUrl}/api/auth/me`, { headers: { cookie } })).status,
    ),
  );
  log(
    `Sessions: GET /api/auth/me with the balancer's session cookie, on each instance directly: ${me.join(', ')}`,
  );
  const email = `nobody-${Date.now()}@example.com`;
  const statuses: number[] = [];
  for (let attempt = 0; attempt < 6; attempt++) {
    const instance = instances[attempt % instances.length]!;
    const res = await fetch(`${instance.baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: instance.baseUrl },
      body: JSON.stringify({ email, password: 'wrong password' }),
    });
    statuses.push(res.status);
  }
  log(`Sign-in limits: 6 wrong passwords for one email, alternating instances: ${statuses.join(', ')}`);
}

/**
 * Every write that failed is sent again with the same idempotency key (up to 5 times), as a
 * client would; then each acknowledged write must be in the database, and none twice.
 */
async function checkWrites(samples: Sample[], baseUrl: string, db: Database, groupId: string) {
  const writes = samples.filter((s) => s.kind === 'write');
  const failed = writes.filter((s) => !s.ok);
  const acknowledged = new Set(writes.filter((s) => s.ok).map((s) => writeName(s.call)));
  for (const sample of failed) {
    for (let attempt = 0; attempt < 5; attempt++) {
      const [retry] = await sequential(baseUrl, 1, () => sample.call);
      if (retry?.ok) {
        acknowledged.add(writeName(sample.call));
        break;
      }
      await sleep(200);
    }
  }
  const rows = await db
    .select({ name: expenses.name, copies: count() })
    .from(expenses)
    .where(and(eq(expenses.groupId, groupId), like(expenses.name, 'Load %')))
    .groupBy(expenses.name);
  const stored = new Map(rows.map((row) => [row.name, row.copies]));
  const lost = [...acknowledged].filter((name) => !stored.has(name)).length;
  const duplicated = rows.filter((row) => row.copies > 1).length;
  const recovered = acknowledged.size - (writes.length - failed.length);
  log(
    `Writes: ${writes.length} sent, ${writes.length - failed.length} acknowledged at once, ${failed.length} failed at first ` +
      `(${recovered} acknowledged when sent again with their key); in the database: ${lost} acknowledged writes lost, ${duplicated} stored twice, ${rows.length} in all`,
  );
}

function writeName(call: Call): string {
  return (JSON.parse(call.body ?? '{}') as { name: string }).name;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

main().then(
  () => cleanup(),
  async (error) => {
    console.error(error);
    await cleanup();
    process.exit(1);
  },
);
