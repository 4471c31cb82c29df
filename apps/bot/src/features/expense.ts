import { Composer } from 'grammy';
import type { MessageEntity } from 'grammy/types';
import type { BotContext } from '../context';
import { textWithTypedAmount } from '../flows/amount-answer';
import { groupOfChat } from '../flows/chat-group';
import { draftFromMessage } from '../flows/draft-from-message';
import { chatExamples } from '../flows/examples';
import { helpText } from '../flows/help';
import { draftKeptMessages } from '../flows/kept-messages';
import { expenseTextOf } from '../flows/message-text';
import { answer } from '../flows/reply';
import { startTyping } from '../flows/typing';

/**
 * Messages that are expenses. Private chat: any text that is no command. Group chat (where, with
 * privacy mode on, Telegram shows the bot only commands, mentions and replies to it): /add <text>,
 * "@bot <text>" and replies to the bot's messages.
 */
export function expenseFeature() {
  const feature = new Composer<BotContext>();

  feature.command('add', async (ctx) =>
    ctx.match.trim()
      ? recordExpense(ctx, ctx.match)
      : answer(ctx, ctx.t('expense.addUsage', await chatExamples(ctx))),
  );

  const privateChat = feature.chatType('private');
  privateChat.on('message:text', async (ctx) => {
    if (isCommand(ctx.message.text, ctx.message.entities)) {
      return answer(ctx, await helpText(ctx));
    }
    return recordExpense(ctx, ctx.message.text);
  });
  // A photo or a document: its caption is the message; without one, the bot says it reads text.
  // Telegram marks no command in a caption: "/add …" under a photo is read here.
  privateChat.on('message:caption', (ctx) =>
    recordExpense(ctx, addCommandText(ctx.message.caption, ctx.me.username) ?? ctx.message.caption),
  );
  privateChat.on(['message:photo', 'message:document'], (ctx) =>
    answer(ctx, ctx.t('expense.photoNoCaption')),
  );
  // Voice messages and video notes are heard (voice.ts); an audio file is not.
  privateChat.on('message:audio', (ctx) =>
    answer(ctx, ctx.t(ctx.services.transcriber ? 'voice.audioFile' : 'voice.off')),
  );
  privateChat.on(['message:sticker', 'message:animation'], (ctx) => answer(ctx, ctx.t('expense.sticker')));
  privateChat.on('message', async (ctx) => answer(ctx, ctx.t('expense.notExpense', await chatExamples(ctx))));

  const groupChat = feature.chatType(['group', 'supergroup']);
  groupChat.on(['message:text', 'message:caption'], (ctx, next) => {
    const text = ctx.message.text ?? ctx.message.caption ?? '';
    const entities = ctx.message.entities ?? ctx.message.caption_entities;
    const repliedTo = ctx.message.reply_to_message;
    if (isCommand(text, entities)) {
      const added = ctx.message.caption !== undefined ? addCommandText(text, ctx.me.username) : undefined;
      return added?.trim() ? recordExpense(ctx, added) : next();
    }
    const mention = `@${ctx.me.username}`;
    const mentioned = (entities ?? []).some(
      (entity) =>
        entity.type === 'mention' &&
        text.slice(entity.offset, entity.offset + entity.length).toLowerCase() === mention.toLowerCase(),
    );
    if (mentioned) return recordExpense(ctx, expenseTextOf(text, ctx.me.username));
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
    // Linked elsewhere (the web's Telegram login, the mini app) and writing again without /start:
    // what they wrote before linking is drafted first, once.
    if (ctx.chatKind === 'private') await draftKeptMessages(ctx, group);
    const answered = textWithTypedAmount(ctx, text.trim());
    await draftFromMessage(ctx, group, {
      messageId: ctx.message!.message_id,
      text: answered ?? text.trim(),
      ...(answered ? { putTogether: true } : {}),
    });
  } finally {
    stopTyping();
  }
}

/** The text after "/add" (or "/add@bot"), or undefined when the text is no /add. */
function addCommandText(text: string, botUsername: string): string | undefined {
  const match = /^\/add(?:@(\w+))?(?:\s+([\s\S]*))?$/i.exec(text.trim());
  if (!match || (match[1] && match[1].toLowerCase() !== botUsername.toLowerCase())) return undefined;
  return match[2] ?? '';
}

export function isCommand(text: string, entities: MessageEntity[] | undefined): boolean {
  return (
    (entities ?? []).some((entity) => entity.type === 'bot_command' && entity.offset === 0) ||
    /^\/\w/.test(text)
  );
}
