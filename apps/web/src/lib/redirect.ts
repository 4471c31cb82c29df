import { sessionStore } from './session-store';

/** Where a visitor wanted to go before being sent to sign in (spec §2). */
export const POST_LOGIN_REDIRECT_KEY = 'postLoginRedirect';

/** Remembers the wanted path (path, query and hash) unless one is already stored or it is /login. */
export function rememberRedirect(path: string, storage: Storage = sessionStore()) {
  if (isLoginPath(path)) return;
  if (storage.getItem(POST_LOGIN_REDIRECT_KEY)) return;
  storage.setItem(POST_LOGIN_REDIRECT_KEY, path);
}

/**
 * Where to go after sign-in: the stored path, else the requested one, else '/'. Targets starting
 * with /login and anything that is not a same-site path are discarded. Clears the stored path.
 */
export function takeRedirect(requested: string | undefined, storage: Storage = sessionStore()): string {
  const stored = storage.getItem(POST_LOGIN_REDIRECT_KEY);
  storage.removeItem(POST_LOGIN_REDIRECT_KEY);
  for (const candidate of [stored, requested]) {
    if (candidate && isSafePath(candidate) && !isLoginPath(candidate)) return candidate;
  }
  return '/';
}

function isLoginPath(path: string): boolean {
  return path.startsWith('/login');
}

/**
 * Same-site only: starts with one '/', not '//' or '/\\' (which browsers treat as another host),
 * and not turning into '//host' once a URL parser resolves dot segments ('/a/..//evil.example').
 */
export function isSafePath(path: string): boolean {
  if (!/^\/(?![/\\])/.test(path) || [...path].some((char) => char.charCodeAt(0) < 0x20)) return false;
  const base = 'https://dolya.invalid';
  try {
    const url = new URL(path, base);
    return url.origin === base && !url.pathname.startsWith('//');
  } catch {
    return false;
  }
}
