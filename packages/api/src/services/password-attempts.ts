import type { Database } from '@dolya/db';
import { AppError } from '../errors';
import { SlidingWindowLimiter } from '../sliding-window-limiter';
import { type UserRow, verifyLogin } from './users';

/** Failed password sign-ins allowed per account (email) within the window. */
export const PASSWORD_FAILURES_LIMIT = 5;
export const PASSWORD_FAILURES_WINDOW_MS = 15 * 60 * 1000;

/**
 * Failed password attempts per email, in this process. An attempt takes a slot before the
 * password is checked (so a burst of parallel guesses cannot pass the limit), keeps it when the
 * password is wrong, and clears the account's count when it is right.
 */
export const passwordFailures = new SlidingWindowLimiter({
  limit: PASSWORD_FAILURES_LIMIT,
  windowMs: PASSWORD_FAILURES_WINDOW_MS,
});

/** verifyLogin behind the per-account limit: TOO_MANY_REQUESTS once an email has too many failures. */
export async function verifyLoginLimited(db: Database, email: string, password: string): Promise<UserRow> {
  const key = email.trim().toLowerCase();
  if (!passwordFailures.tryHit(key)) {
    const minutes = Math.max(1, Math.ceil(passwordFailures.retryAfterMs(key) / 60_000));
    throw new AppError(
      'TOO_MANY_REQUESTS',
      `Too many failed sign-in attempts for this account. Try again in ${minutes} min.`,
    );
  }
  try {
    const user = await verifyLogin(db, email, password);
    passwordFailures.reset(key);
    return user;
  } catch (error) {
    if (!(error instanceof AppError && error.appCode === 'INVALID_CREDENTIALS')) passwordFailures.undo(key);
    throw error;
  }
}
