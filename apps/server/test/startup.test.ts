import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrationsFolder, openDatabase } from '@dolya/db';
import { createEmptyPostgresDatabase } from '@dolya/db/testing';
import postgres from 'postgres';
import { beforeAll, describe, expect, it } from 'vitest';
import { prepareDatabase } from '../src/database';

const migrations = (
  JSON.parse(readFileSync(resolve(migrationsFolder, 'meta/_journal.json'), 'utf8')) as { entries: unknown[] }
).entries.length;

/** What two instances left behind: applied migrations and demo accounts. */
async function outcome(url: string) {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const [applied] = await sql<{ n: number }[]>`select count(*)::int as n from drizzle.__drizzle_migrations`;
    const [demo] = await sql<
      { n: number }[]
    >`select count(*)::int as n from users where email = 'demo@example.com'`;
    return { migrations: applied?.n, demoAccounts: demo?.n };
  } finally {
    await sql.end({ timeout: 5 });
  }
}

describe('two instances starting at once on an empty database', () => {
  it('both migrate and seed, one after the other, in 10 trials out of 10', async () => {
    for (let trial = 1; trial <= 10; trial++) {
      const empty = await createEmptyPostgresDatabase();
      const a = openDatabase({ databaseUrl: empty.url });
      const b = openDatabase({ databaseUrl: empty.url });
      try {
        const results = await Promise.allSettled([
          prepareDatabase(a, { seedDemo: true }),
          prepareDatabase(b, { seedDemo: true }),
        ]);
        expect(
          results.map((r) => r.status),
          `trial ${trial}`,
        ).toEqual(['fulfilled', 'fulfilled']);
        const seeded = results.map((r) => (r.status === 'fulfilled' ? r.value : undefined)).sort();
        expect(seeded, `trial ${trial}`).toEqual([false, true]);
        expect(await outcome(empty.url), `trial ${trial}`).toEqual({ migrations, demoAccounts: 1 });
      } finally {
        await Promise.all([a.close(), b.close()]);
        await empty.drop();
      }
    }
  }, 120_000);

  it('as two real server processes too, both answering, in 3 trials', async () => {
    for (let trial = 1; trial <= 3; trial++) {
      const empty = await createEmptyPostgresDatabase();
      const servers: ChildProcess[] = [];
      try {
        const ports = [await freePort(), await freePort()];
        for (const port of ports) servers.push(startServer(port, empty.url));
        await Promise.all(ports.map((port, i) => waitForHealth(port, servers[i]!)));
        expect(await outcome(empty.url), `trial ${trial}`).toEqual({ migrations, demoAccounts: 1 });
      } finally {
        await Promise.all(servers.map(stop));
        await empty.drop();
      }
    }
  }, 180_000);
});

describe('SERVER_WORKERS', () => {
  it('runs that many server processes on one port, and one SIGTERM stops them all', async () => {
    const empty = await createEmptyPostgresDatabase();
    const port = await freePort();
    const primary = startServer(port, empty.url, { SERVER_WORKERS: '2' });
    try {
      await waitForHealth(port, primary);
      const workers = () =>
        readFileSync(`/proc/${primary.pid}/task/${primary.pid}/children`, 'utf8').trim().split(/\s+/);
      for (let tries = 0; tries < 100 && workers().length < 2; tries++)
        await new Promise((r) => setTimeout(r, 100));
      expect(workers()).toHaveLength(2);
      for (let i = 0; i < 20; i++) expect((await fetch(`http://127.0.0.1:${port}/health`)).ok).toBe(true);
      expect(await outcome(empty.url)).toEqual({ migrations, demoAccounts: 1 });
      const exited = new Promise<number | null>((done) => primary.once('exit', (code) => done(code)));
      primary.kill('SIGTERM');
      expect(await exited).toBe(0);
    } finally {
      await stop(primary);
      await empty.drop();
    }
  }, 60_000);
});

// The processes run the server as production does: the bundle `npm run build` makes.
const serverRoot = resolve(fileURLToPath(new URL('..', import.meta.url)));
beforeAll(() => {
  execFileSync(process.execPath, ['build.mjs'], { cwd: serverRoot, stdio: 'inherit' });
}, 60_000);

function startServer(port: number, databaseUrl: string, extra: Record<string, string> = {}): ChildProcess {
  return spawn(process.execPath, [resolve(serverRoot, 'dist/main.mjs')], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      WEB_DIST: 'none',
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      // Load shedding off: a busy test machine lags while the process starts.
      MAX_EVENT_LOOP_DELAY_MS: '0',
      MAX_HEAP_USED_MB: '0',
      ...extra,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((done) => {
    child.once('exit', () => done());
    child.kill('SIGTERM');
  });
}

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => done(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function waitForHealth(port: number, child: ChildProcess) {
  for (let tries = 0; tries < 600; tries++) {
    if (child.exitCode !== null) throw new Error(`a server exited with ${child.exitCode} while starting`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('a server never answered /health');
}
