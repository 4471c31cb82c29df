import type { ApiConfig, Context } from '@dolya/api';
import { actingUser, browserActor, resolveSession } from '@dolya/api';
import type { Database } from '@dolya/db';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { bearerActors } from './bearer';
import type { Config } from './config';

export const SESSION_COOKIE = 'dolya_session';

export type ContextFactory = (request: FastifyRequest, reply: FastifyReply) => Promise<Context>;

/**
 * One request's context: the database and the actor. The bot and admin scripts present a bearer
 * secret (bearer.ts); a browser is its session cookie's account, or anonymous.
 */
export function contextFactory(config: Config, db: Database): ContextFactory {
  const apiConfig: ApiConfig = {
    sessionSecret: config.sessionSecret,
    sessionTtlDays: config.sessionTtlDays,
    publicUrl: config.publicUrl,
    google: config.google,
    yandex: config.yandex,
    telegram: config.telegram,
    signInAttemptsPerMinute: config.rateLimitAuthPerMinute,
  };
  const cookieOptions = {
    path: '/',
    httpOnly: true,
    secure: config.cookieSecure,
    sameSite: config.cookieSameSite,
  } as const;

  const serviceActor = bearerActors(config, db);
  // Service clients have no cookies: nothing is set or cleared for them.
  const noCookie = { set: () => {}, clear: () => {} };

  return async (request, reply) => {
    const service = await serviceActor(request);
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
    const token = request.cookies[SESSION_COOKIE];
    const setCookie = (value: string, expires: Date) =>
      reply.setCookie(SESSION_COOKIE, value, { ...cookieOptions, expires });
    const resolved = await resolveSession(db, apiConfig, token);
    if (token && resolved?.renewedUntil) setCookie(token, resolved.renewedUntil);
    return {
      db,
      config: apiConfig,
      actor: browserActor(resolved?.user ?? null),
      user: resolved?.user ?? null,
      sessionToken: token,
      ip: request.ip,
      cookie: {
        set: setCookie,
        clear: () => reply.clearCookie(SESSION_COOKIE, cookieOptions),
      },
    };
  };
}
