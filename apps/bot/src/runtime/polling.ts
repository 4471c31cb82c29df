import { run } from '@grammyjs/runner';
import type { Bot, BotError } from 'grammy';
import type { BotContext } from '../context';
import { ALLOWED_UPDATES } from './allowed-updates';

export interface Polling {
  /** Stops fetching updates and waits for those being handled. */
  stop(): Promise<void>;
}

/**
 * Long polling through grammY runner: updates are handled concurrently, sequentially within a
 * chat (the sequentialize middleware of bot.ts). A webhook left set would stop getUpdates.
 */
export async function startPolling(
  bot: Bot<BotContext>,
  options: { timeoutSeconds?: number } = {},
): Promise<Polling> {
  await bot.api.deleteWebhook();
  const handling = new Set<Promise<void>>();
  // The bot as the runner sees it, but counting the updates under way, which stop() waits for
  // (the runner's own stop only ends the fetching).
  const runner = run(
    {
      init: () => bot.init(),
      handleUpdate: (update) => {
        const handled = bot.handleUpdate(update);
        handling.add(handled);
        return handled.finally(() => handling.delete(handled));
      },
      errorHandler: (error: BotError<BotContext>) => bot.errorHandler(error),
      api: { getUpdates: (args, signal) => bot.api.getUpdates(args, signal) },
    },
    { runner: { fetch: { timeout: options.timeoutSeconds ?? 30, allowed_updates: ALLOWED_UPDATES } } },
  );
  return {
    async stop() {
      if (runner.isRunning()) await runner.stop();
      await Promise.allSettled([...handling]);
    },
  };
}
