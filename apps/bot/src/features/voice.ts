import { Composer } from 'grammy';
import type { BotContext } from '../context';
import { groupOfChat } from '../flows/chat-group';
import { draftKeptMessages } from '../flows/kept-messages';
import { startTyping } from '../flows/typing';
import { draftFromVoice, refusedVoice } from '../flows/voice';

/**
 * Voice messages and video notes: heard (OPENAI_TRANSCRIBE_MODEL), then read as the same words
 * typed would be. Private chat: every one. Group chat, as for text: a voice message that replies
 * to a message of the bot, or whose caption is /add or mentions the bot (a voice message cannot
 * mention anyone by voice, and Telegram shows a bot in privacy mode only those); any other is
 * left alone, unheard, as other people's talk is. A caption is not read with the words heard;
 * without transcription, a voice message's caption is read as a photo's is.
 */
export function voiceFeature() {
  const feature = new Composer<BotContext>();

  // Nothing to hear with: a caption is read as under a photo (expense.ts).
  const heard = feature.filter((ctx) => ctx.services.transcriber !== null || !ctx.message?.caption?.trim());

  heard.chatType('private').on(['message:voice', 'message:video_note'], recordVoice);

  heard.chatType(['group', 'supergroup']).on(['message:voice', 'message:video_note'], (ctx, next) => {
    const addressed =
      ctx.message.reply_to_message?.from?.id === ctx.me.id ||
      captionAddresses(ctx.message.caption ?? '', ctx.me.username);
    return addressed ? recordVoice(ctx) : next();
  });

  return feature;
}

async function recordVoice(ctx: BotContext) {
  const message = ctx.message!;
  if (await refusedVoice(ctx, message)) return;
  const stopTyping = startTyping(ctx);
  try {
    const group = await groupOfChat(ctx);
    if (!group) return;
    if (ctx.chatKind === 'private') await draftKeptMessages(ctx, group);
    await draftFromVoice(ctx, group, message);
  } finally {
    stopTyping();
  }
}

/** A caption that is /add (or /add@this_bot) or mentions this bot. Telegram marks no command in a caption. */
function captionAddresses(caption: string, botUsername: string): boolean {
  const add = /^\/add(?:@(\w+))?(?:\s|$)/i.exec(caption.trim());
  if (add) return !add[1] || add[1].toLowerCase() === botUsername.toLowerCase();
  return new RegExp(`(^|\\s)@${botUsername}(?!\\w)`, 'i').test(caption);
}
