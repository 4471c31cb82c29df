import { Composer } from 'grammy';
import type { Message } from 'grammy/types';
import { hasAppCode } from '../api/errors';
import type { BotContext } from '../context';
import { askForGroup } from '../flows/chat-group';
import { draftFromMessage } from '../flows/draft-from-message';
import { draftKeptMessages } from '../flows/kept-messages';
import { answer } from '../flows/reply';
import { startTyping } from '../flows/typing';
import { draftFromVoice, recordedIn, refusedVoice } from '../flows/voice';
import { CALLBACK } from '../keyboards';
import { showBalance } from './balance';
import { isCommand } from './expense';
import { sendExport } from './export';

const UUID = '[0-9a-fA-F-]{36}';

/**
 * Which group a private chat records into: /group asks (one button per group), a press
 * remembers the choice for the chat. When the question answered an expense (or /balance, /export), that
 * message is then handled in the chosen group, so nobody has to write it twice.
 */
export function groupChoiceFeature() {
  const feature = new Composer<BotContext>();

  feature.command('group', async (ctx) => {
    if (ctx.chatKind !== 'private') return answer(ctx, ctx.t('group.inGroupChat'));
    await askForGroup(ctx, await ctx.dolya.groups.list.query());
  });

  feature.callbackQuery(new RegExp(`^${CALLBACK.chooseGroup}(${UUID})$`), async (ctx) => {
    if (ctx.chatKind !== 'private') return ctx.answerCallbackQuery();
    const chatId = String(ctx.chat!.id);
    try {
      await ctx.dolya.bot.chat.set.mutate({ chatId, chatType: 'private', groupId: ctx.match[1]! });
    } catch (error) {
      if (!hasAppCode(error, 'GROUP_NOT_FOUND')) throw error;
      return ctx.answerCallbackQuery({ text: ctx.t('group.gone'), show_alert: true });
    }
    const group = await ctx.dolya.groups.get.query({ groupId: ctx.match[1]! });
    await ctx.answerCallbackQuery();
    await ctx.editMessageText(ctx.t('group.chosen', { name: group.name }));
    // Messages kept before linking waited for this choice (/start asked it): drafted now, once.
    await draftKeptMessages(ctx, group);

    const waiting = ctx.callbackQuery.message?.reply_to_message;
    if (!waiting || waiting.from?.id !== ctx.from.id) return;
    if (waiting.text && isBalanceCommand(waiting)) return showBalance(ctx, group);
    if (waiting.text && isExportCommand(waiting)) return sendExport(ctx, group, waiting.message_id);
    const voice = recordedIn(waiting) !== undefined;
    if (voice ? await refusedVoice(ctx, waiting) : !waiting.text || isCommand(waiting.text, waiting.entities))
      return;
    const stopTyping = startTyping(ctx);
    try {
      if (voice) await draftFromVoice(ctx, group, waiting);
      else await draftFromMessage(ctx, group, { messageId: waiting.message_id, text: waiting.text! });
    } finally {
      stopTyping();
    }
  });

  return feature;
}

function isBalanceCommand(message: Message): boolean {
  return /^\/balance(@\w+)?(\s|$)/.test(message.text ?? '');
}

function isExportCommand(message: Message): boolean {
  return /^\/export(@\w+)?(\s|$)/.test(message.text ?? '');
}
