import type { SessionCookie } from '@dolya/api';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from './config';

export const SESSION_COOKIE = 'dolya_session';
/**
 * The mini app's session, for Telegram Web and Desktop, which show the app in a frame of another
 * site: there browsers withhold the session cookie (SameSite), Safari blocks third-party cookies,
 * and Chromium with third-party cookies blocked even denies the frame its storage. So a mini-app
 * sign-in is handed back twice: in the x-dolya-session header (the app keeps it in session
 * storage and sends it on every call) and in a partitioned cookie (CHIPS: kept for this app under
 * Telegram's site only, allowed where plain third-party cookies are not).
 */
export const SESSION_HEADER = 'x-dolya-session';
/** Sent by the app while it holds no token; answered by the server after a sign-out. */
export const NO_SESSION = 'none';
export const MINIAPP_COOKIE = 'dolya_miniapp_session';

export interface BrowserSession {
  /** The token the request presents, if any. */
  token: string | undefined;
  /** How a sign-in hands a new session back, and a sign-out drops it. */
  cookie: SessionCookie;
  /** Re-sends the session when its expiry slid forward. */
  renewed(until: Date): void;
}

/**
 * The session of a browser request. With the x-dolya-session header (the mini app) the header's
 * token decides, else the partitioned cookie; sign-ins answer with the header and that cookie. Without
 * it, the web's httpOnly cookie decides, else the partitioned one (a mini app reloaded where it could
 * keep nothing but that cookie); sign-ins set the web's cookie.
 */
export function browserSession(config: Config, request: FastifyRequest, reply: FastifyReply): BrowserSession {
  const web = {
    path: '/',
    httpOnly: true,
    secure: config.cookieSecure,
    sameSite: config.cookieSameSite,
  } as const;
  // CHIPS needs Secure and SameSite=None; browsers accept Secure from http://localhost too.
  const miniApp = { path: '/', httpOnly: true, secure: true, sameSite: 'none', partitioned: true } as const;
  const setWeb = (token: string, expires: Date) =>
    reply.setCookie(SESSION_COOKIE, token, { ...web, expires });
  const setMiniApp = (token: string, expires: Date) =>
    reply.setCookie(MINIAPP_COOKIE, token, { ...miniApp, expires });
  const clearCookies = () => {
    reply.clearCookie(SESSION_COOKIE, web);
    reply.clearCookie(MINIAPP_COOKIE, miniApp);
  };
  const webToken = request.cookies[SESSION_COOKIE];
  const miniAppToken = request.cookies[MINIAPP_COOKIE];
  const carried = headerToken(request);

  if (carried === undefined) {
    const token = webToken ?? miniAppToken;
    return {
      token,
      cookie: { set: setWeb, clear: clearCookies },
      renewed: (until) => {
        if (token) (webToken ? setWeb : setMiniApp)(token, until);
      },
    };
  }
  const token = carried || miniAppToken;
  return {
    token,
    cookie: {
      set: (value, expires) => {
        reply.header(SESSION_HEADER, value);
        setMiniApp(value, expires);
      },
      clear: () => {
        reply.header(SESSION_HEADER, NO_SESSION);
        clearCookies();
      },
    },
    renewed: (until) => {
      if (token) setMiniApp(token, until);
    },
  };
}

/** The header's token ('' for `none`), or undefined when the request does not use the header. */
function headerToken(request: FastifyRequest): string | undefined {
  const value = request.headers[SESSION_HEADER];
  const token = (Array.isArray(value) ? value[0] : value)?.trim();
  if (token === undefined) return undefined;
  return token === NO_SESSION ? '' : token;
}
