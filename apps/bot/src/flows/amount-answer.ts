import type { BotContext } from '../context';
import { quotedTextOf } from './quoted-text';

/**
 * A reply to the bot's «Сколько?» («Олег заплатил за паром» → «1500»): the message the question
 * quotes with the typed answer after it, read as one message; undefined for any other message.
 */
export function textWithTypedAmount(ctx: BotContext, typed: string): string | undefined {
  const question = ctx.message?.reply_to_message;
  if (!question || question.from?.id !== ctx.me.id) return undefined;
  const quoted = quotedTextOf(question);
  return quoted === undefined ? undefined : `${quoted} ${typed}`;
}
