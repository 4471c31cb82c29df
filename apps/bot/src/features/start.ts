import { Composer } from 'grammy';
import type { BotContext } from '../context';
import { helpText } from '../flows/help';
import { draftKeptMessages } from '../flows/kept-messages';
import { askToLink } from '../flows/link-prompt';
import { answer } from '../flows/reply';

/** /start (also /start link, from the "sign in" button of a group chat) and /help. */
export function startFeature() {
  const feature = new Composer<BotContext>();

  feature.command('start', async (ctx) => {
    const me = await ctx.services.api.asUser(ctx.from!.id).bot.whoami.query();
    if (!me.linked) {
      await askToLink(ctx);
      return;
    }
    // Writing to the bot makes a person who once blocked it reachable for reminders again.
    await ctx.dolya.reminders.profile.mutate({ reachable: true, language: ctx.from?.language_code });
    const text =
      ctx.match === 'link'
        ? ctx.t('start.alreadyLinked', { name: me.user.name })
        : ctx.t('start.greeting', { name: me.user.name });
    await answer(ctx, text);
    if (ctx.chatKind === 'private') await draftKeptMessages(ctx);
  });

  feature.command('help', async (ctx) => answer(ctx, await helpText(ctx)));

  return feature;
}
