import { Composer } from 'grammy';
import type { MessageEntity } from 'grammy/types';
import type { BotContext } from '../context';
import { groupOfChat } from '../flows/chat-group';
import { draftFromMessage } from '../flows/draft-from-message';
import { answer } from '../flows/reply';
import { startTyping } from '../flows/typing';

/**
 * Messages that are expenses. Private chat: any text that is no command. Group chat (where, with
 * privacy mode on, Telegram shows the bot only commands, mentions and replies to it): /add <text>,
 * "@bot <text>" and replies to the bot's messages.
 */
export function expenseFeature() {
  const feature = new Composer<BotContext>();

  feature.command('add', (ctx) =>
    ctx.match.trim() ? recordExpense(ctx, ctx.match) : answer(ctx, ctx.t('expense.addUsage')),
  );

  const privateChat = feature.chatType('private');
  privateChat.on('message:text', (ctx) => {
    if (isCommand(ctx.message.text, ctx.message.entities)) {
      return answer(ctx, ctx.t('help.text', { bot: ctx.me.username }));
    }
    return recordExpense(ctx, ctx.message.text);
  });
  // A photo, a sticker, a voice message: the bot reads text only, and says how to write one.
  privateChat.on('message', (ctx) => answer(ctx, ctx.t('expense.notExpense')));

  const groupChat = feature.chatType(['group', 'supergroup']);
  groupChat.on('message:text', (ctx, next) => {
    const { text, entities, reply_to_message: repliedTo } = ctx.message;
    if (isCommand(text, entities)) return next();
    const mention = `@${ctx.me.username}`;
    const mentioned = (entities ?? []).some(
      (entity) =>
        entity.type === 'mention' &&
        text.slice(entity.offset, entity.offset + entity.length).toLowerCase() === mention.toLowerCase(),
    );
    if (mentioned) return recordExpense(ctx, withoutMention(text, mention));
    if (repliedTo?.from?.id === ctx.me.id) return recordExpense(ctx, text);
    return next();
  });

  return feature;
}

async function recordExpense(ctx: BotContext, text: string) {
  const stopTyping = startTyping(ctx);
  try {
    const group = await groupOfChat(ctx);
    if (!group) return;
    await draftFromMessage(ctx, group, { messageId: ctx.message!.message_id, text: text.trim() });
  } finally {
    stopTyping();
  }
}

export function isCommand(text: string, entities: MessageEntity[] | undefined): boolean {
  return (
    (entities ?? []).some((entity) => entity.type === 'bot_command' && entity.offset === 0) ||
    /^\/\w/.test(text)
  );
}

function withoutMention(text: string, mention: string): string {
  // Only the mention goes: the lines of a receipt stay lines.
  const pattern = new RegExp(`${mention.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[,:]?`, 'gi');
  return text
    .replace(pattern, '')
    .replace(/[ \t]{2,}/g, ' ')
    .trim();
}
