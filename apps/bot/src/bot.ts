import { autoRetry } from '@grammyjs/auto-retry';
import { sequentialize } from '@grammyjs/runner';
import { Bot } from 'grammy';
import type { UserFromGetMe } from 'grammy/types';
import type { DolyaApi } from './api/client';
import type { BotConfig } from './config';
import type { BotContext, BotServices } from './context';
import { enrich } from './enrich';
import { errorBoundary } from './error-boundary';
import { balanceFeature } from './features/balance';
import { connectFeature } from './features/connect';
import { draftButtonsFeature } from './features/draft-buttons';
import { expenseFeature } from './features/expense';
import { exportFeature } from './features/export';
import { groupChoiceFeature } from './features/group-choice';
import { questionButtonsFeature } from './features/question-buttons';
import { remindersFeature } from './features/reminders';
import { startFeature } from './features/start';
import { voiceFeature } from './features/voice';
import { createLinks, type Links } from './links';
import { consoleLogger, type Logger } from './log';
import type { BotMetrics } from './metrics';
import type { ModelReader } from './parse';
import { inbox } from './runtime/inbox';
import { telegramFileUrl } from './voice/download';
import type { Transcriber } from './voice/transcriber';

export interface BotDependencies {
  api: DolyaApi;
  /** The model that reads messages; null or absent: the rules alone. */
  model?: ModelReader | null;
  /** What hears voice messages (OPENAI_TRANSCRIBE_MODEL); null or absent: the bot reads text only. */
  transcriber?: Transcriber | null;
  log?: Logger;
  /** Prometheus counters of updates and parse outcomes; absent: not counted. */
  metrics?: BotMetrics;
  /** What getMe answers, when known, so the bot needs no call to Telegram before the first update. */
  botInfo?: UserFromGetMe;
}

/**
 * The bot: every update goes through, in order, the per-chat queue (a slow model call holds up
 * only its own chat), the inbox (a redelivered update is skipped, a handled one marked done),
 * the sender's context, then the features inside the error boundary.
 */
export function createBot(config: BotConfig, deps: BotDependencies): Bot<BotContext> {
  const log = deps.log ?? consoleLogger;
  const bot = new Bot<BotContext>(config.token, {
    ...(deps.botInfo ? { botInfo: deps.botInfo } : {}),
    client: { apiRoot: config.apiRoot },
  });
  // Telegram's flood limits answer 429 with retry_after: wait and send again.
  bot.api.config.use(autoRetry({ maxRetryAttempts: 3, maxDelaySeconds: 30 }));

  let links: Links | undefined;
  const services: BotServices = {
    api: deps.api,
    model: deps.model ?? null,
    transcriber: deps.transcriber ?? null,
    fileUrl: telegramFileUrl(config.apiRoot, config.token),
    log,
    metrics: deps.metrics,
    get links() {
      links ??= createLinks(
        config.publicUrl,
        config.username ?? bot.botInfo.username,
        config.miniAppShortName,
      );
      return links;
    },
  };

  const boundary = errorBoundary(log);
  const apologize: typeof boundary = (error) => {
    deps.metrics?.updateFailed();
    return boundary(error);
  };
  // The outer boundary catches what the inbox throws (the server unreachable); the inner one what
  // a feature throws, after which the inbox still marks the update done.
  const root = bot.errorBoundary(apologize);
  root.use(sequentialize((ctx) => ctx.chat?.id.toString()));
  root.use(inbox(deps.api, log, deps.metrics));
  root.use(enrich(services));
  root.errorBoundary(
    apologize,
    startFeature(),
    remindersFeature(),
    groupChoiceFeature(),
    connectFeature(),
    balanceFeature(),
    exportFeature(),
    draftButtonsFeature(),
    questionButtonsFeature(),
    voiceFeature(),
    expenseFeature(),
  );
  bot.catch(apologize);
  return bot;
}
