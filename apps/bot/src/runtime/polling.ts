import { type RunnerHandle, run } from '@grammyjs/runner';
import type { Bot } from 'grammy';
import type { BotContext } from '../context';
import { ALLOWED_UPDATES } from './allowed-updates';

/**
 * Long polling through grammY runner: updates are handled concurrently, sequentially within a
 * chat (the sequentialize middleware of bot.ts). A webhook left set would stop getUpdates.
 */
export async function startPolling(
  bot: Bot<BotContext>,
  options: { timeoutSeconds?: number } = {},
): Promise<RunnerHandle> {
  await bot.api.deleteWebhook();
  return run(bot, {
    runner: { fetch: { timeout: options.timeoutSeconds ?? 30, allowed_updates: ALLOWED_UPDATES } },
  });
}
