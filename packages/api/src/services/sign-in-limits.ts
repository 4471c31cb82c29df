import type { Database } from '@dolya/db';
import type { ApiConfig } from '../context';
import { clientKey } from './client-address';
import { hit, limitKey, RateLimitedError } from './rate-limits';

export const SIGN_IN_WINDOW_MS = 60_000;

/**
 * Counts one sign-in attempt of an address: a password sign-in, a registration or a passkey
 * sign-in/sign-up challenge. Called by each procedure call, so a batch of calls counts each one.
 * Throws TOO_MANY_REQUESTS past `signInAttemptsPerMinute` (absent or 0: no limit).
 */
export async function countSignInAttempt(db: Database, config: ApiConfig, ip: string): Promise<void> {
  const limit = config.signInAttemptsPerMinute ?? 0;
  if (limit <= 0) return;
  const result = await hit(db, limitKey('sign-in', clientKey(ip)), { limit, windowMs: SIGN_IN_WINDOW_MS });
  if (!result.allowed)
    throw new RateLimitedError(
      'Too many sign-in attempts from this address. Try again in a minute.',
      result.retryAfterSeconds,
    );
}
