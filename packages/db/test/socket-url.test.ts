import { existsSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/client';
import { withUnixSocket } from '../src/socket-url';
import { createEmptyPostgresDatabase } from '../src/testing';

describe('withUnixSocket', () => {
  it("takes libpq's ?host=/directory out of the URL and names the socket file of the port", () => {
    expect(withUnixSocket('postgres://app@localhost/dolya?host=/var/run/postgresql')).toEqual({
      url: 'postgres://app@localhost/dolya',
      path: '/var/run/postgresql/.s.PGSQL.5432',
    });
    expect(withUnixSocket('postgres://app@localhost:6432/dolya?sslmode=disable&host=/tmp/')).toEqual({
      url: 'postgres://app@localhost:6432/dolya?sslmode=disable',
      path: '/tmp/.s.PGSQL.6432',
    });
  });

  it('leaves a TCP address as it is', () => {
    for (const url of [
      'postgres://app@db.example:5432/dolya',
      'postgres://app@10.0.0.1/dolya?host=db.example',
    ]) {
      expect(withUnixSocket(url)).toEqual({ url });
    }
  });
});

// The Debian PostgreSQL of the developers' and CI machines listens on this socket too.
const SOCKET_DIRECTORY = '/var/run/postgresql';
const hasSocket = existsSync(`${SOCKET_DIRECTORY}/.s.PGSQL.5432`);

describe.skipIf(!hasSocket)('a DATABASE_URL with ?host=/var/run/postgresql', () => {
  let empty: Awaited<ReturnType<typeof createEmptyPostgresDatabase>>;
  beforeAll(async () => {
    empty = await createEmptyPostgresDatabase();
  });
  afterAll(async () => {
    await empty?.drop();
  });

  it('migrates and queries over the Unix socket, not TCP', async () => {
    const url = new URL(empty.url);
    url.hostname = 'localhost';
    url.port = '5432';
    url.searchParams.set('host', SOCKET_DIRECTORY);
    const handle = openDatabase({ databaseUrl: url.toString(), maxConnections: 1 });
    try {
      await handle.migrate();
      // PostgreSQL answers no server address on a Unix-socket connection.
      const rows = (await handle.db.execute(sql`select inet_server_addr()::text as address`)) as unknown as {
        address: string | null;
      }[];
      expect(rows[0]).toEqual({ address: null });
    } finally {
      await handle.close();
    }
  });
});
