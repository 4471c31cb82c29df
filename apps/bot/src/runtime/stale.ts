import type { Bot } from 'grammy';
import type { Update } from 'grammy/types';
import type { DolyaApi } from '../api/client';
import type { BotContext } from '../context';
import { describeError, type Logger } from '../log';
import { markRecorded } from './inbox';

export interface StaleSweeper {
  /** One sweep now; resolves when the claimed updates are handled. */
  sweep(): Promise<number>;
  stop(): Promise<void>;
}

/**
 * Updates recorded but never marked done (the worker stopped while handling them) are claimed
 * from the server and handled again: on start and every minute. Claiming is atomic on the
 * server, so two workers never take the same update; drafts keyed by message make a second
 * handling of a message harmless.
 */
export function startStaleSweeper(
  bot: Bot<BotContext>,
  api: DolyaApi,
  log: Logger,
  options: { everyMs?: number; olderThanSeconds?: number } = {},
): StaleSweeper {
  const { everyMs = 60_000, olderThanSeconds = 60 } = options;
  let running: Promise<number> = Promise.resolve(0);

  const sweepOnce = async () => {
    const { updates } = await api.asBot().bot.updates.claimStale.mutate({ olderThanSeconds });
    if (updates.length > 0) log.info('handling stale updates', { count: updates.length });
    await Promise.all(
      updates.map(({ update }) => bot.handleUpdate(markRecorded(update as unknown as Update))),
    );
    return updates.length;
  };
  const sweep = () => {
    running = running.then(sweepOnce).catch((error) => {
      log.warn('could not claim stale updates', describeError(error));
      return 0;
    });
    return running;
  };

  void sweep();
  const timer = setInterval(sweep, everyMs);
  return {
    sweep,
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
