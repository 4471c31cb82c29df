import { createHash } from 'node:crypto';
import { type Database, rateLimits } from '@dolya/db';
import { eq, inArray, lte, sql } from 'drizzle-orm';
import { AppError } from '../errors';

/**
 * Counters kept in the database, so every server instance shares them. A counter allows `limit`
 * hits in a fixed window that opens at its first hit and lasts `windowMs`; the next hit after the
 * window starts a new one. Time is the server's clock (Date.now), passed into the statements.
 */
export interface LimitWindow {
  limit: number;
  windowMs: number;
}

export interface HitResult {
  /** Hits in the current window, this one included. */
  hits: number;
  /** False when this hit went over the limit: the caller must refuse. */
  allowed: boolean;
  /** Whole seconds until the window closes (at least 1). */
  retryAfterSeconds: number;
}

/** Expired counters removed by each hit: more than a hit can create, so they never pile up. */
const SWEEP_BATCH = 20;

/** TOO_MANY_REQUESTS with the seconds the client should wait (sent as Retry-After over HTTP). */
export class RateLimitedError extends AppError {
  constructor(message: string, retryAfterSeconds: number) {
    super('TOO_MANY_REQUESTS', message, undefined, retryAfterSeconds);
  }
}

/** A counter's key: its kind in the clear, what it counts hashed (emails are not stored as typed). */
export function limitKey(kind: string, ...parts: string[]): string {
  return `${kind}:${createHash('sha256').update(parts.join('\n')).digest('base64url')}`;
}

/**
 * Counts one hit in a single atomic upsert, so parallel hits from any number of instances are
 * counted exactly: the first hit of a window inserts (or restarts an expired row), later ones add 1.
 */
export async function hit(
  db: Database,
  key: string,
  window: LimitWindow,
  now = Date.now(),
): Promise<HitResult> {
  const at = new Date(now).toISOString();
  const expired = sql`${rateLimits.resetAt} <= ${at}::timestamptz`;
  const [row] = await db
    .insert(rateLimits)
    .values({ key, hits: 1, resetAt: new Date(now + window.windowMs) })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        hits: sql`case when ${expired} then 1 else ${rateLimits.hits} + 1 end`,
        resetAt: sql`case when ${expired} then excluded.reset_at else ${rateLimits.resetAt} end`,
      },
    })
    .returning({ hits: rateLimits.hits, resetAt: rateLimits.resetAt });
  await sweepExpired(db, now);
  if (!row) throw new Error('the rate-limit upsert returned no row');
  return {
    hits: row.hits,
    allowed: row.hits <= window.limit,
    retryAfterSeconds: Math.max(1, Math.ceil((row.resetAt.getTime() - now) / 1000)),
  };
}

/** Takes back one hit (an attempt that turned out not to count). */
export async function giveBack(db: Database, key: string): Promise<void> {
  await db
    .update(rateLimits)
    .set({ hits: sql`greatest(${rateLimits.hits} - 1, 0)` })
    .where(eq(rateLimits.key, key));
}

/** Forgets a counter entirely. */
export async function forget(db: Database, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}

/**
 * Deletes a few expired counters. Rows locked by a concurrent hit are skipped; deleting an expired
 * counter is the same as restarting it, so a sweep never changes what a limit answers.
 */
export async function sweepExpired(db: Database, now = Date.now(), batch = SWEEP_BATCH): Promise<void> {
  const expired = db
    .select({ key: rateLimits.key })
    .from(rateLimits)
    .where(lte(rateLimits.resetAt, new Date(now)))
    .limit(batch)
    .for('update', { skipLocked: true });
  await db.delete(rateLimits).where(inArray(rateLimits.key, expired));
}
