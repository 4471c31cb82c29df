import {
  type Database,
  groupMembers,
  groups,
  identities,
  type TelegramChatType,
  telegramChats,
} from '@dolya/db';
import { and, eq, isNotNull, ne } from 'drizzle-orm';
import { AppError } from '../errors';
import { requireAdmin, requireMember } from './access';
import { writeLog } from './logs';
import { TELEGRAM } from './telegram';

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

/** Who acts: the account and the Telegram user the bot acts for. */
export interface ChatActor {
  userId: string;
  telegramUserId: string;
}

export interface BindChatInput {
  chatId: string;
  chatType: TelegramChatType;
  groupId: string;
}

/** A group a chat was taken from, for the bot to tell its admins. */
export interface LeftGroup {
  groupId: string;
  name: string;
  /** The Telegram ids of its admins with Telegram linked, the one who acted left out. */
  adminTelegramIds: string[];
}

export interface BindChatResult {
  groupId: string;
  /** Set when a group chat moved here from another live group. */
  movedFrom: LeftGroup | null;
}

/**
 * Binds a Telegram chat to a group.
 * - A private chat (its id is its user's Telegram id): its own user's choice among their groups.
 * - A group chat (/connect): only an admin of the Dolya group may connect it, and a chat connected
 *   to another live group moves only when the caller is an admin of that group too (else
 *   CHAT_CONNECTED_ELSEWHERE): being in the chat and admin of some group is not enough to take
 *   it. A connection writes CHAT_CONNECTED in the new group and, for a move, CHAT_DISCONNECTED in
 *   the old one, in the same transaction. Whether the person administers the Telegram chat is
 *   Telegram's to say: the bot asks it (getChatMember) before calling.
 */
export async function bindChat(
  db: Database,
  actor: ChatActor,
  { chatId, chatType, groupId }: BindChatInput,
): Promise<BindChatResult> {
  checkChatId(actor, chatId, chatType);
  return db.transaction(async (tx) => {
    const isGroupChat = chatType !== 'private';
    const { member } = isGroupChat
      ? await requireAdmin(tx, groupId, actor.userId)
      : await requireMember(tx, groupId, actor.userId);
    const before = await lockedBinding(tx, chatId);
    const binding = { groupId, chatType, boundByUserId: actor.userId, updatedAt: new Date() };
    if (!isGroupChat || before?.groupId === groupId) {
      await upsertBinding(tx, chatId, binding);
      return { groupId, movedFrom: null };
    }
    let movedFrom: LeftGroup | null = null;
    if (before?.groupId && before.live) {
      const oldAdmin = await adminSeat(tx, before.groupId, actor.userId);
      if (!oldAdmin) {
        throw new AppError(
          'CHAT_CONNECTED_ELSEWHERE',
          'This chat is connected to another group; only an admin of that group can move it',
          'chatId',
        );
      }
      await writeLog(tx, {
        groupId: before.groupId,
        actorMemberId: oldAdmin.id,
        action: 'CHAT_DISCONNECTED',
        message: `${oldAdmin.name} moved the group's Telegram chat to another group`,
        details: { chatType, moved: true },
      });
      movedFrom = {
        groupId: before.groupId,
        name: before.groupName ?? '',
        adminTelegramIds: await adminTelegramIds(tx, before.groupId, actor.userId),
      };
    }
    await upsertBinding(tx, chatId, binding);
    await writeLog(tx, {
      groupId,
      actorMemberId: member.id,
      action: 'CHAT_CONNECTED',
      message: `${member.name} connected a Telegram chat`,
      details: { chatType },
    });
    return { groupId, movedFrom };
  });
}

/**
 * /disconnect in a group chat: an admin of the group it records into ends the connection, logged
 * as CHAT_DISCONNECTED there. A chat connected to no live group answers GROUP_NOT_FOUND, as a
 * group the caller has no seat in does (bot.chat.get tells the two apart for those in the group).
 */
export async function unbindChat(
  db: Database,
  actor: ChatActor,
  chatId: string,
): Promise<{ disconnectedFrom: LeftGroup }> {
  if (!chatId.startsWith('-')) {
    throw new AppError('VALIDATION_ERROR', 'chatId: only a group chat can be disconnected', 'chatId');
  }
  return db.transaction(async (tx) => {
    const before = await lockedBinding(tx, chatId);
    if (!before?.groupId || !before.live) throw new AppError('GROUP_NOT_FOUND', 'Group not found');
    const { member } = await requireAdmin(tx, before.groupId, actor.userId);
    await tx
      .update(telegramChats)
      .set({ groupId: null, boundByUserId: actor.userId, updatedAt: new Date() })
      .where(eq(telegramChats.chatId, chatId));
    await writeLog(tx, {
      groupId: before.groupId,
      actorMemberId: member.id,
      action: 'CHAT_DISCONNECTED',
      message: `${member.name} disconnected the group's Telegram chat`,
      details: { chatType: before.chatType },
    });
    return {
      disconnectedFrom: {
        groupId: before.groupId,
        name: before.groupName ?? '',
        adminTelegramIds: await adminTelegramIds(tx, before.groupId, actor.userId),
      },
    };
  });
}

/**
 * Telegram's ids tell the kinds apart: a private chat's id is its user's id (positive), a group's
 * is negative. A private binding names the caller's own chat, so no one can bind another person's
 * private chat, nor pass a group chat off as private to skip the group chat's rules.
 */
function checkChatId(actor: ChatActor, chatId: string, chatType: TelegramChatType) {
  const fits = chatType === 'private' ? chatId === actor.telegramUserId : chatId.startsWith('-');
  if (!fits) {
    throw new AppError(
      'VALIDATION_ERROR',
      chatType === 'private'
        ? 'chatId: a private chat is the Telegram user’s own'
        : 'chatId: a group chat’s id is negative',
      'chatId',
    );
  }
}

async function lockedBinding(tx: Database, chatId: string) {
  const [row] = await tx
    .select({ groupId: telegramChats.groupId, chatType: telegramChats.chatType })
    .from(telegramChats)
    .where(eq(telegramChats.chatId, chatId))
    .for('update');
  if (!row?.groupId) return row ? { ...row, live: false, groupName: null } : undefined;
  const [group] = await tx
    .select({ name: groups.name, deletedAt: groups.deletedAt })
    .from(groups)
    .where(eq(groups.id, row.groupId));
  return { ...row, live: !!group && !group.deletedAt, groupName: group?.name ?? null };
}

function upsertBinding(
  tx: Database,
  chatId: string,
  binding: { groupId: string; chatType: TelegramChatType; boundByUserId: string; updatedAt: Date },
) {
  return tx
    .insert(telegramChats)
    .values({ chatId, ...binding })
    .onConflictDoUpdate({ target: telegramChats.chatId, set: binding });
}

async function adminSeat(tx: Database, groupId: string, userId: string) {
  const [seat] = await tx
    .select({ id: groupMembers.id, name: groupMembers.name })
    .from(groupMembers)
    .where(
      and(
        eq(groupMembers.groupId, groupId),
        eq(groupMembers.userId, userId),
        eq(groupMembers.status, 'ACTIVE'),
        eq(groupMembers.isAdmin, true),
      ),
    );
  return seat;
}

async function adminTelegramIds(tx: Database, groupId: string, exceptUserId: string): Promise<string[]> {
  const rows = await tx
    .select({ telegramId: identities.subject })
    .from(groupMembers)
    .innerJoin(identities, and(eq(identities.userId, groupMembers.userId), eq(identities.provider, TELEGRAM)))
    .where(
      and(
        eq(groupMembers.groupId, groupId),
        eq(groupMembers.status, 'ACTIVE'),
        eq(groupMembers.isAdmin, true),
        isNotNull(groupMembers.userId),
        ne(groupMembers.userId, exceptUserId),
      ),
    );
  return rows.map((row) => row.telegramId);
}
