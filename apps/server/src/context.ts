import type { ApiConfig, Context } from '@dolya/api';
import { actingUser, browserActor, resolveSession } from '@dolya/api';
import type { Database } from '@dolya/db';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { bearerActors } from './bearer';
import type { Config } from './config';

export const SESSION_COOKIE = 'dolya_session';
/**
 * The session carried in a header instead of the cookie, for the Telegram mini app: Telegram Web
 * and Desktop frame it from another site, where browsers withhold (Safari: block) its cookies. A
 * request with this header resolves its session from it alone, and a sign-in or sign-out answers
 * with the header instead of Set-Cookie. `none` asks for a header session without having one yet.
 */
export const SESSION_HEADER = 'x-dolya-session';
export const NO_SESSION = 'none';

export type ContextFactory = (request: FastifyRequest, reply: FastifyReply) => Promise<Context>;

/**
 * One request's context: the database and the actor. The bot and admin scripts present a bearer
 * secret (bearer.ts); a browser is its session's account (the cookie, or the mini app's header),
 * or anonymous.
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
    const carried = headerSession(request);
    const token = carried === undefined ? request.cookies[SESSION_COOKIE] : carried || undefined;
    const setCookie = (value: string, expires: Date) =>
      reply.setCookie(SESSION_COOKIE, value, { ...cookieOptions, expires });
    const resolved = await resolveSession(db, apiConfig, token);
    // A header session keeps its token while the expiry slides: nothing to send back.
    if (carried === undefined && token && resolved?.renewedUntil) setCookie(token, resolved.renewedUntil);
    return {
      db,
      config: apiConfig,
      actor: browserActor(resolved?.user ?? null),
      user: resolved?.user ?? null,
      sessionToken: token,
      ip: request.ip,
      cookie:
        carried === undefined
          ? { set: setCookie, clear: () => reply.clearCookie(SESSION_COOKIE, cookieOptions) }
          : {
              set: (value) => void reply.header(SESSION_HEADER, value),
              clear: () => void reply.header(SESSION_HEADER, NO_SESSION),
            },
    };
  };
}

/** The header session's token ('' for `none`), or undefined when the request uses the cookie. */
function headerSession(request: FastifyRequest): string | undefined {
  const value = request.headers[SESSION_HEADER];
  const token = (Array.isArray(value) ? value[0] : value)?.trim();
  if (token === undefined) return undefined;
  return token === NO_SESSION ? '' : token;
}
