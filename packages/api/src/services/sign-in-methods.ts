import { type Database, identities, passkeys, users } from '@dolya/db';
import { count, eq } from 'drizzle-orm';
import { AppError } from '../errors';

/** The ways a user can sign in: a password, linked identities (Google, Yandex, Telegram) and passkeys. */
export interface SignInMethods {
  password: boolean;
  identities: number;
  passkeys: number;
}

export async function signInMethods(db: Database, userId: string): Promise<SignInMethods> {
  const [[user], [ids], [keys]] = await Promise.all([
    db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId)),
    db.select({ n: count() }).from(identities).where(eq(identities.userId, userId)),
    db.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId)),
  ]);
  return { password: !!user?.passwordHash, identities: ids?.n ?? 0, passkeys: keys?.n ?? 0 };
}

/** How many ways to sign in the user has right now (a password counts as one). */
export async function remainingSignInMethods(db: Database, userId: string): Promise<number> {
  const methods = await signInMethods(db, userId);
  return (methods.password ? 1 : 0) + methods.identities + methods.passkeys;
}

/**
 * Removes sign-in methods without ever locking the user out. In one transaction that locks the
 * user's row (so two unlinks at once cannot both pass), `remove` deletes what it wants; if no way
 * to sign in would remain, everything is rolled back with 409 CANNOT_UNLINK_LAST_ACCOUNT.
 */
export async function removeSignInMethods<T>(
  db: Database,
  userId: string,
  remove: (tx: Database) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const result = await remove(tx);
    if ((await remainingSignInMethods(tx, userId)) === 0) {
      throw new AppError(
        'CANNOT_UNLINK_LAST_ACCOUNT',
        'Cannot unlink the last account. Add another sign-in method first.',
      );
    }
    return result;
  });
}
