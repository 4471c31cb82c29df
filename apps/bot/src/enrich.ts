import type { Context, NextFunction } from 'grammy';
import type { BotContext, BotServices } from './context';
import { languageOfMessage, translator } from './i18n';
import { heardIn } from './voice/heard';

/**
 * Adds what the features use to each update: the sender's language and texts, the kind of chat,
 * and the server as the sender's account. Updates without a sender or from channels are ignored.
 */
export function enrich(services: BotServices) {
  return (ctx: Context, next: NextFunction) => {
    const chatType = ctx.chat?.type;
    if (!ctx.from || ctx.from.is_bot || !chatType || chatType === 'channel') return;
    const context = ctx as BotContext;
    context.services = services;
    // A button press is answered in the language of the message its question was about.
    const pressedUnder = ctx.callbackQuery?.message;
    const repliedTo =
      pressedUnder && 'reply_to_message' in pressedUnder ? pressedUnder.reply_to_message : undefined;
    // Under the answer to a voice message: the words heard, which head that answer.
    const heard = pressedUnder && 'text' in pressedUnder ? heardIn(pressedUnder.text) : undefined;
    const written =
      ctx.message?.text ?? ctx.message?.caption ?? repliedTo?.text ?? repliedTo?.caption ?? heard;
    context.language = languageOfMessage(written, ctx.from.language_code);
    context.t = translator(context.language);
    context.chatKind = chatType === 'private' ? 'private' : 'group';
    context.dolya = services.api.asUser(ctx.from.id);
    return next();
  };
}
