/**
 * The session of a page whose cookies cannot be relied on: the Telegram mini app, which Telegram
 * Web and Desktop show in a frame of another site (browsers withhold our cookie there; Safari
 * blocks it). Such a page keeps its session token in session storage, for this tab only, and
 * sends it in the x-dolya-session header; the server answers sign-ins and sign-out with the same
 * header. Elsewhere the httpOnly cookie does the job and nothing here is used.
 */

export const SESSION_HEADER = 'x-dolya-session';
/** Sent while the page has no session yet; answered by the server after a sign-out. */
export const NO_SESSION = 'none';
export const SESSION_TOKEN_KEY = 'dolya.session';

let enabled = false;
/** The token when session storage is unavailable: it then lasts until the page is reloaded. */
let memory: string | null = null;

/** Switches this page to the header session (called once at start, inside the mini app). */
export function enableHeaderSession() {
  enabled = true;
}

export function headerSessionEnabled(): boolean {
  return enabled;
}

function storedToken(): string | null {
  try {
    return sessionStorage.getItem(SESSION_TOKEN_KEY) ?? memory;
  } catch {
    return memory;
  }
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
  memory = token === NO_SESSION ? null : token;
  try {
    if (memory === null) sessionStorage.removeItem(SESSION_TOKEN_KEY);
    else sessionStorage.setItem(SESSION_TOKEN_KEY, memory);
  } catch {
    // No storage (a locked-down frame): the token in memory serves this page.
  }
}
