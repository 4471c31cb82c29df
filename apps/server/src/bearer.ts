import { createHash, timingSafeEqual } from 'node:crypto';
import { type Actor, AppError, resolveBotActor } from '@dolya/api';
import type { Database } from '@dolya/db';
import type { FastifyRequest } from 'fastify';
import type { Config } from './config';

/** The header naming the Telegram user the bot acts for. */
export const TELEGRAM_USER_HEADER = 'x-telegram-user-id';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * A check of a presented secret in constant time: both sides are hashed first, so neither the
 * length nor a common prefix shows in the timing. A missing secret matches nothing.
 */
function secretCheck(secret: string | undefined): (presented: string) => boolean {
  const expected = secret ? digest(secret) : undefined;
  return (presented) => {
    const actual = digest(presented);
    return expected !== undefined && timingSafeEqual(actual, expected);
  };
}

/**
 * The service clients: the bot (BOT_API_SECRET plus, in x-telegram-user-id, the Telegram user it
 * acts for; absent for an update without a sender) and admin scripts (ADMIN_API_TOKEN), each as `Authorization: Bearer <secret>`. Browsers never use them: a
 * request that carries an Origin (or Sec-Fetch-Site) header is a browser's, and its bearer is
 * ignored, so a page cannot borrow a leaked secret. Returns undefined when the request presents
 * none; a bearer that matches neither is 401 UNAUTHORIZED.
 */
export function bearerActors(config: Config) {
  const isBot = secretCheck(config.botApiSecret);
  const isAdmin = secretCheck(config.adminApiToken);
  return async (request: FastifyRequest, db: Database): Promise<Actor | undefined> => {
    const token = bearerOf(request);
    if (token === undefined) return undefined;
    // Both checks always run, so the answer's timing does not tell which secret was close.
    const [bot, admin] = [isBot(token), isAdmin(token)];
    if (admin) return { kind: 'admin' };
    if (bot) return resolveBotActor(db, headerValue(request, TELEGRAM_USER_HEADER));
    throw new AppError('UNAUTHORIZED', 'The API token is not valid');
  };
}

function bearerOf(request: FastifyRequest): string | undefined {
  if (request.headers.origin !== undefined || request.headers['sec-fetch-site'] !== undefined)
    return undefined;
  const header = request.headers.authorization;
  // Other schemes (a proxy's Basic auth, say) are not ours to judge; an empty or odd bearer is wrong.
  if (!header || !/^bearer(\s|$)/i.test(header)) return undefined;
  return header.slice('bearer'.length).trim();
}

function headerValue(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}
