import { eq } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { requestDatabase } from '../src/request-scope';
import { users } from '../src/schema';
import { createPostgresTestDatabase, holdWrites, type TestDatabase } from '../src/testing';
import { together } from '../src/together';

let database: TestDatabase & { url: string };
beforeAll(async () => {
  database = await createPostgresTestDatabase();
});
afterAll(() => database.close());

/** Holds every insert into users back until the returned function is called. */
async function holdUserInserts(): Promise<() => Promise<void>> {
  const side = postgres(database.url, { max: 1, onnotice: () => {} });
  const release = await holdWrites(side, 'users');
  return async () => {
    await release();
    await side.end();
  };
}

const email = (tag: string) => `${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

/**
 * patches/postgres+3.4.9.patch: a request that ends cancels its statements. A statement new to its
 * connection is described before it runs, and those sent with it wait in the transaction's queue
 * meanwhile; cancelled there, postgres-js rejected them but left them queued, and then sent neither
 * them nor anything after them, the ROLLBACK included: the transaction hung until PostgreSQL's
 * idle timeout, holding its connection.
 */
it('ends the transaction of a request that ended while statements waited unsent behind a blocked one', async () => {
  const releaseInserts = await holdUserInserts();
  try {
    const controller = new AbortController();
    const blocked = email('blocked');
    const attempt = requestDatabase(database.db, controller.signal).transaction(async (tx) => {
      await together([
        tx.insert(users).values({ name: 'Blocked', username: `blocked_${Date.now()}`, email: blocked }),
        tx
          .select({ id: users.id })
          .from(users)
          .where(eq(users.email, email('queued-1'))),
        tx
          .select({ id: users.id })
          .from(users)
          .where(eq(users.email, email('queued-2'))),
      ]);
    });
    setTimeout(() => controller.abort(), 200);
    const outcome = await Promise.race([
      attempt.then(
        () => 'committed',
        () => 'failed',
      ),
      new Promise((resolve) => setTimeout(() => resolve('still waiting'), 3000)),
    ]);
    expect(outcome).toBe('failed');
  } finally {
    await releaseInserts();
  }
  // The connection is free again, and nothing of the ended request was written.
  const rows = await database.db.select({ id: users.id }).from(users).where(eq(users.name, 'Blocked'));
  expect(rows).toEqual([]);
});
