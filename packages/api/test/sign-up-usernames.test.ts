import { users } from '@dolya/db';
import { raceOnWrites } from '@dolya/db/testing';
import { inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { toAppError } from '../src/error-mapping';
import { createTelegramAccount } from '../src/services/telegram';
import { browser, useTestDatabase } from './harness';

const db = useTestDatabase();
/** As many as the test database's pool lets wait on the users table at once. */
const SIGN_UPS = 5;

function refusalsOf(results: PromiseSettledResult<unknown>[]) {
  return results.filter((r) => r.status === 'rejected').map((r) => toAppError(r.reason).appCode);
}

function fulfilled<T>(results: PromiseSettledResult<T>[]): T[] {
  return results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
}

describe('usernames made up at sign-up', () => {
  it('concurrent password sign-ups with the same email name all succeed with different usernames', async () => {
    const tag = Date.now().toString(36);
    const results = await raceOnWrites(
      db.current,
      'users',
      Array.from(
        { length: SIGN_UPS },
        (_, i) => async () =>
          (await (await browser(db.current.db)).call()).auth.register({
            name: `Same ${i}`,
            email: `same${tag}@host${i}.example`,
            password: 'secret-password',
          }),
      ),
    );
    expect(refusalsOf(results)).toEqual([]);
    const names = fulfilled(results).map((u) => u.username);
    expect(new Set(names).size).toBe(SIGN_UPS);
    expect(names).toContain(`same${tag}`);
    for (const name of names) expect(name.startsWith(`same${tag}`)).toBe(true);
  });

  it('a username the person chose is still USERNAME_TAKEN when someone gets it first, also at once', async () => {
    const tag = Date.now().toString(36);
    const results = await raceOnWrites(
      db.current,
      'users',
      Array.from(
        { length: SIGN_UPS },
        (_, i) => async () =>
          (await (await browser(db.current.db)).call()).auth.register({
            name: `Chooser ${i}`,
            email: `chooser${tag}.${i}@example.com`,
            username: `chosen${tag}`,
            password: 'secret-password',
          }),
      ),
    );
    expect(fulfilled(results)).toHaveLength(1);
    expect(refusalsOf(results)).toEqual(Array(SIGN_UPS - 1).fill('USERNAME_TAKEN'));
  });

  it('concurrent first Telegram sign-ups with the same Telegram name all get an account', async () => {
    const tag = Date.now().toString(36);
    const results = await raceOnWrites(
      db.current,
      'users',
      Array.from(
        { length: SIGN_UPS },
        (_, i) => () =>
          createTelegramAccount(db.current.db, {
            id: `${880_000_000 + i}`,
            firstName: `tg${tag}`,
            lastName: undefined,
            username: undefined,
          }),
      ),
    );
    expect(refusalsOf(results)).toEqual([]);
    const created = fulfilled(results);
    expect(new Set(created.map((u) => u.username)).size).toBe(SIGN_UPS);
    const stored = await db.current.db
      .select()
      .from(users)
      .where(
        inArray(
          users.id,
          created.map((u) => u.id),
        ),
      );
    expect(stored).toHaveLength(SIGN_UPS);
  });
});
