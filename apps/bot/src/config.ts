import { z } from 'zod';
import { type ModelConfig, modelConfigFromEnv } from './parse';
import { type TranscribeConfig, transcribeConfigFromEnv } from './voice/config';

const optional = z
  .string()
  .optional()
  .transform((value) => value?.trim() || undefined);

const httpUrl = z.url({ protocol: /^https?$/ });

const envSchema = z
  .object({
    TELEGRAM_BOT_TOKEN: optional.pipe(
      z.string({ error: 'required: the token BotFather gave' }).regex(/^\d+:[\w-]+$/, 'not a bot token'),
    ),
    TELEGRAM_BOT_USERNAME: optional.pipe(
      z
        .string()
        .regex(/^@?\w{3,}$/, 'a bot username such as dolya_bot')
        .transform((name) => name.replace(/^@/, ''))
        .optional(),
    ),
    TELEGRAM_API_ROOT: optional.pipe(httpUrl.default('https://api.telegram.org')),
    BOT_API_URL: optional.pipe(httpUrl.default('http://localhost:3000')),
    BOT_API_SECRET: optional.pipe(
      z.string({ error: "required: the server's BOT_API_SECRET" }).min(32, 'use at least 32 characters'),
    ),
    BOT_WEBHOOK_URL: optional.pipe(z.url({ protocol: /^https$/, error: 'an https:// address' }).optional()),
    BOT_WEBHOOK_SECRET: optional.pipe(
      z
        .string()
        .regex(/^[\w-]{16,256}$/, '16 to 256 characters: letters, digits, _ and -')
        .optional(),
    ),
    BOT_WEBHOOK_PORT: optional.pipe(
      z
        .string()
        .regex(/^\d{1,5}$/, 'a port number')
        .default('8081')
        .transform(Number)
        .refine((port) => port <= 65535, 'a port number'),
    ),
    BOT_WEBHOOK_HOST: optional.pipe(z.string().default('0.0.0.0')),
    BOT_METRICS_PORT: optional.pipe(
      z
        .string()
        .regex(/^\d{1,5}$/, 'a port number')
        .transform(Number)
        .refine((port) => port >= 1 && port <= 65535, 'a port number')
        .optional(),
    ),
    BOT_METRICS_HOST: optional.pipe(z.string().default('0.0.0.0')),
    PUBLIC_URL: optional.pipe(httpUrl.default('http://localhost:3000')),
    TELEGRAM_MINIAPP_SHORT_NAME: optional.pipe(
      z
        .string()
        .regex(/^\w{3,30}$/, "the mini app's short name from BotFather")
        .optional(),
    ),
  })
  .refine((env) => !env.BOT_WEBHOOK_URL || env.BOT_WEBHOOK_SECRET, {
    path: ['BOT_WEBHOOK_SECRET'],
    message: 'required with BOT_WEBHOOK_URL',
  });

export interface BotConfig {
  token: string;
  /** Without it, the username Telegram's getMe answers. */
  username: string | undefined;
  apiRoot: string;
  /** The Dolya server whose tRPC the bot calls. */
  apiUrl: string;
  apiSecret: string;
  /** The web app, for the buttons that open it. */
  publicUrl: string;
  miniAppShortName: string | undefined;
  webhook: { url: string; secret: string; port: number; host: string } | undefined;
  /** The model reading messages; null: the rules alone. */
  model: ModelConfig | null;
  /** Hearing voice messages (OPENAI_TRANSCRIBE_MODEL); null: the bot says it reads text. */
  transcribe: TranscribeConfig | null;
  /** Where GET /metrics (Prometheus) is served; undefined: nowhere. */
  metrics: { port: number; host: string } | undefined;
}

/** Reads the environment once; a missing or wrong value stops the start, naming the variable. */
export function loadBotConfig(env: Record<string, string | undefined> = process.env): BotConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid bot configuration:\n${problems.join('\n')}`);
  }
  const e = parsed.data;
  let model: ModelConfig | null;
  let transcribe: TranscribeConfig | null;
  try {
    model = modelConfigFromEnv(env);
    transcribe = transcribeConfigFromEnv(env, model);
  } catch (error) {
    throw new Error(`Invalid bot configuration:\n  ${(error as Error).message}`);
  }
  return {
    token: e.TELEGRAM_BOT_TOKEN,
    username: e.TELEGRAM_BOT_USERNAME,
    apiRoot: e.TELEGRAM_API_ROOT.replace(/\/+$/, ''),
    apiUrl: e.BOT_API_URL.replace(/\/+$/, ''),
    apiSecret: e.BOT_API_SECRET,
    publicUrl: e.PUBLIC_URL.replace(/\/+$/, ''),
    miniAppShortName: e.TELEGRAM_MINIAPP_SHORT_NAME,
    webhook:
      e.BOT_WEBHOOK_URL && e.BOT_WEBHOOK_SECRET
        ? {
            url: e.BOT_WEBHOOK_URL,
            secret: e.BOT_WEBHOOK_SECRET,
            port: e.BOT_WEBHOOK_PORT,
            host: e.BOT_WEBHOOK_HOST,
          }
        : undefined,
    model,
    transcribe,
    metrics: e.BOT_METRICS_PORT ? { port: e.BOT_METRICS_PORT, host: e.BOT_METRICS_HOST } : undefined,
  };
}
