import { sessionStore } from './session-store';

/**
 * The session of a page whose cookies cannot be relied on: the Telegram mini app, which Telegram
 * Web and Desktop show in a frame of another site (browsers withhold our cookie there; Safari
 * blocks it). Such a page keeps its session token in session storage, for this tab only, and
 * sends it in the x-dolya-session header; the server answers sign-ins and sign-out with the same
 * header (and a partitioned cookie, for frames denied any storage: apps/server/src/browser-session.ts).
 * Elsewhere the httpOnly cookie does the job and nothing here is used.
 */

export const SESSION_HEADER = 'x-dolya-session';
/** Sent while the page has no session yet; answered by the server after a sign-out. */
export const NO_SESSION = 'none';
export const SESSION_TOKEN_KEY = 'dolya.session';

let enabled = false;

/** Switches this page to the header session (called once at start, inside the mini app). */
export function enableHeaderSession() {
  enabled = true;
}

export function headerSessionEnabled(): boolean {
  return enabled;
}

function storedToken(): string | null {
  return sessionStore().getItem(SESSION_TOKEN_KEY);
}

/** Headers for a call to our API: the session header when this page uses one, else none. */
export function sessionHeaders(): Record<string, string> {
  if (!enabled) return {};
  return { [SESSION_HEADER]: storedToken() ?? NO_SESSION };
}

/** Keeps the token a sign-in answered with, or forgets it after a sign-out. */
export function rememberSession(response: Pick<Response, 'headers'>) {
  if (!enabled) return;
  const token = response.headers.get(SESSION_HEADER);
  if (token === null) return;
  if (token === NO_SESSION) sessionStore().removeItem(SESSION_TOKEN_KEY);
  else sessionStore().setItem(SESSION_TOKEN_KEY, token);
}
