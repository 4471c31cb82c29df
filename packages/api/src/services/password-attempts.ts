import type { Database } from '@dolya/db';
import { AppError } from '../errors';
import { clientKey } from './client-address';
import { forget, giveBack, hit, limitKey, RateLimitedError } from './rate-limits';
import { type UserRow, verifyLogin } from './users';

/** Failed password sign-ins allowed per account and address within the window. */
export const PASSWORD_FAILURES_LIMIT = 5;
export const PASSWORD_FAILURES_WINDOW_MS = 15 * 60 * 1000;

/**
 * The lockout is per account AND address: 5 wrong passwords for an email from one address lock
 * that address out of that account for 15 minutes, and nobody else. A lockout per account alone
 * would let any stranger who knows an email keep its owner out for as long as they keep guessing;
 * per pair, the owner still signs in from their own address, while the stranger gets 5 guesses per
 * address per 15 minutes and the per-address limit of sign-in attempts (sign-in-limits) on top.
 * An IPv6 address counts by its /64, so rotating addresses inside one subscriber's block does not
 * buy more guesses.
 *
 * An attempt takes a slot before the password is checked (so parallel guesses cannot pass the
 * limit), keeps it when the password is wrong, gives it back on any other failure, and clears the
 * pair's count when the password is right. Unknown emails count alike, so the limit does not tell
 * which emails have accounts.
 */
export async function verifyLoginLimited(
  db: Database,
  email: string,
  password: string,
  ip: string,
): Promise<UserRow> {
  const key = limitKey('password', email.trim().toLowerCase(), clientKey(ip));
  const slot = await hit(db, key, { limit: PASSWORD_FAILURES_LIMIT, windowMs: PASSWORD_FAILURES_WINDOW_MS });
  if (!slot.allowed) {
    const minutes = Math.max(1, Math.ceil(slot.retryAfterSeconds / 60));
    throw new RateLimitedError(
      `Too many failed sign-in attempts for this account. Try again in ${minutes} min.`,
      slot.retryAfterSeconds,
    );
  }
  try {
    const user = await verifyLogin(db, email, password);
    await forget(db, key);
    return user;
  } catch (error) {
    if (!(error instanceof AppError && error.appCode === 'INVALID_CREDENTIALS')) await giveBack(db, key);
    throw error;
  }
}
