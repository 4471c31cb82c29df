import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = resolve(fileURLToPath(new URL('../../../..', import.meta.url)));
const serverRoot = resolve(repoRoot, 'apps/server');

export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => done(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export interface RunningProcess {
  child: ChildProcess;
  baseUrl: string;
  /** Peak resident memory so far, in MB (the kernel's VmHWM, which misses nothing between samples). */
  peakRssMb(): number;
  stop(): Promise<void>;
}

/**
 * Starts an entry point and waits until GET /health answers: TypeScript under node + tsx, a
 * built .mjs under plain node.
 */
export async function startNodeProcess(
  entry: string,
  env: Record<string, string>,
  options: { quiet?: boolean; nodeArgs?: string[]; port?: number } = {},
): Promise<RunningProcess> {
  const port = options.port ?? (await freePort());
  const baseUrl = `http://127.0.0.1:${port}`;
  const loader = entry.endsWith('.ts') ? ['--import', 'tsx'] : [];
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), ...loader, entry], {
    cwd: repoRoot,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', options.quiet ? 'ignore' : 'inherit', 'inherit'],
  });
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${entry} exited with ${child.exitCode}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${entry} did not answer /health within 60 s`);
    }
    try {
      if ((await fetch(`${baseUrl}/health`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    child,
    baseUrl,
    peakRssMb: () => readPeakRssMb(child.pid!),
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * The real Dolya server, as `npm start` runs it, on the given database and environment;
 * BENCH_SERVER_NODE_ARGS adds node flags (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof").
 */
export async function startDolyaServer(
  env: Record<string, string>,
  options: { port?: number; build?: boolean } = {},
): Promise<RunningProcess> {
  // The origin check compares with PUBLIC_URL: the bench's own address, unless it says otherwise.
  const port = options.port ?? (await freePort());
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  // Built afresh, so the bench never measures a stale bundle (a restart reuses the bundle).
  if (options.build !== false) {
    execFileSync(process.execPath, ['build.mjs'], { cwd: serverRoot, stdio: 'inherit' });
  }
  return startNodeProcess(
    resolve(serverRoot, 'dist/main.mjs'),
    {
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      RATE_LIMIT_AUTH_PER_MINUTE: '0',
      // Not 'production': that refuses an http PUBLIC_URL, and nothing in the server runs
      // differently for it but the configuration checks.
      NODE_ENV: 'test',
      SESSION_SECRET: 'bench-only-session-secret-bench-only',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ...env,
    },
    { nodeArgs, port },
  );
}

/**
 * A process and its descendants (SERVER_WORKERS forks its workers from the first one), so that CPU
 * and memory figures count every process of the server.
 */
export function processTree(pid: number): number[] {
  let children: number[] = [];
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .split(' ')
      .filter(Boolean)
      .map(Number);
  } catch {
    // gone already
  }
  return [pid, ...children.flatMap(processTree)];
}

/** A field of /proc/<pid>/status in kB (VmRSS, VmHWM), summed over the process tree. */
export function statusKbOfTree(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  let kb = 0;
  for (const id of processTree(pid)) {
    try {
      const status = readFileSync(`/proc/${id}/status`, 'utf8');
      kb += Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
    } catch {
      // ended meanwhile
    }
  }
  return kb;
}

/** The peak RSS of each process of the tree, summed: with workers, an upper bound of the total. */
function readPeakRssMb(pid: number): number {
  const kb = statusKbOfTree(pid, 'VmHWM');
  return kb ? Math.round(kb / 1024) : Number.NaN;
}
