import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { createTestDatabase, type TestDatabase } from '@dolya/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOT_TOKEN, startTelegramStandIn, type TelegramStandIn } from './support/telegram-stand-in';
import { privateChat, updateFactory } from './support/updates';
import { until } from './support/wait';

/**
 * `npm start`'s launcher (scripts/start.ts) as a process: the server and the bot side by side,
 * sharing a BOT_API_SECRET it makes up, both stopped by one SIGINT.
 */
const root = fileURLToPath(new URL('../../..', import.meta.url));
let database: TestDatabase;
let telegram: TelegramStandIn;
let launcher: ChildProcess | undefined;
let output = '';

beforeAll(async () => {
  // The launcher runs the server's bundle, as npm start builds it.
  execFileSync(process.execPath, ['apps/server/build.mjs'], { cwd: root, stdio: 'inherit' });
  database = await createTestDatabase();
  telegram = await startTelegramStandIn();
});
afterAll(async () => {
  launcher?.kill('SIGKILL');
  await telegram?.close();
  await database?.close();
});

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('npm start with TELEGRAM_BOT_TOKEN', () => {
  it('runs the server and the bot, which can act for users, and stops both on SIGINT', async () => {
    const port = await freePort();
    const { BOT_API_SECRET: _unset, ...env } = process.env;
    launcher = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
      cwd: root,
      env: {
        ...env,
        NODE_ENV: 'development',
        DATABASE_URL: database.url ?? '',
        PORT: String(port),
        HOST: '127.0.0.1',
        WEB_DIST: 'none',
        SEED_DEMO: 'false',
        LOG_LEVEL: 'warn',
        TELEGRAM_BOT_TOKEN: BOT_TOKEN,
        TELEGRAM_API_ROOT: telegram.apiRoot,
        PUBLIC_URL: 'https://dolya.example',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    launcher.stdout!.on('data', (chunk) => {
      output += chunk;
    });
    launcher.stderr!.on('data', (chunk) => {
      output += chunk;
    });

    // The bot is up once it has asked Telegram for updates.
    await telegram.waitFor('getUpdates', undefined, 60_000);
    expect(output).toContain('BOT_API_SECRET is not set');

    // A stranger writes: the bot reaches the server with the shared secret and asks them to link.
    const stranger = { id: 990_001, first_name: 'Guest', language_code: 'en' };
    telegram.pushUpdate(updateFactory().text(privateChat(stranger), stranger, 'pizza 12'));
    await until(() => telegram.messagesIn(stranger.id).length > 0, 20_000);
    expect(telegram.messagesIn(stranger.id)[0]?.text).toContain('I don’t know who you are in Dolya yet');

    const exited = new Promise<number | null>((resolve) => launcher!.once('exit', resolve));
    launcher.kill('SIGINT');
    expect(await exited).toBe(0);
    launcher = undefined;
    await expect(fetch(`http://127.0.0.1:${port}/health`)).rejects.toThrow();
  }, 90_000);
});
