import type { Update } from 'grammy/types';
import { createDolyaApi, type DolyaApi } from '../../src/api/client';
import { createBot } from '../../src/bot';
import { type BotConfig, loadBotConfig } from '../../src/config';
import type { Logger } from '../../src/log';
import { createBotMetrics } from '../../src/metrics';
import { createModelReader } from '../../src/parse';
import { createTranscriber } from '../../src/voice/transcriber';
import { BOT_API_SECRET, type DolyaServer, startDolyaServer } from './dolya-server';
import { TRANSCRIBE_MODEL } from './openai-stand-in';
import { BOT_TOKEN, BOT_USER, startTelegramStandIn, type TelegramStandIn } from './telegram-stand-in';
import { type TelegramUser, updateFactory } from './updates';

export const PUBLIC_URL = 'https://dolya.example';
export const MINI_APP = 'app';

/** Log lines kept for the tests to look at, nothing printed. */
export function collectingLogger() {
  const lines: { level: string; message: string; details?: Record<string, unknown> }[] = [];
  const logger: Logger = {
    info: (message, details) => lines.push({ level: 'info', message, details }),
    warn: (message, details) => lines.push({ level: 'warn', message, details }),
    error: (message, details) => lines.push({ level: 'error', message, details }),
  };
  return { logger, lines };
}

export interface WorldOptions {
  env?: Record<string, string>;
  /** The server's environment beside the test defaults (FX_RATES_URL: a rates stand-in). */
  serverEnv?: Record<string, string>;
  /** A model stand-in's base URL: the bot reads messages with it (and the rules as fallback). */
  modelBaseURL?: string;
  modelTimeoutMs?: number;
  /** With modelBaseURL: voice messages are heard too, by TRANSCRIBE_MODEL on the same stand-in. */
  transcribe?: boolean;
  /** The server sends through the bot too (reminders, weekly summaries), to the same stand-in. */
  serverSendsTelegram?: boolean;
}

/**
 * The whole bot for a test: the real Dolya server on a fresh database, the Telegram stand-in,
 * and the real bot from createBot between them, fed updates through handleUpdate.
 */
export async function startWorld(options: WorldOptions = {}) {
  const telegram: TelegramStandIn = await startTelegramStandIn();
  const server: DolyaServer = await startDolyaServer({
    ...(options.serverSendsTelegram
      ? { TELEGRAM_BOT_TOKEN: BOT_TOKEN, TELEGRAM_API_ROOT: telegram.apiRoot }
      : {}),
    ...options.serverEnv,
  });
  const config: BotConfig = loadBotConfig({
    TELEGRAM_BOT_TOKEN: BOT_TOKEN,
    TELEGRAM_API_ROOT: telegram.apiRoot,
    BOT_API_URL: server.url,
    BOT_API_SECRET,
    PUBLIC_URL,
    TELEGRAM_MINIAPP_SHORT_NAME: MINI_APP,
    ...(options.modelBaseURL
      ? {
          OPENAI_API_KEY: 'test-key',
          OPENAI_BASE_URL: options.modelBaseURL,
          OPENAI_MODEL: 'stand-in',
          LLM_TIMEOUT_MS: String(options.modelTimeoutMs ?? 1000),
          ...(options.transcribe ? { OPENAI_TRANSCRIBE_MODEL: TRANSCRIBE_MODEL } : {}),
        }
      : {}),
    ...options.env,
  });
  const api: DolyaApi = createDolyaApi(config.apiUrl, config.apiSecret);
  const { logger, lines } = collectingLogger();
  const metrics = createBotMetrics();
  const bot = createBot(config, {
    api,
    metrics,
    botInfo: BOT_USER,
    log: logger,
    model: config.model ? createModelReader(config.model) : null,
    transcriber: config.transcribe ? createTranscriber(config.transcribe) : null,
  });
  const updates = updateFactory();
  let telegramIds = 700_000_000 + Math.floor(Math.random() * 1_000_000) * 100;

  return {
    server,
    telegram,
    config,
    api,
    bot,
    updates,
    log: lines,
    metrics,
    /** Handles one update as the runner or the webhook would hand it over. */
    send: (update: Update) => bot.handleUpdate(update),
    /** A Dolya account, signed up on the web and linked to a new Telegram user. */
    async linkedPerson(name: string, languageCode = 'ru') {
      const person = await server.signUp(name);
      const telegramUser: TelegramUser = { id: ++telegramIds, first_name: name, language_code: languageCode };
      await person.linkTelegram(telegramUser.id);
      return { ...person, telegram: telegramUser };
    },
    /** A Telegram user no account is linked to. */
    stranger(name: string, languageCode = 'ru'): TelegramUser {
      return { id: ++telegramIds, first_name: name, language_code: languageCode };
    },
    async close() {
      await telegram.close();
      await server.close();
    },
  };
}

export type World = Awaited<ReturnType<typeof startWorld>>;
