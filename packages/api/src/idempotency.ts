import { createHash } from 'node:crypto';
import { type Database, idempotencyKeys } from '@dolya/db';
import { and, eq, lt, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Context } from './context';
import { AppError } from './errors';
import { authedProcedure, middleware, userProcedure } from './trpc';

/** How long a key protects against a retry; an older key is free again, and its row is purged. */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;

/** Expired keys are purged at most this often per process: a DELETE on every create was a round trip each. */
const PURGE_EVERY_MS = 60 * 1000;
let lastPurge = 0;

/** Deletes the keys older than the TTL. */
export async function purgeExpiredIdempotencyKeys(db: Database): Promise<void> {
  await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, new Date(Date.now() - IDEMPOTENCY_KEY_TTL_MS)));
}

/** An optional client-chosen key (a UUID, say): visible ASCII, 8 to 100 characters. */
export const idempotencyKeyInput = z.object({
  idempotencyKey: z
    .string()
    .min(8)
    .max(100)
    .regex(/^[\x21-\x7e]+$/, 'visible ASCII characters only')
    .optional(),
});

/** Keys are per acting account (the web and the bot of one person share them), or per admin scripts. */
function actorKey(ctx: Context): string {
  if (ctx.actor.kind === 'admin') return 'admin';
  if (!ctx.user) throw new AppError('UNAUTHORIZED', 'Sign in first');
  return ctx.user.id;
}

/** Key order in a JSON object does not change its meaning, so it does not change the hash. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([key, v]) => key !== 'idempotencyKey' && v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, v]) => `${JSON.stringify(key)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

function keyConflict(): AppError {
  return new AppError(
    'CONFLICT',
    'This idempotency key was already used for a different request',
    'idempotencyKey',
  );
}

/**
 * A create a client may retry: with an `idempotencyKey`, the same key from the same actor returns
 * the first result instead of writing twice. The key is claimed by inserting its row first, in the
 * transaction the create then runs in (passed down as ctx.db; the service's own transaction becomes
 * a savepoint). A second request with the key waits on the primary key until the first commits,
 * then reads its result; if the first fails, its claim rolls back with it and the retry runs. The
 * same key with another procedure or input is CONFLICT. Without a key the call runs as usual.
 */
const idempotency = middleware(async ({ ctx, input, path, getRawInput, next }) => {
  const key = idempotencyKeyInput.parse(input).idempotencyKey;
  if (!key) return next();
  const actor = actorKey(ctx);
  const inputHash = createHash('sha256')
    .update(canonicalJson(await getRawInput()))
    .digest('base64url');
  if (Date.now() - lastPurge > PURGE_EVERY_MS) {
    lastPurge = Date.now();
    await purgeExpiredIdempotencyKeys(ctx.db);
  }
  const thisKey = and(eq(idempotencyKeys.actorKey, actor), eq(idempotencyKeys.key, key));

  let failed: Awaited<ReturnType<typeof next>> | undefined;
  try {
    return await ctx.db.transaction(async (tx) => {
      // A new key is claimed; so is an expired one not purged yet, its old row taken over.
      const claimed = await tx
        .insert(idempotencyKeys)
        .values({ actorKey: actor, key, procedure: path, inputHash })
        .onConflictDoUpdate({
          target: [idempotencyKeys.actorKey, idempotencyKeys.key],
          set: { procedure: path, inputHash, result: null, createdAt: sql`now()` },
          setWhere: lt(idempotencyKeys.createdAt, new Date(Date.now() - IDEMPOTENCY_KEY_TTL_MS)),
        })
        .returning({ key: idempotencyKeys.key });
      if (claimed.length === 0) {
        const [first] = await tx.select().from(idempotencyKeys).where(thisKey);
        if (!first || first.procedure !== path || first.inputHash !== inputHash) throw keyConflict();
        // tRPC has no public way for a middleware to answer without the resolver
        // (trpc/trpc#4066); its result is this plain object, the marker only a compile-time brand.
        return { ok: true as const, data: first.result, marker: 'middlewareMarker' as never };
      }
      const result = await next({ ctx: { db: tx } });
      if (!result.ok) {
        failed = result;
        throw result.error;
      }
      await tx
        .update(idempotencyKeys)
        .set({ result: result.data ?? null })
        .where(thisKey);
      return result;
    });
  } catch (error) {
    // The create failed: its rollback released the key, and the caller gets the create's own error.
    if (failed) return failed;
    throw error;
  }
});

/** A session's create that may be retried (authedProcedure plus the key). */
export const idempotentProcedure = authedProcedure.input(idempotencyKeyInput).use(idempotency);

/** A create the bot may call too (userProcedure plus the key). */
export const idempotentUserProcedure = userProcedure.input(idempotencyKeyInput).use(idempotency);
