import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTestDatabase } from '@dolya/db/testing';
import { build } from 'vite';
import type { TestProject } from 'vitest/node';
import { CHROMIUM_MISSING, findChromium } from './browser';
import { startFramingPage } from './framing-page';
import { startFxStandIn } from './fx-stand-in';
import { freePort, waitForHealth } from './server-process';
import { startSmtpStandIn } from './smtp-stand-in';
import { E2E_BOT_API_SECRET, E2E_TELEGRAM_BOT_TOKEN, E2E_TELEGRAM_BOT_USERNAME } from './telegram-stub';

const webRoot = resolve(fileURLToPath(new URL('..', import.meta.url)));
const serverMain = resolve(webRoot, '../server/src/main.ts');

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** Another site (127.0.0.1) whose page frames the app, as Telegram Web does. */
    framingOrigin: string;
    /** Where the SMTP stand-in keeps the mail the server sent (smtp-stand-in.ts, mailbox()). */
    mailDir: string;
    /** The build the server serves (offline.e2e.ts changes its sw.js to make a new version). */
    webDist: string;
  }
}

/**
 * Builds the web app, starts the real server on a fresh database (PostgreSQL when reachable, else
 * the embedded one) with the demo seed, and hands its URL to the journeys.
 */
export default async function setup(project: TestProject) {
  // Before the build: without a browser, stop now with what to run (never skip the journeys).
  if (!findChromium()) throw new Error(CHROMIUM_MISSING);
  const work = mkdtempSync(join(tmpdir(), 'dolya-e2e-'));
  const dist = join(work, 'dist');
  await build({
    root: webRoot,
    configFile: join(webRoot, 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir: dist, emptyOutDir: true },
  });

  const database = await createTestDatabase();
  if (!database.url) await database.close(); // PGlite in memory cannot be shared: the server gets its own data dir.
  const framing = await startFramingPage();
  const mailDir = join(work, 'mail');
  mkdirSync(mailDir);
  const smtp = await startSmtpStandIn(mailDir);
  const fx = await startFxStandIn();
  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  const server = spawn(process.execPath, ['--import', 'tsx', serverMain], {
    cwd: resolve(webRoot, '../..'),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      DATABASE_URL: database.url ?? '',
      DATA_DIR: join(work, 'data'),
      WEB_DIST: dist,
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'true',
      // A Telegram bot for the Telegram journeys; telegram.org itself is stubbed in the browser.
      TELEGRAM_BOT_TOKEN: E2E_TELEGRAM_BOT_TOKEN,
      TELEGRAM_BOT_USERNAME: E2E_TELEGRAM_BOT_USERNAME,
      // The bot's service secret: journeys make drafts as the bot would (bot.drafts.create).
      BOT_API_SECRET: E2E_BOT_API_SECRET,
      // Journeys sign in far more often than a person; the limit itself is tested in apps/server.
      RATE_LIMIT_AUTH_PER_MINUTE: '0',
      // Load shedding off, as in the server's and the bot's tests: the server runs under tsx beside
      // Chromium on a shared machine, and a module compiled on first use can stall its event loop
      // past the limit, which answered a journey's call with 503. Shedding is tested in apps/server.
      MAX_EVENT_LOOP_DELAY_MS: '0',
      MAX_HEAP_USED_MB: '0',
      // Nothing calls the internet: the exchange rate provider is a stand-in on 127.0.0.1
      // (fx-stand-in.ts: EUR and USD in RUB; any other pair has no rate, so the form asks for one).
      FX_RATES_URL: fx.url,
      // frame-ancestors allows Telegram's web clients; the journeys' framing page stands in for them.
      FRAME_ANCESTORS: framing.origin,
      // Password reset mail goes to the SMTP stand-in on 127.0.0.1.
      SMTP_URL: smtp.smtpUrl,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitForHealth(baseUrl, server);
  project.provide('baseUrl', baseUrl);
  project.provide('framingOrigin', framing.origin);
  project.provide('mailDir', mailDir);
  project.provide('webDist', dist);

  return async () => {
    server.kill('SIGTERM');
    await new Promise((done) => server.once('exit', done));
    await framing.close();
    await smtp.close();
    await fx.close();
    if (database.url) await database.close();
    rmSync(work, { recursive: true, force: true });
  };
}
