import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const serverMain = resolve(fileURLToPath(new URL('../src/main.ts', import.meta.url)));
const repositoryRoot = resolve(fileURLToPath(new URL('../../..', import.meta.url)));

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  base: string;
  /** Everything the process wrote to stdout so far, line by line. */
  lines(): string[];
  stop(): Promise<void>;
}

/**
 * The server as a process on a free loopback port, stdout collected: this node with `nodeArgs`
 * (default src/main.ts under tsx; e.g. an image's CMD without its "node"), run from the
 * repository root.
 */
export async function startServerProcess(
  env: Record<string, string>,
  nodeArgs: string[] = ['--import', 'tsx', serverMain],
): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, nodeArgs, {
    cwd: repositoryRoot,
    // Load shedding off unless a test sets it: a busy test machine lags while the process starts.
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      WEB_DIST: 'none',
      MAX_EVENT_LOOP_DELAY_MS: '0',
      MAX_HEAP_USED_MB: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    out += chunk.toString('utf8');
  });
  const server: ServerProcess = {
    child,
    port,
    base: `http://127.0.0.1:${port}`,
    lines: () => out.split('\n').filter(Boolean),
    stop: () => stop(child),
  };
  await waitFor(`${server.base}/healthz`, child);
  return server;
}

export function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((done) => {
    child.once('exit', () => done());
    child.kill('SIGTERM');
  });
}

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

export async function waitFor(url: string, child: ChildProcess, init?: RequestInit) {
  for (let tries = 0; tries < 600; tries++) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode} while starting`);
    try {
      if ((await fetch(url, init)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the server never answered ${url}`);
}
