import { isSafePath, takeRedirect } from '../../lib/redirect';
import { sessionStore } from '../../lib/session-store';

/** The OAuth providers of /login (spec §2): the global one and the regional one. */
export const OAUTH_PROVIDERS = ['google', 'yandex'] as const;
export type OAuthProvider = (typeof OAUTH_PROVIDERS)[number];

/**
 * Where an OAuth sign-in starts: the server's start route with the page's redirect parameter or the
 * stored post-login target (taken, so it is not used twice; /login and foreign targets fall back
 * to '/'). The server checks the target again before it ever redirects there.
 */
export function oauthStartUrl(
  provider: OAuthProvider,
  requested: string | undefined,
  storage: Storage = sessionStore(),
): string {
  const target = takeRedirect(requested, storage);
  return `/api/oauth/${provider}/start?${new URLSearchParams({ redirect: target })}`;
}

/** The part of `Telegram.WebApp` used here (typed locally: the telegram feature owns the global). */
interface WebAppLinks {
  initData?: string;
  openLink?(url: string): void;
}

interface Navigator {
  /** Telegram's mini-app object, when the page runs inside Telegram. */
  webApp: WebAppLinks | null | undefined;
  origin: string;
  assign(url: string): void;
}

function browserNavigator(): Navigator {
  return {
    webApp: (window as { Telegram?: { WebApp?: WebAppLinks } }).Telegram?.WebApp,
    origin: window.location.origin,
    assign: (url) => window.location.assign(url),
  };
}

/**
 * Goes to an OAuth route. Inside the Telegram mini app the provider's pages open in an external
 * browser (spec §7), since the provider would not run inside Telegram's web view; elsewhere the page
 * itself navigates.
 */
export function navigateToOAuth(path: string, nav: Navigator = browserNavigator()) {
  if (nav.webApp?.initData && nav.webApp.openLink) nav.webApp.openLink(new URL(path, nav.origin).href);
  else nav.assign(path);
}

/** What the OAuth callback left in the /login query. */
export interface OAuthQuery {
  /** The pending sign-up to confirm (oauth_pending=1 with oauth_token). */
  pendingToken: string | null;
  /** Set when the sign-in failed (oauth_error=...). */
  error: string | null;
}

export function readOAuthQuery(searchStr: string): OAuthQuery {
  const query = new URLSearchParams(searchStr);
  const token = query.get('oauth_token');
  return {
    pendingToken: query.get('oauth_pending') === '1' && token ? token : null,
    error: query.get('oauth_error') || null,
  };
}

/** The same query without the OAuth parameters (the token must not stay in the address bar or history). */
export function withoutOAuthQuery(searchStr: string): string {
  const query = new URLSearchParams(searchStr);
  for (const key of ['oauth_pending', 'oauth_token', 'oauth_error']) query.delete(key);
  const rest = query.toString();
  return rest ? `?${rest}` : '';
}

/** Where a confirmed OAuth sign-up goes: the server's target when it is a same-site path other than /login. */
export function afterSignUpPath(target: string | null | undefined): string {
  return target && isSafePath(target) && !target.startsWith('/login') ? target : '/';
}
