import { Composer } from 'grammy';
import { hasAppCode } from '../api/errors';
import type { BotContext } from '../context';
import type { Group } from '../flows/chat-group';
import { answer } from '../flows/reply';
import { CALLBACK, groupChoiceKeyboard } from '../keyboards';

const UUID = '[0-9a-fA-F-]{36}';

/**
 * /connect in a group chat binds the chat to a Dolya group of which the sender is an admin (the
 * server checks it again and logs CHAT_CONNECTED). With several such groups, buttons choose; only
 * the person who sent /connect may press them.
 */
export function connectFeature() {
  const feature = new Composer<BotContext>();

  // Added to a group chat: how to connect it.
  feature.on('message:new_chat_members:me', (ctx) => answer(ctx, ctx.t('connect.added')));

  feature.command('connect', async (ctx) => {
    if (ctx.chatKind !== 'group') return answer(ctx, ctx.t('connect.privateOnly'));
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

  return feature;
}

async function connect(ctx: BotContext, group: Group) {
  const chatType = ctx.chat!.type === 'supergroup' ? 'supergroup' : 'group';
  try {
    await ctx.dolya.bot.chat.set.mutate({ chatId: String(ctx.chat!.id), chatType, groupId: group.id });
  } catch (error) {
    if (!hasAppCode(error, 'FORBIDDEN', 'GROUP_NOT_FOUND')) throw error;
    await answer(ctx, ctx.t('connect.forbidden', { name: group.name }));
    return;
  }
  await answer(ctx, ctx.t('connect.done', { name: group.name }));
}
