import { Composer } from 'grammy';
import type { InlineKeyboardButton } from 'grammy/types';
import type { BotContext } from '../context';
import { answer } from '../flows/reply';

const UUID = '[0-9a-fA-F-]{36}';

/**
 * The reminders' side of the bot (issue 28): /stop turns every reminder off for the person, the
 * Mute button under a reminder the ones of its group. The server sends reminders itself; it
 * learns here the language they write in. (/start marks them reachable again: start.ts.)
 */
export function remindersFeature() {
  const feature = new Composer<BotContext>();

  feature.chatType('private').command('stop', async (ctx) => {
    await ctx.dolya.reminders.profile.mutate({ stopped: true, language: ctx.from.language_code });
    await answer(ctx, ctx.t('reminders.stopped'));
  });

  feature.callbackQuery(new RegExp(`^rmute:(${UUID})$`), async (ctx) => {
    await ctx.dolya.reminders.mute.mutate({
      groupId: ctx.match[1]!,
      muted: true,
      language: ctx.from.language_code,
    });
    await ctx.answerCallbackQuery({ text: ctx.t('reminders.muted') });
    const message = ctx.callbackQuery.message;
    if (message && 'text' in message && message.text) {
      // The settle button stays; the mute button gives way to a line saying it is done.
      const keep: InlineKeyboardButton[][] = (message.reply_markup?.inline_keyboard ?? []).filter(
        (row) =>
          !row.some((button) => 'callback_data' in button && button.callback_data?.startsWith('rmute:')),
      );
      await ctx.editMessageText(`${message.text}\n\n${ctx.t('reminders.mutedLine')}`, {
        reply_markup: { inline_keyboard: keep },
      });
    }
  });

  return feature;
}
