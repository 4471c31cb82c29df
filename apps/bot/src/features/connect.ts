import { cleanExternalName } from '@dolya/domain';
import { Composer } from 'grammy';
import { hasAppCode } from '../api/errors';
import type { BotContext } from '../context';
import type { Group } from '../flows/chat-group';
import { answer } from '../flows/reply';
import { CALLBACK, groupChoiceKeyboard } from '../keyboards';

const UUID = '[0-9a-fA-F-]{36}';

/**
 * /connect in a group chat binds the chat to a Dolya group of which the sender is an admin, and
 * /disconnect ends that. Telegram is asked first (getChatMember) that the sender administers the
 * chat: being in a chat is not enough to decide where its expenses go. The server checks the
 * Dolya side again (admin of the new group, and of the old one when the chat moves) and logs it.
 * With several groups, buttons choose; only the person who sent /connect may press them.
 */
export function connectFeature() {
  const feature = new Composer<BotContext>();

  // Added to a group chat: how to connect it.
  feature.on('message:new_chat_members:me', (ctx) => answer(ctx, ctx.t('connect.added')));

  feature.command('connect', async (ctx) => {
    if (ctx.chatKind !== 'group') return answer(ctx, ctx.t('connect.privateOnly'));
    if (!(await administersChat(ctx))) return answer(ctx, ctx.t('connect.notChatAdmin'));
    const groups = await ctx.dolya.groups.list.query();
    const administered = groups.filter((group) =>
      group.users.some((user) => user.isCurrentUser && user.isAdmin),
    );
    if (administered.length === 0) return answer(ctx, ctx.t('connect.noAdminGroups'));
    if (administered.length === 1) return connect(ctx, administered[0]!);
    await answer(ctx, ctx.t('connect.choose'), groupChoiceKeyboard(administered, CALLBACK.connectGroup));
  });

  feature.callbackQuery(new RegExp(`^${CALLBACK.connectGroup}(${UUID})$`), async (ctx) => {
    const asker = ctx.callbackQuery.message?.reply_to_message?.from?.id;
    if (ctx.chatKind !== 'group' || asker !== ctx.from.id) {
      return ctx.answerCallbackQuery({ text: ctx.t('group.notForYou'), show_alert: true });
    }
    if (!(await administersChat(ctx))) {
      return ctx.answerCallbackQuery({ text: ctx.t('connect.notChatAdmin'), show_alert: true });
    }
    let group: Group;
    try {
      group = await ctx.dolya.groups.get.query({ groupId: ctx.match[1]! });
    } catch (error) {
      if (!hasAppCode(error, 'GROUP_NOT_FOUND')) throw error;
      return ctx.answerCallbackQuery({ text: ctx.t('group.gone'), show_alert: true });
    }
    await ctx.answerCallbackQuery();
    await ctx.editMessageReplyMarkup();
    await connect(ctx, group);
  });

  feature.command('disconnect', async (ctx) => {
    if (ctx.chatKind !== 'group') return answer(ctx, ctx.t('connect.privateOnly'));
    if (!(await administersChat(ctx))) return answer(ctx, ctx.t('connect.notChatAdmin'));
    const chatId = String(ctx.chat!.id);
    const { groupId } = await ctx.dolya.bot.chat.get.query({ chatId });
    if (!groupId) return answer(ctx, ctx.t('connect.notConnected'));
    let left: Awaited<ReturnType<typeof ctx.dolya.bot.chat.unset.mutate>>['disconnectedFrom'];
    try {
      ({ disconnectedFrom: left } = await ctx.dolya.bot.chat.unset.mutate({ chatId }));
    } catch (error) {
      if (!hasAppCode(error, 'FORBIDDEN', 'GROUP_NOT_FOUND')) throw error;
      return answer(ctx, ctx.t('connect.disconnectForbidden'));
    }
    await answer(ctx, ctx.t('connect.disconnected', { name: left.name }));
    await tellAdmins(ctx, left.adminTelegramIds, 'connect.adminNoticeDisconnected', left.name);
  });

  return feature;
}

/** Whether Telegram says the sender is the chat's creator or one of its administrators. */
async function administersChat(ctx: BotContext): Promise<boolean> {
  if (!ctx.from) return false;
  const member = await ctx.api.getChatMember(ctx.chat!.id, ctx.from.id);
  return member.status === 'creator' || member.status === 'administrator';
}

async function connect(ctx: BotContext, group: Group) {
  const chatType = ctx.chat!.type === 'supergroup' ? 'supergroup' : 'group';
  let movedFrom: Awaited<ReturnType<typeof ctx.dolya.bot.chat.set.mutate>>['movedFrom'];
  try {
    ({ movedFrom } = await ctx.dolya.bot.chat.set.mutate({
      chatId: String(ctx.chat!.id),
      chatType,
      groupId: group.id,
    }));
  } catch (error) {
    if (hasAppCode(error, 'CHAT_CONNECTED_ELSEWHERE')) return answer(ctx, ctx.t('connect.elsewhere'));
    if (!hasAppCode(error, 'FORBIDDEN', 'GROUP_NOT_FOUND')) throw error;
    return answer(ctx, ctx.t('connect.forbidden', { name: group.name }));
  }
  if (!movedFrom) return answer(ctx, ctx.t('connect.done', { name: group.name }));
  await answer(ctx, ctx.t('connect.moved', { name: group.name, from: movedFrom.name }));
  await tellAdmins(ctx, movedFrom.adminTelegramIds, 'connect.adminNoticeMoved', movedFrom.name);
}

/**
 * A private message to each admin of the group the chat left. An admin who never started the
 * bot cannot be written to (Telegram answers 403): the log line in the group stays their notice.
 */
async function tellAdmins(
  ctx: BotContext,
  telegramIds: readonly string[],
  key: 'connect.adminNoticeMoved' | 'connect.adminNoticeDisconnected',
  groupName: string,
) {
  const chat = ctx.chat && 'title' in ctx.chat ? (ctx.chat.title ?? '') : '';
  const by = cleanExternalName([ctx.from?.first_name, ctx.from?.last_name].filter(Boolean).join(' '));
  for (const id of telegramIds) {
    try {
      await ctx.api.sendMessage(Number(id), ctx.t(key, { chat, name: groupName, by }));
    } catch (error) {
      ctx.services.log.info('could not tell an admin about a chat leaving their group', {
        telegramId: id,
        error: String(error),
      });
    }
  }
}
