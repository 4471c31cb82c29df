import { availableParallelism } from 'node:os';
import { z } from 'zod';
import { productionProblems } from './production-checks';
import { defaultWebDist } from './web';

const flag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');
const optional = z
  .string()
  .optional()
  .transform((v) => v?.trim() || undefined);

const DEV_SESSION_SECRET = 'dolya-development-only-session-secret';
const VITE_DEV_ORIGIN = 'http://localhost:5173';

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    PUBLIC_URL: optional.pipe(z.url().optional()),
    DATABASE_URL: optional,
    /** PostgreSQL connections of this instance; (2 × cores) + 1 for the 2-core machine it is sized for. */
    DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(5),
    /** How long a request may wait for its turn, and a query for a free connection, before a 503. */
    DATABASE_POOL_WAIT_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
    /** API requests handled at once (the rest queue for DATABASE_POOL_WAIT_MS): 4 per connection. */
    MAX_CONCURRENT_REQUESTS: z.coerce.number().int().min(1).max(10_000).default(20),
    /** API requests that may wait DATABASE_POOL_WAIT_MS for a turn; more get 503 at once. */
    MAX_QUEUED_REQUESTS: z.coerce.number().int().min(0).max(100_000).default(40),
    /** Named prepared statements for the hot queries; false behind PgBouncer in transaction mode before 1.21. */
    DATABASE_PREPARE: flag.default(true),
    /**
     * A direct PostgreSQL address for the start-up lock and the migrations when DATABASE_URL goes
     * through a pooler in transaction mode (PgBouncer), where a session-level lock cannot be held.
     */
    DATABASE_DIRECT_URL: optional,
    /** PostgreSQL's statement_timeout and idle_in_transaction_session_timeout for the pool; 0 turns them off. */
    DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(10_000),
    DATA_DIR: z.string().default('./data'),
    /**
     * Server processes on this machine (node:cluster), one per core being the usual choice: a
     * process serves one request at a time on its event loop. 'auto' = the number of cores.
     * More than one needs DATABASE_URL (the embedded database belongs to one process).
     */
    SERVER_WORKERS: z.union([z.literal('auto'), z.coerce.number().int().min(1).max(64)]).default(1),
    /** Deadline of an API request: its database work is cancelled after this and it answers 503. */
    REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
    /** Refuse requests with 503 while the event loop lags more than this (mean, ms); 0 turns it off. */
    MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
    /** Refuse requests with 503 while the V8 heap holds more than this (MB); 0 turns it off. */
    MAX_HEAP_USED_MB: z.coerce.number().int().min(0).max(65_536).default(1024),
    SESSION_SECRET: optional.pipe(z.string().min(32, 'use at least 32 characters').optional()),
    SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
    COOKIE_SECURE: z.enum(['auto', 'true', 'false']).default('auto'),
    COOKIE_SAMESITE: z.enum(['lax', 'strict', 'none']).default('lax'),
    TRUSTED_ORIGINS: z.string().default(''),
    /** Origins besides Telegram's web clients that may show the app in a frame (comma-separated). */
    FRAME_ANCESTORS: z.string().default(''),
    TRUST_PROXY: flag.default(false),
    /** The demo account and group; default on, except in production, where it must stay off. */
    SEED_DEMO: optional.pipe(flag.optional()),
    /** Sign-in attempts (password, registration, passkey challenges) per minute per IP; 0 turns the limit off. */
    RATE_LIMIT_AUTH_PER_MINUTE: z.coerce.number().int().min(0).default(10),
    GOOGLE_CLIENT_ID: optional,
    GOOGLE_CLIENT_SECRET: optional,
    GOOGLE_ISSUER: z.url().default('https://accounts.google.com'),
    YANDEX_CLIENT_ID: optional,
    YANDEX_CLIENT_SECRET: optional,
    YANDEX_AUTHORIZE_URL: z.url().default('https://oauth.yandex.ru/authorize'),
    YANDEX_TOKEN_URL: z.url().default('https://oauth.yandex.ru/token'),
    YANDEX_USERINFO_URL: z.url().default('https://login.yandex.ru/info'),
    /** Outgoing mail (password reset links), e.g. smtps://user:password@smtp.example.org:465. */
    SMTP_URL: optional,
    /** The sender of that mail; "Dolya <no-reply@PUBLIC_URL's host>" unless set. */
    MAIL_FROM: optional,
    /**
     * Exchange rates (issue 26): a Frankfurter v2 API (GET /v2/rate/{from}/{to}?date=), public or
     * self-hosted; 'none' turns fetching off, and rates are then typed by people.
     */
    FX_RATES_URL: z.string().default('https://api.frankfurter.dev'),
    TELEGRAM_BOT_TOKEN: optional,
    TELEGRAM_BOT_USERNAME: optional,
    TELEGRAM_AUTH_MAX_AGE_SECONDS: z.coerce.number().int().min(60).default(86_400),
    /** The Bot API root the server sends reminders and summaries through; tests point it at a stand-in. */
    TELEGRAM_API_ROOT: optional.pipe(z.url().optional()),
    /** The bot's service secret (Authorization: Bearer); unset, no bot can call. */
    BOT_API_SECRET: optional.pipe(z.string().min(32, 'use at least 32 characters').optional()),
    /** The admin scripts' token (Authorization: Bearer); unset, no admin script can call. */
    ADMIN_API_TOKEN: optional.pipe(z.string().min(32, 'use at least 32 characters').optional()),
    /** The built web app to serve; 'none' serves the API only. */
    WEB_DIST: optional,
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** Bearer token of GET /metrics (Prometheus); unset, the route does not exist. */
    METRICS_TOKEN: optional.pipe(z.string().min(32, 'use at least 32 characters').optional()),
    /** A port of its own for GET /metrics, without a token (keep it private); unset, none. */
    METRICS_PORT: z.preprocess(
      (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
      z.coerce.number().int().min(1).max(65535).optional(),
    ),
    /** The address METRICS_PORT listens on; default HOST. */
    METRICS_HOST: optional,
    /** Readable log lines (pino-pretty) instead of JSON; default: in development on a terminal. */
    LOG_PRETTY: optional.pipe(flag.optional()),
  })
  .refine((env) => env.SERVER_WORKERS === 1 || !!env.DATABASE_URL, {
    path: ['SERVER_WORKERS'],
    message: 'more than one worker needs DATABASE_URL (the embedded database belongs to one process)',
  })
  .refine((env) => !env.BOT_API_SECRET || env.BOT_API_SECRET !== env.ADMIN_API_TOKEN, {
    path: ['ADMIN_API_TOKEN'],
    message: 'must differ from BOT_API_SECRET',
  });

export type Config = ReturnType<typeof loadConfig>;

/** Reads the environment once; a wrong value stops the start with a message naming the variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env) {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${problems}`);
  }
  const e = parsed.data;
  if (e.NODE_ENV === 'production') {
    const problems = productionProblems(e);
    if (problems.length > 0) {
      throw new Error(
        `Refusing to start with NODE_ENV=production and an unsafe configuration:\n${problems.map((p) => `  ${p}`).join('\n')}`,
      );
    }
  }
  const publicUrl = new URL(e.PUBLIC_URL ?? `http://localhost:${e.PORT}`);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl: publicUrl.origin,
    databaseUrl: e.DATABASE_URL,
    databasePool: {
      max: e.DATABASE_POOL_MAX,
      waitMs: e.DATABASE_POOL_WAIT_MS,
      statementTimeoutMs: e.DATABASE_STATEMENT_TIMEOUT_MS,
      prepare: e.DATABASE_PREPARE,
      directUrl: e.DATABASE_DIRECT_URL,
    },
    dataDir: e.DATA_DIR,
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    workers: e.SERVER_WORKERS === 'auto' ? availableParallelism() : e.SERVER_WORKERS,
    maxConcurrentRequests: e.MAX_CONCURRENT_REQUESTS,
    maxQueuedRequests: e.MAX_QUEUED_REQUESTS,
    loadShedding: { maxEventLoopDelayMs: e.MAX_EVENT_LOOP_DELAY_MS, maxHeapUsedMb: e.MAX_HEAP_USED_MB },
    sessionSecret: e.SESSION_SECRET ?? DEV_SESSION_SECRET,
    sessionTtlDays: e.SESSION_TTL_DAYS,
    cookieSecure: e.COOKIE_SECURE === 'auto' ? publicUrl.protocol === 'https:' : e.COOKIE_SECURE === 'true',
    cookieSameSite: e.COOKIE_SAMESITE,
    trustedOrigins: [
      publicUrl.origin,
      ...origins(e.TRUSTED_ORIGINS),
      // `npm run dev`: Vite's dev server on :5173 proxies the API with the browser's Origin.
      ...(e.NODE_ENV === 'development' && !e.PUBLIC_URL ? [VITE_DEV_ORIGIN] : []),
    ],
    frameAncestors: origins(e.FRAME_ANCESTORS),
    trustProxy: e.TRUST_PROXY,
    seedDemo: e.SEED_DEMO ?? e.NODE_ENV !== 'production',
    rateLimitAuthPerMinute: e.RATE_LIMIT_AUTH_PER_MINUTE,
    logLevel: e.LOG_LEVEL,
    metricsToken: e.METRICS_TOKEN,
    metricsPort: e.METRICS_PORT,
    metricsHost: e.METRICS_HOST ?? e.HOST,
    logPretty: e.LOG_PRETTY ?? (e.NODE_ENV === 'development' && process.stdout.isTTY === true),
    google: e.GOOGLE_CLIENT_ID
      ? { clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET ?? '', issuer: e.GOOGLE_ISSUER }
      : undefined,
    yandex: e.YANDEX_CLIENT_ID
      ? {
          clientId: e.YANDEX_CLIENT_ID,
          clientSecret: e.YANDEX_CLIENT_SECRET ?? '',
          authorizeUrl: e.YANDEX_AUTHORIZE_URL,
          tokenUrl: e.YANDEX_TOKEN_URL,
          userInfoUrl: e.YANDEX_USERINFO_URL,
        }
      : undefined,
    telegram: e.TELEGRAM_BOT_TOKEN
      ? {
          botToken: e.TELEGRAM_BOT_TOKEN,
          botUsername: e.TELEGRAM_BOT_USERNAME ?? '',
          authMaxAgeSeconds: e.TELEGRAM_AUTH_MAX_AGE_SECONDS,
          ...(e.TELEGRAM_API_ROOT ? { apiRoot: e.TELEGRAM_API_ROOT } : {}),
        }
      : undefined,
    fxRatesUrl: e.FX_RATES_URL === 'none' || e.FX_RATES_URL.trim() === '' ? undefined : e.FX_RATES_URL,
    botApiSecret: e.BOT_API_SECRET,
    adminApiToken: e.ADMIN_API_TOKEN,
    webDist: e.WEB_DIST === 'none' ? undefined : (e.WEB_DIST ?? defaultWebDist),
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM ?? `Dolya <no-reply@${publicUrl.hostname}>`,
    },
  };
}

/** A comma-separated list of URLs as their origins. */
function origins(list: string): string[] {
  return list
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean)
    .map((o) => new URL(o).origin);
}
