import type { Context, NextFunction } from 'grammy';
import type { Update } from 'grammy/types';
import type { DolyaApi } from '../api/client';
import { describeError, type Logger } from '../log';
import type { BotMetrics } from '../metrics';

/** Updates whose inbox row was written before the bot saw them (the webhook, stale claims). */
const recordedBeforehand = new WeakSet<Update>();

/** Tells the inbox middleware that this update object is already recorded and fresh. */
export function markRecorded(update: Update): Update {
  recordedBeforehand.add(update);
  return update;
}

/** Writes the update to the server's inbox; fresh unless that update id was recorded before. */
export function recordUpdate(api: DolyaApi, update: Update): Promise<{ fresh: boolean }> {
  // The inbox keeps the update as Telegram sent it: a JSON object.
  const asSent = update as unknown as Record<string, unknown>;
  return api.asBot().bot.updates.record.mutate({ updateId: update.update_id, update: asSent });
}

/**
 * The server's update inbox around the handling of each update. Telegram redelivers an update
 * it thinks was not received (a restart during long polling, a webhook answered late): the first
 * record of an update id is fresh, any later one is skipped. A handled update is marked done;
 * one left undone by a crash is claimed again later (stale.ts).
 */
export function inbox(api: DolyaApi, log: Logger, metrics?: BotMetrics) {
  return async (ctx: Context, next: NextFunction) => {
    const { update } = ctx;
    const server = api.asBot().bot.updates;
    if (!recordedBeforehand.has(update)) {
      const { fresh } = await recordUpdate(api, update);
      if (!fresh) {
        log.info('skipped a redelivered update', { updateId: update.update_id });
        metrics?.update('redelivered');
        return;
      }
    }
    const started = performance.now();
    await next();
    metrics?.update('handled', (performance.now() - started) / 1000);
    await server.done.mutate({ updateId: update.update_id }).catch((error) => {
      log.warn('could not mark an update done', { updateId: update.update_id, ...describeError(error) });
    });
  };
}
