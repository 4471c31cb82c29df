import { type Database, groups, type TelegramChatType, telegramChats } from '@dolya/db';
import { eq } from 'drizzle-orm';
import { requireAdmin, requireMember } from './access';
import { writeLog } from './logs';

/**
 * The Dolya group a Telegram chat is bound to, or null. A group chat's binding is the chat's,
 * whoever asks (recording there still needs a seat in the group); a private chat's is its user's
 * choice, kept only while they hold an active seat in that group.
 */
export async function chatGroup(
  db: Database,
  userId: string,
  chatId: string,
): Promise<{ groupId: string | null }> {
  const [row] = await db
    .select({ chat: telegramChats, deletedAt: groups.deletedAt })
    .from(telegramChats)
    .leftJoin(groups, eq(groups.id, telegramChats.groupId))
    .where(eq(telegramChats.chatId, chatId));
  const groupId = row?.chat.groupId;
  if (!groupId || row.deletedAt) return { groupId: null };
  if (row.chat.chatType !== 'private') return { groupId };
  if (row.chat.boundByUserId !== userId) return { groupId: null };
  try {
    await requireMember(db, groupId, userId);
    return { groupId };
  } catch {
    return { groupId: null };
  }
}

export interface BindChatInput {
  chatId: string;
  chatType: TelegramChatType;
  groupId: string;
}

/**
 * Binds a Telegram chat to a group. A private chat: the caller's choice among their groups. A
 * group chat (/connect): only an admin of the Dolya group may, and connecting it to a group it
 * was not bound to is logged as CHAT_CONNECTED in the same transaction.
 */
export async function bindChat(db: Database, userId: string, { chatId, chatType, groupId }: BindChatInput) {
  return db.transaction(async (tx) => {
    const isGroupChat = chatType !== 'private';
    const { member } = isGroupChat
      ? await requireAdmin(tx, groupId, userId)
      : await requireMember(tx, groupId, userId);
    const [before] = await tx
      .select({ groupId: telegramChats.groupId })
      .from(telegramChats)
      .where(eq(telegramChats.chatId, chatId))
      .for('update');
    const binding = { groupId, chatType, boundByUserId: userId, updatedAt: new Date() };
    await tx
      .insert(telegramChats)
      .values({ chatId, ...binding })
      .onConflictDoUpdate({ target: telegramChats.chatId, set: binding });
    if (isGroupChat && before?.groupId !== groupId) {
      await writeLog(tx, {
        groupId,
        actorMemberId: member.id,
        action: 'CHAT_CONNECTED',
        message: `${member.name} connected a Telegram chat`,
        details: { chatType },
      });
    }
    return { groupId };
  });
}
