/**
 * npm run bench:faults — new expenses at 50 writes/s (each with its own Idempotency-Key) while
 * PostgreSQL restarts, and again while it is stopped for 5 s, on a throwaway cluster this script
 * creates on a free port and deletes afterwards (never the machine's shared cluster).
 *
 * Prints the answers during each outage (503, never 500), the time from PostgreSQL being back to
 * the first normal answer, and the writes: acknowledged, found in the database (none acknowledged
 * may be missing), written but not acknowledged, and what the retry with the same key does.
 */
import { randomUUID } from 'node:crypto';
import { openDatabase } from '@dolya/db';
import postgres from 'postgres';
import { Pool } from 'undici';
import { seedBigGroup } from './lib/big-group';
import { createThrowawayCluster } from './lib/cluster';
import { withDatabase } from './lib/databases';
import { startDolyaServer } from './lib/processes';

const RATE = 50;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Write {
  i: number;
  name: string;
  key: string;
  body: string;
  sentAt: number;
  answeredAt?: number;
  status?: number | 'timeout' | 'network';
}

const cleanups: (() => Promise<unknown>)[] = [];
async function cleanup() {
  for (let step = cleanups.pop(); step; step = cleanups.pop()) await step().catch(() => {});
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    cleanup().finally(() => process.exit(130));
  });
}

async function main() {
  const t0 = performance.now();
  const now = () => performance.now() - t0;
  const cluster = await createThrowawayCluster();
  cleanups.push(() => cluster.destroy());
  console.log(`Throwaway PostgreSQL cluster on port ${cluster.port}`);
  const admin = postgres(cluster.url, { max: 1, onnotice: () => {} });
  await admin`create database dolya_faults`;
  await admin.end();
  const url = withDatabase(cluster.url, 'dolya_faults');
  const handle = openDatabase({ databaseUrl: url });
  await handle.migrate();
  await handle.close();
  const group = await seedBigGroup(url, { members: 10, expenses: 0 });

  const server = await startDolyaServer({ DATABASE_URL: url, WEB_DIST: 'none', LOG_LEVEL: 'error' });
  cleanups.push(() => server.stop());
  const login = await fetch(`${server.baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.baseUrl },
    body: JSON.stringify({ email: group.email, password: group.password }),
  });
  const cookie = login.headers
    .getSetCookie()
    .find((c) => c.startsWith('dolya_session='))!
    .split(';')[0]!;
  const client = new Pool(server.baseUrl, { connections: 256 });
  cleanups.push(() => client.close());

  const send = async (write: Write) => {
    try {
      const res = await client.request({
        method: 'POST',
        path: `/api/groups/${group.groupId}/expenses`,
        headers: {
          cookie,
          origin: server.baseUrl,
          'content-type': 'application/json',
          'idempotency-key': write.key,
        },
        body: write.body,
        signal: AbortSignal.timeout(15_000),
      });
      await res.body.dump();
      return res.statusCode;
    } catch (error) {
      return (error as Error).name === 'TimeoutError' ? ('timeout' as const) : ('network' as const);
    }
  };

  // The writer: one new expense every 20 ms, whatever happened to the earlier ones.
  const writes: Write[] = [];
  const pending: Promise<void>[] = [];
  let writing = true;
  const writer = (async () => {
    const start = now();
    for (let i = 0; writing; i++) {
      const due = start + i * (1000 / RATE);
      if (due > now()) await sleep(due - now());
      const payer = group.memberIds[i % group.memberIds.length]!;
      const write: Write = {
        i,
        name: `Fault ${i}`,
        key: randomUUID(),
        body: JSON.stringify({ name: `Fault ${i}`, amount: '10.00', paidById: payer }),
        sentAt: now(),
      };
      writes.push(write);
      pending.push(
        send(write).then((status) => {
          write.status = status;
          write.answeredAt = now();
        }),
      );
    }
  })();

  await sleep(3000);
  const restartAt = now();
  await cluster.restart();
  const restartBackAt = now();
  await sleep(7000);
  const stopAt = now();
  await cluster.stop();
  const stoppedAt = now();
  await sleep(5000);
  await cluster.start();
  const startBackAt = now();
  await sleep(7000);
  writing = false;
  await writer;
  await Promise.all(pending);

  const ms = (n: number) => `${n.toFixed(0)} ms`;
  const statuses = (from: number, to: number) => {
    const counts: Record<string, number> = {};
    for (const w of writes.filter((w) => w.sentAt >= from && w.sentAt < to)) {
      counts[String(w.status)] = (counts[String(w.status)] ?? 0) + 1;
    }
    return Object.entries(counts)
      .map(([status, n]) => `${status}×${n}`)
      .join(' ');
  };
  const slowest = (from: number, to: number) => {
    const times = writes
      .filter((w) => w.sentAt >= from && w.sentAt < to)
      .map((w) => w.answeredAt! - w.sentAt)
      .sort((a, b) => a - b);
    return `p50 ${ms(times[Math.floor(times.length / 2)] ?? Number.NaN)}, slowest ${ms(times.at(-1) ?? Number.NaN)}`;
  };
  const firstNormal = (after: number) => {
    const ok = writes.filter((w) => w.status === 201 && w.answeredAt! >= after);
    return ok.length ? Math.min(...ok.map((w) => w.answeredAt!)) - after : Number.NaN;
  };

  console.log(`\n${writes.length} writes at ${RATE}/s over ${ms(now())}`);
  console.log(
    `Restart (pg_ctl restart -m fast, ${ms(restartBackAt - restartAt)}): answers to writes sent meanwhile: ${statuses(restartAt, restartBackAt)}; ${slowest(restartAt, restartBackAt)}`,
  );
  console.log(`  first normal answer ${ms(firstNormal(restartBackAt))} after PostgreSQL was back`);
  console.log(
    `Stopped for ${ms(startBackAt - stoppedAt)} (stop took ${ms(stoppedAt - stopAt)}): answers to writes sent meanwhile: ${statuses(stopAt, startBackAt)}; ${slowest(stopAt, startBackAt)}`,
  );
  console.log(`  first normal answer ${ms(firstNormal(startBackAt))} after PostgreSQL was back`);
  console.log(`All answers: ${statuses(0, Number.POSITIVE_INFINITY)}`);

  const db = postgres(url, { max: 1, onnotice: () => {} });
  cleanups.push(() => db.end({ timeout: 5 }));
  const storedNames = async () =>
    new Set(
      (await db<{ name: string }[]>`select name from expenses where name like 'Fault %'`).map((r) => r.name),
    );
  const stored = await storedNames();
  const acknowledged = writes.filter((w) => w.status === 201);
  const lost = acknowledged.filter((w) => !stored.has(w.name));
  const unacknowledged = writes.filter((w) => w.status !== 201);
  const writtenUnacknowledged = unacknowledged.filter((w) => stored.has(w.name));
  console.log(
    `\nWrites: ${acknowledged.length} acknowledged, ${stored.size} in the database, ${lost.length} acknowledged but missing`,
  );
  console.log(
    `  ${writtenUnacknowledged.length} written but not acknowledged${writtenUnacknowledged.length ? ` (answers: ${writtenUnacknowledged.map((w) => `${w.name}: ${w.status} after ${ms(w.answeredAt! - w.sentAt)}, sent at ${ms(w.sentAt)}`).join('; ')})` : ''}`,
  );

  // A client retries what was not acknowledged, with the same key and after Retry-After (1 s),
  // ten at a time: nothing may be written twice.
  const retried: (number | string)[] = [];
  for (let start = 0; start < unacknowledged.length; start += 10) {
    const batch = unacknowledged.slice(start, start + 10);
    retried.push(
      ...(await Promise.all(
        batch.map(async (w) => {
          let status = await send(w);
          for (let attempt = 1; attempt < 5 && status !== 201; attempt++) {
            await sleep(1000);
            status = await send(w);
          }
          return status;
        }),
      )),
    );
  }
  const duplicates = await db<{ name: string; n: number }[]>`
    select name, count(*)::int as n from expenses where name like 'Fault %' group by name having count(*) > 1`;
  const after = await storedNames();
  console.log(
    `Retrying the ${unacknowledged.length} unacknowledged writes with their keys: ${retried.filter((s) => s === 201).length} answered 201, ` +
      `${after.size} expenses stored for ${writes.length} writes, ${duplicates.length} written twice`,
  );
  if (lost.length > 0 || duplicates.length > 0) process.exitCode = 1;
}

try {
  await main();
} finally {
  await cleanup();
}
