import type { BotContext } from '../context';
import { linkKeyboard } from '../keyboards';
import { answer } from './reply';

/** An unlinked Telegram user: how to sign in (the mini app links them), never a draft. */
export async function askToLink(ctx: BotContext) {
  if (ctx.callbackQuery) {
    await ctx.answerCallbackQuery({ text: ctx.t('link.notice'), show_alert: true });
    return;
  }
  const { t, chatKind, services } = ctx;
  const kept = chatKind === 'private' && (await keepForLater(ctx));
  const after = kept ? `\n\n${t('link.kept')}` : '';
  if (chatKind === 'private' && !services.links.webButtons) {
    // No button can open a localhost app: the text gives the address instead of pointing below.
    await answer(ctx, t('link.textNoButton', { url: services.links.app() }) + after);
    return;
  }
  const text =
    chatKind === 'private' ? t('link.text') : t('link.textInGroup', { name: ctx.from?.first_name ?? '' });
  await answer(ctx, text + after, linkKeyboard(chatKind, t, services.links));
}

/** An expense written before linking is kept, to become a draft once the writer links (/start). */
async function keepForLater(ctx: BotContext): Promise<boolean> {
  const message = ctx.message;
  const text = message?.text ?? message?.caption;
  if (!message || !text || /^\//.test(text)) return false;
  await ctx.services.api.asUser(ctx.from!.id).bot.pending.keep.mutate({
    chatId: String(ctx.chat!.id),
    messageId: String(message.message_id),
    text,
  });
  return true;
}
