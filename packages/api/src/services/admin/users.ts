import { type Database, sessions, users } from '@dolya/db';
import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import { AppError } from '../../errors';

const FIND_LIMIT = 50;

function accountView(user: typeof users.$inferSelect) {
  return {
    id: user.id,
    name: user.name,
    username: user.username,
    email: user.email,
    telegramUsername: user.telegramUsername,
    createdAt: user.createdAt.toISOString(),
    blockedAt: user.blockedAt?.toISOString() ?? null,
  };
}

/** `%`, `_` and `\` match themselves in the LIKE pattern. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Accounts whose email, username (a leading @ is ignored) or name contains the query, ignoring
 * case; exact email or username matches first, then by name. At most 50.
 */
export async function findUsers(db: Database, query: string) {
  const text = query.trim().replace(/^@/, '').toLowerCase();
  if (!text) throw new AppError('VALIDATION_ERROR', 'query: required', 'query');
  const pattern = likePattern(text);
  const exact = or(sql`lower(${users.email}) = ${text}`, sql`lower(${users.username}) = ${text}`);
  const rows = await db
    .select()
    .from(users)
    .where(
      or(
        sql`lower(${users.email}) like ${pattern}`,
        sql`lower(${users.username}) like ${pattern}`,
        sql`lower(${users.name}) like ${pattern}`,
      ),
    )
    .orderBy(sql`case when ${exact} then 0 else 1 end`, sql`lower(${users.name})`, asc(users.id))
    .limit(FIND_LIMIT);
  return rows.map(accountView);
}

/**
 * Blocks an account: it can no longer sign in by any method, its sessions are deleted at once (a
 * request with an old cookie is signed out) and the bot refuses to act for it. Blocking a blocked
 * account keeps the first time.
 */
export async function blockUser(db: Database, userId: string) {
  return db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ blockedAt: new Date() })
      .where(and(eq(users.id, userId), isNull(users.blockedAt)));
    const [user] = await tx.select().from(users).where(eq(users.id, userId));
    if (!user) throw new AppError('NOT_FOUND', 'No such user');
    const ended = await tx.delete(sessions).where(eq(sessions.userId, userId)).returning({ id: sessions.id });
    return { ...accountView(user), sessionsEnded: ended.length };
  });
}

/** Lets a blocked account sign in again. */
export async function unblockUser(db: Database, userId: string) {
  const [user] = await db.update(users).set({ blockedAt: null }).where(eq(users.id, userId)).returning();
  if (!user) throw new AppError('NOT_FOUND', 'No such user');
  return accountView(user);
}
