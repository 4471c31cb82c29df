import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase } from '../src/client';
import { migrationStatus } from '../src/migration-status';
import { createEmptyPostgresDatabase } from '../src/testing';

// Behind PgBouncer in transaction mode the start-up lock and the migrations must not go through
// the pooler: they take the direct address. Here the pooled address leads nowhere, so migrating
// works only if nothing of it goes that way.
let empty: Awaited<ReturnType<typeof createEmptyPostgresDatabase>>;
beforeAll(async () => {
  empty = await createEmptyPostgresDatabase();
});
afterAll(async () => {
  await empty?.drop();
});

it('takes the start-up lock and migrates over directUrl, not the pooled address', async () => {
  const pooled = openDatabase({
    databaseUrl: 'postgres://postgres@127.0.0.1:1/nowhere',
    directUrl: empty.url,
    maxConnections: 1,
  });
  const direct = openDatabase({ databaseUrl: empty.url, maxConnections: 1 });
  try {
    expect((await migrationStatus(direct.db)).pending.length).toBeGreaterThan(0);
    await pooled.migrate();
    expect((await migrationStatus(direct.db)).pending).toEqual([]);
  } finally {
    await pooled.close();
    await direct.close();
  }
});
