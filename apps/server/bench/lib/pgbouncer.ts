import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, chownSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './processes';
import { waitForPort } from './wait-for-port';

export interface PgBouncer {
  /** The pooled address of the database, for DATABASE_URL. */
  url: string;
  stop(): Promise<void>;
  log(): string;
}

/**
 * Debian's PgBouncer on a free loopback port, in transaction pooling mode, in front of one database
 * of a PostgreSQL server reached with trust auth. It refuses to run as root, so it runs as the
 * postgres user (-u) from a directory that user owns. The pool's statement timeout, which a client
 * cannot send through PgBouncer 1.18 as a start-up parameter, is set per server connection.
 */
export async function startPgBouncer(options: {
  server: { host: string; port: number; user: string };
  database: string;
  serverConnections: number;
  statementTimeoutMs: number;
}): Promise<PgBouncer> {
  const dir = mkdtempSync(join(tmpdir(), 'dolya-pgbouncer-'));
  const port = await freePort();
  const { host, port: serverPort, user } = options.server;
  const timeout = options.statementTimeoutMs;
  writeFileSync(join(dir, 'userlist.txt'), `"${user}" ""\n`);
  writeFileSync(
    join(dir, 'pgbouncer.ini'),
    [
      '[databases]',
      `${options.database} = host=${host} port=${serverPort} dbname=${options.database} connect_query='SET statement_timeout = ${timeout}; SET idle_in_transaction_session_timeout = ${timeout}'`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = trust',
      `auth_file = ${join(dir, 'userlist.txt')}`,
      'pool_mode = transaction',
      'max_client_conn = 1000',
      `default_pool_size = ${options.serverConnections}`,
      // postgres-js sends these as start-up parameters; PgBouncer 1.18 would refuse the connection.
      'ignore_startup_parameters = statement_timeout,idle_in_transaction_session_timeout,extra_float_digits',
      `logfile = ${join(dir, 'pgbouncer.log')}`,
      'log_connections = 0',
      'log_disconnections = 0',
      `pidfile = ${join(dir, 'pgbouncer.pid')}`,
      '',
    ].join('\n'),
  );
  const owner = pgOwner();
  if (owner) {
    for (const file of ['', 'userlist.txt', 'pgbouncer.ini'])
      chownSync(join(dir, file), owner.uid, owner.gid);
  }
  chmodSync(dir, 0o755);
  const args = ['-q', ...(owner ? ['-u', 'postgres'] : []), join(dir, 'pgbouncer.ini')];
  const child: ChildProcess = spawn('pgbouncer', args, { stdio: ['ignore', 'ignore', 'inherit'] });
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  child.once('error', () => {});
  await waitForPort(port, () => child.exitCode !== null || child.signalCode !== null, 'PgBouncer');
  const log = () => {
    try {
      return readFileSync(join(dir, 'pgbouncer.log'), 'utf8');
    } catch {
      return '';
    }
  };
  return {
    url: `postgres://${user}@127.0.0.1:${port}/${options.database}`,
    log,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The postgres user's ids when running as root (PgBouncer will not run as root), else none. */
function pgOwner(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('postgres:'));
  if (!line) throw new Error('PgBouncer will not run as root, and there is no postgres user to run it as');
  const [, , uid, gid] = line.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}
