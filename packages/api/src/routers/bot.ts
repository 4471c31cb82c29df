import { botProcedure, router } from '../trpc';

export const botRouter = router({
  /** Who the Telegram user the bot acts for is here: the linked account, or not linked (ask to link). */
  whoami: botProcedure.query(({ ctx }) => {
    const { telegramUserId, user } = ctx.actor;
    if (!user) return { linked: false as const, telegramUserId };
    return {
      linked: true as const,
      telegramUserId,
      user: {
        id: user.id,
        name: user.name,
        username: user.username,
        telegramUsername: user.telegramUsername,
      },
    };
  }),
});
