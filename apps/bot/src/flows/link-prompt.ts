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
  if (chatKind === 'private' && !services.links.webButtons) {
    // No button can open a localhost app: the text gives the address instead of pointing below.
    await answer(ctx, t('link.textNoButton', { url: services.links.app() }));
    return;
  }
  const text =
    chatKind === 'private' ? t('link.text') : t('link.textInGroup', { name: ctx.from?.first_name ?? '' });
  await answer(ctx, text, linkKeyboard(chatKind, t, services.links));
}
