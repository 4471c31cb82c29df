import { botPendingMessages, type Database } from '@dolya/db';
import { and, eq, inArray, lt, sql } from 'drizzle-orm';

/** A kept message waits this long for its writer to link their account. */
export const PENDING_TTL_MS = 24 * 60 * 60 * 1000;
/** At most this many messages are kept for one Telegram user; older ones make room. */
export const PENDING_LIMIT = 5;

export interface PendingMessage {
  chatId: string;
  messageId: string;
  text: string;
}

/**
 * Keeps what an unlinked Telegram user wrote in a private chat with the bot, so that it becomes a
 * draft once they link their account. A redelivered message is kept once.
 */
export async function keepPendingMessage(db: Database, telegramUserId: string, message: PendingMessage) {
  await db.transaction(async (tx) => {
    await tx.delete(botPendingMessages).where(lt(botPendingMessages.expiresAt, new Date()));
    await tx
      .insert(botPendingMessages)
      .values({ telegramUserId, ...message, expiresAt: new Date(Date.now() + PENDING_TTL_MS) })
      .onConflictDoNothing();
    const kept = await tx
      .select({ chatId: botPendingMessages.chatId, messageId: botPendingMessages.messageId })
      .from(botPendingMessages)
      .where(eq(botPendingMessages.telegramUserId, telegramUserId))
      .orderBy(sql`${botPendingMessages.createdAt} desc`, sql`${botPendingMessages.messageId} desc`);
    const beyond = kept.slice(PENDING_LIMIT).map((row) => row.messageId);
    if (beyond.length > 0) {
      await tx
        .delete(botPendingMessages)
        .where(
          and(
            eq(botPendingMessages.telegramUserId, telegramUserId),
            inArray(botPendingMessages.messageId, beyond),
          ),
        );
    }
  });
  return { ok: true as const };
}

/** The linked user's kept messages, oldest first, removed as they are handed out (each once). */
export async function takePendingMessages(db: Database, telegramUserId: string): Promise<PendingMessage[]> {
  const rows = await db
    .delete(botPendingMessages)
    .where(eq(botPendingMessages.telegramUserId, telegramUserId))
    .returning();
  const now = new Date();
  return rows
    .filter((row) => row.expiresAt > now)
    .sort(
      (a, b) => a.createdAt.getTime() - b.createdAt.getTime() || Number(a.messageId) - Number(b.messageId),
    )
    .map(({ chatId, messageId, text }) => ({ chatId, messageId, text }));
}
