import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Bot } from 'grammy';
import type { Update } from 'grammy/types';
import type { DolyaApi } from '../api/client';
import type { BotContext } from '../context';
import { describeError, type Logger } from '../log';
import type { BotMetrics } from '../metrics';
import { ALLOWED_UPDATES } from './allowed-updates';
import { markRecorded, recordUpdate } from './inbox';

const SECRET_HEADER = 'x-telegram-bot-api-secret-token';
const MAX_BODY_BYTES = 1024 * 1024;

export interface WebhookOptions {
  /** The public https address Telegram posts to; its path is the one served. */
  url: string;
  secret: string;
  port: number;
  host: string;
}

export interface WebhookServer {
  /** Where it listens (the port is the real one when 0 was asked for). */
  address: AddressInfo;
  /** Stops taking updates and waits for those being handled. */
  stop(): Promise<void>;
}

/**
 * Telegram's webhook: each POST carrying our secret is recorded in the server's inbox and
 * acknowledged at once (200), then handled (in order within a chat, by the bot's
 * sequentialize). A redelivered update is acknowledged and skipped. When the inbox cannot be
 * written the answer is 500, so Telegram delivers the update again later.
 */
export async function startWebhook(
  bot: Bot<BotContext>,
  api: DolyaApi,
  options: WebhookOptions,
  log: Logger,
  metrics?: BotMetrics,
): Promise<WebhookServer> {
  const path = new URL(options.url).pathname;
  const isOurSecret = secretCheck(options.secret);
  const handling = new Set<Promise<void>>();

  const server = createServer(async (request: IncomingMessage, response: ServerResponse) => {
    if (request.method !== 'POST' || new URL(request.url ?? '/', 'http://bot').pathname !== path) {
      response.writeHead(404).end();
      return;
    }
    if (!isOurSecret(header(request, SECRET_HEADER))) {
      response.writeHead(401).end();
      return;
    }
    let update: Update;
    try {
      update = JSON.parse(await bodyOf(request)) as Update;
      if (!isUpdate(update)) throw new Error('not an update');
    } catch {
      response.writeHead(400).end();
      return;
    }
    try {
      const { fresh } = await recordUpdate(api, update);
      response.writeHead(200).end();
      if (!fresh) {
        log.info('skipped a redelivered update', { updateId: update.update_id });
        metrics?.update('redelivered');
        return;
      }
    } catch (error) {
      log.error('could not record an update', { updateId: update.update_id, ...describeError(error) });
      response.writeHead(500).end();
      return;
    }
    const handled = bot.handleUpdate(markRecorded(update)).catch((error) => {
      log.error('update failed', { updateId: update.update_id, ...describeError(error) });
    });
    handling.add(handled);
    void handled.finally(() => handling.delete(handled));
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  await bot.api.setWebhook(options.url, {
    secret_token: options.secret,
    allowed_updates: ALLOWED_UPDATES,
  });
  log.info('webhook set', { url: options.url, port: (server.address() as AddressInfo).port });

  return {
    address: server.address() as AddressInfo,
    async stop() {
      await closeServer(server);
      await Promise.all(handling);
    },
  };
}

/** Telegram's update_id is a non-negative integer; anything else is refused before it is recorded. */
function isUpdate(value: unknown): value is Update {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const id = (value as { update_id?: unknown }).update_id;
  return typeof id === 'number' && Number.isSafeInteger(id) && id >= 0;
}

/** Constant time, whatever the lengths: both sides are hashed first. */
function secretCheck(secret: string) {
  const expected = createHash('sha256').update(secret).digest();
  return (presented: string | undefined) =>
    presented !== undefined && timingSafeEqual(createHash('sha256').update(presented).digest(), expected);
}

function header(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

async function bodyOf(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new Error('body too large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function closeServer(server: Server) {
  return new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeIdleConnections();
  });
}
