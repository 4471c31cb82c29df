import { createHmac, randomBytes } from 'node:crypto';
import { type Database, preparedFor, sessions, signIns, users } from '@dolya/db';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { ApiConfig, AuthUser } from '../context';
import { AppError } from '../errors';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Extend a session at most once an hour, so every request does not write. */
const SLIDE_EVERY_MS = 60 * 60 * 1000;

export function hashToken(config: ApiConfig, token: string): string {
  return createHmac('sha256', config.sessionSecret).update(token).digest('base64url');
}

/** Sign-ins are kept this long for the admin stats. */
const SIGN_IN_HISTORY_MS = 30 * DAY_MS;

/**
 * Every sign-in method ends here: the one place a session is made. A blocked account is refused
 * (ACCOUNT_BLOCKED), and each sign-in is counted for the admin stats.
 */
export async function createSession(db: Database, config: ApiConfig, userId: string) {
  const [user] = await db.select({ blockedAt: users.blockedAt }).from(users).where(eq(users.id, userId));
  if (!user || user.blockedAt) throw new AppError('ACCOUNT_BLOCKED', 'This account is blocked');
  const token = randomBytes(32).toString('base64url');
  const now = Date.now();
  const expiresAt = new Date(now + config.sessionTtlDays * DAY_MS);
  await db.insert(sessions).values({ tokenHash: hashToken(config, token), userId, expiresAt });
  await db.insert(signIns).values({ userId });
  await db.delete(signIns).where(lt(signIns.createdAt, new Date(now - SIGN_IN_HISTORY_MS)));
  return { token, expiresAt };
}

export interface ResolvedSession {
  user: AuthUser;
  /** Set when the expiry slid forward and the cookie should be re-sent. */
  renewedUntil: Date | undefined;
}

/** The signed-in user for a session token, sliding the expiry forward; null when unknown or expired. */
/** The live session of a token hash, with its user: one prepared query, run on every request. */
const sessionQuery = (db: Database) =>
  preparedFor(db, 'session', (d) =>
    d
      .select({
        sessionId: sessions.id,
        lastSeenAt: sessions.lastSeenAt,
        id: users.id,
        name: users.name,
        username: users.username,
        email: users.email,
        telegramUsername: users.telegramUsername,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          eq(sessions.tokenHash, sql.placeholder('tokenHash')),
          gt(sessions.expiresAt, sql.placeholder('now')),
          // Blocking deletes the sessions; this also covers one created in the same instant.
          isNull(users.blockedAt),
        ),
      )
      .limit(1)
      .prepare('session'),
  );

export async function resolveSession(
  db: Database,
  config: ApiConfig,
  token: string | undefined,
): Promise<ResolvedSession | null> {
  if (!token || token.length > 200) return null;
  const now = new Date();
  const [row] = await sessionQuery(db).execute({
    tokenHash: hashToken(config, token),
    now: now.toISOString(),
  });
  if (!row) return null;
  const { lastSeenAt, ...user } = row;
  let renewedUntil: Date | undefined;
  if (now.getTime() - lastSeenAt.getTime() > SLIDE_EVERY_MS) {
    renewedUntil = new Date(now.getTime() + config.sessionTtlDays * DAY_MS);
    await db
      .update(sessions)
      .set({ lastSeenAt: now, expiresAt: renewedUntil })
      .where(eq(sessions.id, row.sessionId));
  }
  return { user, renewedUntil };
}

export async function deleteSession(db: Database, config: ApiConfig, token: string) {
  await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(config, token)));
}
