import { execFile, execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './processes';

/** PostgreSQL's server programs: PG_BIN, else pg_config --bindir, else the newest /usr/lib/postgresql/N/bin. */
function binDir(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  try {
    const dir = execFileSync('pg_config', ['--bindir'], { encoding: 'utf8' }).trim();
    if (existsSync(join(dir, 'pg_ctl'))) return dir;
  } catch {
    // no pg_config
  }
  const versions = existsSync('/usr/lib/postgresql')
    ? readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a))
    : [];
  for (const version of versions) {
    const dir = `/usr/lib/postgresql/${version}/bin`;
    if (existsSync(join(dir, 'pg_ctl'))) return dir;
  }
  throw new Error('PostgreSQL server programs not found: set PG_BIN to the directory of initdb and pg_ctl');
}

export interface ThrowawayCluster {
  url: string;
  port: number;
  /** pg_ctl stop -m fast: sessions are ended, then the server shuts down cleanly. */
  stop(): Promise<void>;
  /** Resolves once the server accepts connections again (pg_ctl -w). */
  start(): Promise<void>;
  restart(): Promise<void>;
  /** Stops the cluster whatever its state and deletes its directory. */
  destroy(): Promise<void>;
}

/**
 * A PostgreSQL cluster of its own, on a free port, in a temporary directory: the fault script stops
 * and restarts it without touching any other cluster of the machine (PostgreSQL on 5432 may be
 * serving other people's tests). As root, the cluster belongs to the postgres user.
 */
export async function createThrowawayCluster(): Promise<ThrowawayCluster> {
  const bin = binDir();
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'dolya-faults-pg-'));
  const data = join(dir, 'data');
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
  }
  // Asynchronous, so the load generator keeps its pace while PostgreSQL stops and starts.
  const run = async (program: string, args: string[]) => {
    const [file, argv] = asRoot
      ? ['runuser', ['-u', 'postgres', '--', join(bin, program), ...args]]
      : [join(bin, program), args];
    await promisify(execFile)(file, argv);
  };
  const pgCtl = (...args: string[]) =>
    run('pg_ctl', [
      '-D',
      data,
      '-l',
      join(dir, 'log'),
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`,
      ...args,
    ]);

  await run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  await pgCtl('start', '-w');
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    stop: () => pgCtl('stop', '-m', 'fast', '-w'),
    start: () => pgCtl('start', '-w'),
    restart: () => pgCtl('restart', '-m', 'fast', '-w'),
    async destroy() {
      try {
        if (existsSync(join(data, 'postmaster.pid'))) await pgCtl('stop', '-m', 'immediate', '-w');
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
