import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, type DatabaseHandle, openDatabase } from '../src/client';
import { preparedFor } from '../src/prepared';
import { requestDatabase } from '../src/request-scope';
import { users } from '../src/schema';
import { createPostgresTestDatabase } from '../src/testing';
import { DatabaseUnavailableError } from '../src/unavailable';

async function openPglite(): Promise<DatabaseHandle> {
  const handle = openDatabase({ dataDir: 'memory://' });
  await handle.migrate();
  return handle;
}

const failure = (promise: PromiseLike<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error,
  );

function endedReason(error: unknown): string | undefined {
  let current = error as { cause?: unknown } | undefined;
  for (let depth = 0; depth < 4 && current; depth++) {
    if (current instanceof DatabaseUnavailableError) return current.reason;
    current = current.cause as typeof current;
  }
  return undefined;
}

const newUser = (tag: string) => ({
  name: tag,
  username: `${tag}_${Date.now()}_${Math.random().toString(36).slice(2, 8)}`,
  email: `${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`,
});

async function userCount(db: Database, email: string): Promise<number> {
  return (await db.select({ id: users.id }).from(users).where(eq(users.email, email))).length;
}

describe.each([
  ['PostgreSQL', createPostgresTestDatabase],
  ['PGlite', openPglite],
] as const)('a request’s handle of the database, on %s', (_driver, open) => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await open();
  });
  afterAll(() => database.close());

  it('reads and writes the same tables as the database, prepared queries included', async () => {
    const request = requestDatabase(database.db, new AbortController().signal);
    const user = newUser('bound');
    await request.transaction(async (tx) => {
      await tx.insert(users).values(user);
    });
    expect(await userCount(database.db, user.email)).toBe(1);
    const byEmail = preparedFor(request, 'request-user-by-email', (db) =>
      db
        .select({ name: users.name })
        .from(users)
        .where(eq(users.email, sql.placeholder('email')))
        .prepare('request_user_by_email'),
    );
    expect(await byEmail.execute({ email: user.email })).toEqual([{ name: 'bound' }]);
  });

  it('rolls back a transaction whose request ended before it committed', async () => {
    const controller = new AbortController();
    const user = newUser('ended');
    const attempt = requestDatabase(database.db, controller.signal).transaction(async (tx) => {
      await tx.insert(users).values(user);
      controller.abort();
    });
    expect(endedReason(await failure(attempt))).toBe('ended');
    expect(await userCount(database.db, user.email)).toBe(0);
  });

  it('starts no transaction for a request that has ended, and leaves other requests alone', async () => {
    const ended = new AbortController();
    ended.abort();
    let ran = false;
    const attempt = requestDatabase(database.db, ended.signal).transaction(async () => {
      ran = true;
    });
    expect(endedReason(await failure(attempt))).toBe('ended');
    expect(ran).toBe(false);
    const user = newUser('other');
    await requestDatabase(database.db, new AbortController().signal).insert(users).values(user);
    await database.db.transaction(async (tx) => {
      await tx.insert(users).values(newUser('plain'));
    });
    expect(await userCount(database.db, user.email)).toBe(1);
  });
});

it('refuses a database that openDatabase did not make', () => {
  expect(() => requestDatabase({} as Database, new AbortController().signal)).toThrow(/openDatabase/);
});
