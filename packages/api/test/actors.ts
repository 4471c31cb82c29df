import { randomInt } from 'node:crypto';
import type { Database } from '@dolya/db';
import { type Actor, type ApiConfig, actingUser, createCallerFactory } from '../src';
import { appRouter } from '../src/routers';
import { resolveBotActor } from '../src/services/actors';
import { linkTelegram } from '../src/services/telegram';
import type { Caller } from './fixtures';
import { testConfig } from './harness';

const createCaller = createCallerFactory(appRouter);

function callerAs(db: Database, actor: Actor, config: ApiConfig = testConfig): Caller {
  return createCaller({
    db,
    config,
    actor,
    user: actingUser(actor),
    sessionToken: undefined,
    ip: '127.0.0.1',
    cookie: { set: () => {}, clear: () => {} },
  });
}

/** A Telegram user id no account has linked yet. */
export function newTelegramId(): string {
  return String(randomInt(1_000_000, 2 ** 40));
}

/** The bot acting for a Telegram user, resolved as the server resolves it for each request. */
export async function botCaller(
  db: Database,
  telegramUserId: string,
  config: ApiConfig = testConfig,
): Promise<Caller> {
  return callerAs(db, await resolveBotActor(db, telegramUserId), config);
}

/** The bot acting for nobody: an update without a sender, sent without x-telegram-user-id. */
export async function senderlessBot(db: Database): Promise<Caller> {
  return callerAs(db, await resolveBotActor(db, undefined));
}

/** Links a new Telegram id to the account (the link procedure's service) and returns the bot acting for it. */
export async function linkedBot(
  db: Database,
  userId: string,
  config: ApiConfig = testConfig,
): Promise<(() => Promise<Caller>) & { telegramId: string }> {
  const telegramId = newTelegramId();
  await linkTelegram(db, userId, {
    id: telegramId,
    firstName: 'Tg',
    lastName: undefined,
    username: undefined,
  });
  return Object.assign(() => botCaller(db, telegramId, config), { telegramId });
}

/** An admin script presenting ADMIN_API_TOKEN. */
export function adminCaller(db: Database): Caller {
  return callerAs(db, { kind: 'admin' });
}
