import type { BotContext } from '../context';
import { describeError } from '../log';

/** Telegram shows "typing…" for about 5 seconds; it is renewed sooner while the work goes on. */
const RENEW_MS = 4_000;

/** Shows at once that the bot is working, and keeps showing it until stopped. */
export function startTyping(ctx: BotContext): () => void {
  const chatId = ctx.chat?.id;
  if (chatId === undefined) return () => {};
  const send = () =>
    ctx.api.sendChatAction(chatId, 'typing').catch((error) => {
      ctx.services.log.warn('typing action failed', describeError(error));
    });
  void send();
  const timer = setInterval(send, RENEW_MS);
  return () => clearInterval(timer);
}
