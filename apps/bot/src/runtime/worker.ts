import type { AddressInfo } from 'node:net';
import type { Bot } from 'grammy';
import type { DolyaApi } from '../api/client';
import type { BotConfig } from '../config';
import type { BotContext } from '../context';
import type { Logger } from '../log';
import type { BotMetrics } from '../metrics';
import { registerCommands } from './commands';
import { startPolling } from './polling';
import { startStaleSweeper } from './stale';
import { startWebhook } from './webhook';

export interface Worker {
  mode: 'polling' | 'webhook';
  /** Where the webhook listens (webhook mode). */
  address?: AddressInfo;
  /** Stops taking updates, lets those under way finish, then returns. */
  stop(): Promise<void>;
}

/**
 * Starts a bot made by createBot: who it is (getMe), its command menus, then long polling, or
 * the webhook when BOT_WEBHOOK_URL is set; and the sweep of stale updates in both modes.
 */
export async function startWorker(
  bot: Bot<BotContext>,
  config: BotConfig,
  api: DolyaApi,
  log: Logger,
  options: { pollTimeoutSeconds?: number; staleEveryMs?: number; metrics?: BotMetrics | undefined } = {},
): Promise<Worker> {
  await bot.init();
  await registerCommands(bot);
  const sweeper = startStaleSweeper(bot, api, log, { everyMs: options.staleEveryMs });

  if (config.webhook) {
    const webhook = await startWebhook(bot, api, config.webhook, log, options.metrics);
    return {
      mode: 'webhook',
      address: webhook.address,
      async stop() {
        await webhook.stop();
        await sweeper.stop();
      },
    };
  }
  const polling = await startPolling(bot, { timeoutSeconds: options.pollTimeoutSeconds });
  log.info('long polling', { bot: bot.botInfo.username });
  return {
    mode: 'polling',
    async stop() {
      await polling.stop();
      await sweeper.stop();
    },
  };
}
