import type { BotError, Context } from 'grammy';
import { appCodeOf } from './api/errors';
import type { BotContext } from './context';
import { askToLink } from './flows/link-prompt';
import { languageOf, translator } from './i18n';
import { describeError, type Logger } from './log';

/**
 * Whatever a feature throws ends here: an unlinked Telegram user is asked to link, a blocked
 * account is told so, and anything else is logged and answered with a short apology. Nothing
 * is rethrown, so one bad update never stops the bot.
 */
export function errorBoundary(log: Logger) {
  return async (error: BotError<Context>) => {
    const ctx = error.ctx as Partial<BotContext> & Context;
    const code = appCodeOf(error.error);
    try {
      if (code === 'TELEGRAM_NOT_LINKED' && ctx.services) {
        await askToLink(ctx as BotContext);
        return;
      }
      if (code !== 'ACCOUNT_BLOCKED') {
        log.error('update failed', { updateId: ctx.update.update_id, code, ...describeError(error.error) });
      }
      const t = ctx.t ?? translator(languageOf(ctx.from?.language_code));
      const text = code === 'ACCOUNT_BLOCKED' ? t('blocked') : t('apology');
      if (ctx.callbackQuery) await ctx.answerCallbackQuery({ text, show_alert: true });
      else if (ctx.chat) await ctx.api.sendMessage(ctx.chat.id, text);
    } catch (failure) {
      log.error('could not tell the user about a failure', describeError(failure));
    }
  };
}
