import { execFile } from 'node:child_process';
import { once } from 'node:events';
import { connect, type Socket } from 'node:net';
import { fileURLToPath } from 'node:url';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresTestDatabase, type TestDatabase } from '../src/testing';

/**
 * patches/postgres+3.4.9.patch, a connection that closes under its user (porsager/postgres#1208).
 * postgres-js drops the socket of a closed connection at once but reconnects only later, and a
 * transaction's connection is not given back meanwhile.
 */
let database: TestDatabase & { url: string };
beforeAll(async () => {
  database = await createPostgresTestDatabase();
});
afterAll(() => database.close());

const fixture = fileURLToPath(new URL('./fixtures/closed-transaction.ts', import.meta.url));

/**
 * Runs the fixture in a node process of its own (killed after 25 s, within the test's 30): its
 * exit code (1 when killed), its output and its errors.
 */
function runFixture(url: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', fixture],
      { env: { ...process.env, DATABASE_URL: url }, timeout: 25_000 },
      (error, stdout, stderr) =>
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr }),
    );
  });
}

/** The fixture's report: its last line of output as JSON, or the output as it is. */
function lastJsonLine(output: string): unknown {
  try {
    return JSON.parse(output.trim().split('\n').at(-1) ?? '');
  } catch {
    return output;
  }
}

describe('a connection PostgreSQL closes (postgres-js, patched)', () => {
  it("fails a statement sent on a transaction's closed connection instead of ending the process", async () => {
    // Unpatched, the statement's bytes were written to the missing socket from a timer, where
    // nothing can catch the TypeError: the server process died (as the ROLLBACK after a statement
    // that failed with the connection does).
    const run = await runFixture(database.url);
    expect(run.stderr).not.toMatch(/TypeError/);
    expect({ code: run.code, outcome: lastJsonLine(run.stdout) }).toEqual({
      code: 0,
      outcome: { transaction: 'CONNECTION_CLOSED', statement: 'CONNECTION_CLOSED', after: 2 },
    });
  });

  it("sends nothing of a closed connection's unsent statement on its next connection", async () => {
    // A statement is sent a moment after it is asked for (setImmediate). When the connection closes
    // in between, postgres-js cancelled that send but kept its bytes and its timer: the next
    // connection's start-up message went behind them and never out, and it timed out connecting.
    const sockets: Socket[] = [];
    const server = new URL(database.url);
    const options = {
      max: 1,
      connect_timeout: 5,
      onnotice: () => {},
      // The sockets made here, so the test can close one: postgres-js's README documents `socket`
      // ("Custom socket"), its types leave it out.
      socket: async () => {
        const socket = connect({ host: server.hostname, port: Number(server.port || 5432) });
        await once(socket, 'connect');
        sockets.push(socket);
        return socket;
      },
    };
    const sql = postgres(database.url, options);
    try {
      expect(await sql`select 1 as one`).toEqual([{ one: 1 }]);
      // From inside a setImmediate callback, the statement's send is due in the next turn of the
      // event loop, and the socket's close comes in this one.
      const unsent = await new Promise<string>((resolve) =>
        setImmediate(() => {
          sql`select 2 as two`.then(
            () => resolve('answered'),
            (error: { code?: string }) => resolve(error.code ?? String(error)),
          );
          sockets[0]!.destroy();
        }),
      );
      expect(unsent).toBe('CONNECTION_CLOSED');
      expect(await sql`select 3 as three`).toEqual([{ three: 3 }]);
      expect(sockets).toHaveLength(2);
    } finally {
      await sql.end({ timeout: 5 });
    }
  });
});
