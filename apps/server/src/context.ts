import type { ApiConfig, Context, Mailer } from '@dolya/api';
import { actingUser, browserActor, resolveSession, TelegramSender } from '@dolya/api';
import { type Database, requestDatabase } from '@dolya/db';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { bearerActors } from './bearer';
import { browserSession } from './browser-session';
import type { Config } from './config';
import { requestSignalOf } from './request-limits';

export type ContextFactory = (request: FastifyRequest, reply: FastifyReply) => Promise<Context>;

/**
 * One request's context: the database and the actor. The bot and admin scripts present a bearer
 * secret (bearer.ts); a browser is its session's account (the cookie, or the mini app's header),
 * or anonymous.
 */
export function contextFactory(config: Config, database: Database, mailer?: Mailer): ContextFactory {
  const apiConfig: ApiConfig = {
    sessionSecret: config.sessionSecret,
    sessionTtlDays: config.sessionTtlDays,
    publicUrl: config.publicUrl,
    google: config.google,
    yandex: config.yandex,
    telegram: config.telegram,
    signInAttemptsPerMinute: config.rateLimitAuthPerMinute,
    ...(config.fxRatesUrl ? { fxRatesUrl: config.fxRatesUrl } : {}),
    ...(mailer ? { mailer } : {}),
    ...(config.telegram ? { telegramSender: telegramSenderOf(config.telegram) } : {}),
  };
  const serviceActor = bearerActors(config);
  // Service clients have no cookies: nothing is set or cleared for them.
  const noCookie = { set: () => {}, clear: () => {} };

  return async (request, reply) => {
    // Bound to the request, so its end cancels the request's statements (request-limits.ts).
    const signal = requestSignalOf(request);
    const db = signal ? requestDatabase(database, signal) : database;
    const service = await serviceActor(request, db);
    if (service) {
      return {
        db,
        config: apiConfig,
        actor: service,
        user: actingUser(service),
        sessionToken: undefined,
        ip: request.ip,
        cookie: noCookie,
      };
    }
    const session = browserSession(config, request, reply);
    const resolved = await resolveSession(db, apiConfig, session.token);
    if (resolved?.renewedUntil) session.renewed(resolved.renewedUntil);
    return {
      db,
      config: apiConfig,
      actor: browserActor(resolved?.user ?? null),
      user: resolved?.user ?? null,
      sessionToken: session.token,
      ip: request.ip,
      cookie: session.cookie,
    };
  };
}

/** The server's sender through the bot (reminders, weekly summaries). */
export function telegramSenderOf(telegram: NonNullable<Config['telegram']>): TelegramSender {
  return new TelegramSender({ botToken: telegram.botToken, apiRoot: telegram.apiRoot });
}
