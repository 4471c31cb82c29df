import { type Database, identities, users } from '@dolya/db';
import { isTelegramUserId } from '@dolya/domain';
import { and, eq } from 'drizzle-orm';
import type { Actor } from '../context';
import { AppError } from '../errors';
import { TELEGRAM } from './telegram';

/**
 * The bot acting for a Telegram user: the account linked to that Telegram id (the TELEGRAM
 * identity's subject), or none. A blocked account is refused outright (ACCOUNT_BLOCKED). Without
 * a Telegram user (undefined: no header) the bot acts for nobody, which only its own procedures
 * accept (trpc.ts).
 */
export async function resolveBotActor(db: Database, telegramUserId: string | undefined): Promise<Actor> {
  if (telegramUserId === undefined) return { kind: 'bot', telegramUserId: null, user: null };
  if (!isTelegramUserId(telegramUserId)) {
    throw new AppError(
      'VALIDATION_ERROR',
      'x-telegram-user-id: the Telegram user id the bot acts for, a positive integer',
      'x-telegram-user-id',
    );
  }
  const [row] = await db
    .select({
      id: users.id,
      name: users.name,
      username: users.username,
      email: users.email,
      telegramUsername: users.telegramUsername,
      blockedAt: users.blockedAt,
    })
    .from(identities)
    .innerJoin(users, eq(users.id, identities.userId))
    .where(and(eq(identities.provider, TELEGRAM), eq(identities.subject, telegramUserId)))
    .limit(1);
  if (!row) return { kind: 'bot', telegramUserId, user: null };
  const { blockedAt, ...user } = row;
  if (blockedAt) throw new AppError('ACCOUNT_BLOCKED', 'This account is blocked');
  return { kind: 'bot', telegramUserId, user: { ...user, sessionId: null } };
}
