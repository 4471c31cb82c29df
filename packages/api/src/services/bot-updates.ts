import { botUpdates, type Database } from '@dolya/db';
import { and, asc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';

/** How long the inbox remembers an update; Telegram redelivers for far less. */
export const UPDATE_KEEP_MS = 7 * 24 * 60 * 60 * 1000;
/** At most this many stale updates are handed out per claim. */
const CLAIM_LIMIT = 20;

/**
 * The inbox: the first record of an update id is fresh (the recording worker handles it); a
 * redelivered one is not, and is skipped. Rows past UPDATE_KEEP_MS are purged as updates arrive.
 */
export async function recordUpdate(db: Database, updateId: number, payload: Record<string, unknown>) {
  await db.delete(botUpdates).where(lt(botUpdates.receivedAt, new Date(Date.now() - UPDATE_KEEP_MS)));
  const inserted = await db
    .insert(botUpdates)
    .values({ updateId, payload })
    .onConflictDoNothing()
    .returning({ updateId: botUpdates.updateId });
  return { fresh: inserted.length > 0 };
}

export async function markUpdateDone(db: Database, updateId: number) {
  await db.update(botUpdates).set({ doneAt: new Date() }).where(eq(botUpdates.updateId, updateId));
  return { ok: true as const };
}

/** When a worker last took the update: its claim, else its recording. */
const lastTaken = sql`coalesce(${botUpdates.claimedAt}, ${botUpdates.receivedAt})`;

/**
 * Updates recorded but not done, and not taken in the last `olderThanSeconds` (their worker
 * died, say), claimed for the caller. The rows are locked while claimed and locked rows are
 * skipped, so two workers claiming at once never get the same update.
 */
export async function claimStaleUpdates(db: Database, olderThanSeconds: number) {
  // An ISO string: a bare Date beside a SQL expression would be sent in its toString() form.
  const cutoff = new Date(Date.now() - olderThanSeconds * 1000).toISOString();
  const stale = db
    .select({ updateId: botUpdates.updateId })
    .from(botUpdates)
    .where(and(isNull(botUpdates.doneAt), lt(lastTaken, cutoff)))
    .orderBy(asc(botUpdates.updateId))
    .limit(CLAIM_LIMIT)
    .for('update', { skipLocked: true });
  const claimed = await db
    .update(botUpdates)
    .set({ claimedAt: new Date() })
    .where(and(inArray(botUpdates.updateId, stale), isNull(botUpdates.doneAt), lt(lastTaken, cutoff)))
    .returning({ updateId: botUpdates.updateId, update: botUpdates.payload });
  claimed.sort((a, b) => a.updateId - b.updateId);
  return { updates: claimed };
}
