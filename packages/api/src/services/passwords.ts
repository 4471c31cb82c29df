import { authChallenges, type Database, sessions, users } from '@dolya/db';
import { and, eq, ne } from 'drizzle-orm';
import { AppError } from '../errors';
import { verifyLoginLimited } from './password-attempts';
import { removeSignInMethods } from './sign-in-methods';
import { findUserByEmail, hashPassword } from './users';

/** The purpose of a password reset link's row in auth_challenges. */
export const PASSWORD_RESET = 'password-reset';

/** What the account page shows of the email-and-password sign-in method. */
export interface PasswordStatus {
  hasPassword: boolean;
  email: string | null;
}

export async function passwordStatus(db: Database, userId: string): Promise<PasswordStatus> {
  const [user] = await db
    .select({ passwordHash: users.passwordHash, email: users.email })
    .from(users)
    .where(eq(users.id, userId));
  return { hasPassword: !!user?.passwordHash, email: user?.email ?? null };
}

export interface ChangePasswordInput {
  /** Required when the account has a password: it must be that password. */
  currentPassword?: string | undefined;
  newPassword: string;
  /** An account without an email (signed up with a passkey or Telegram) sets one with its first password. */
  email?: string | undefined;
}

/**
 * Sets the account's password: a new one after the current one is confirmed (wrong guesses count
 * toward the sign-in lockout of the account and address), or the first one, with an email when
 * the account has none. Every other session of the account ends, and so does every reset link.
 */
export async function changePassword(
  db: Database,
  caller: { userId: string; sessionId: string | null; ip: string },
  input: ChangePasswordInput,
): Promise<PasswordStatus> {
  const [user] = await db.select().from(users).where(eq(users.id, caller.userId));
  if (!user) throw new AppError('UNAUTHORIZED', 'Sign in first');
  let email = user.email;
  if (user.passwordHash) {
    if (!input.currentPassword) {
      throw new AppError('WRONG_PASSWORD', 'Enter your current password', 'currentPassword');
    }
    try {
      await verifyLoginLimited(db, user.email ?? '', input.currentPassword, caller.ip);
    } catch (error) {
      if (error instanceof AppError && error.appCode === 'INVALID_CREDENTIALS') {
        throw new AppError('WRONG_PASSWORD', 'The current password is not right', 'currentPassword');
      }
      throw error;
    }
  } else if (!email) {
    if (!input.email) throw new AppError('VALIDATION_ERROR', 'email: Enter your email', 'email');
    const owner = await findUserByEmail(db, input.email);
    if (owner && owner.id !== user.id)
      throw new AppError('EMAIL_TAKEN', 'This email is already taken', 'email');
    email = input.email;
  }
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, email }).where(eq(users.id, user.id));
    await endOtherSessions(tx, user.id, caller.sessionId);
    await tx
      .delete(authChallenges)
      .where(and(eq(authChallenges.userId, user.id), eq(authChallenges.purpose, PASSWORD_RESET)));
  });
  return { hasPassword: true, email };
}

/** Every session of the account but `keep` (the caller's own; null ends them all). */
export async function endOtherSessions(db: Database, userId: string, keep: string | null) {
  await db
    .delete(sessions)
    .where(keep ? and(eq(sessions.userId, userId), ne(sessions.id, keep)) : eq(sessions.userId, userId));
}

/**
 * Removes the password as a way to sign in (the email stays, for a later one); refused with
 * CANNOT_UNLINK_LAST_ACCOUNT when nothing else would be left.
 */
export async function removePassword(db: Database, userId: string): Promise<PasswordStatus> {
  return removeSignInMethods(db, userId, async (tx) => {
    const [user] = await tx
      .update(users)
      .set({ passwordHash: null })
      .where(eq(users.id, userId))
      .returning({ email: users.email });
    await tx
      .delete(authChallenges)
      .where(and(eq(authChallenges.userId, userId), eq(authChallenges.purpose, PASSWORD_RESET)));
    return { hasPassword: false, email: user?.email ?? null };
  });
}
