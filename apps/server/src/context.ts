import type { ApiConfig, Context } from '@dolya/api';
import { resolveSession } from '@dolya/api';
import type { Database } from '@dolya/db';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from './config';

export const SESSION_COOKIE = 'dolya_session';

export type ContextFactory = (request: FastifyRequest, reply: FastifyReply) => Promise<Context>;

/** One request's context: the database, and the signed-in user read from the session cookie. */
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

  return async (request, reply) => {
    const token = request.cookies[SESSION_COOKIE];
    const setCookie = (value: string, expires: Date) =>
      reply.setCookie(SESSION_COOKIE, value, { ...cookieOptions, expires });
    const resolved = await resolveSession(db, apiConfig, token);
    if (token && resolved?.renewedUntil) setCookie(token, resolved.renewedUntil);
    return {
      db,
      config: apiConfig,
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
