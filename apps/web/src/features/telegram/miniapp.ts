/**
 * The Telegram mini app: detection, the official script (loaded only inside Telegram) and its
 * init data. Outside Telegram none of this loads anything.
 */

export const TELEGRAM_WEB_APP_SCRIPT = 'https://telegram.org/js/telegram-web-app.js';
/** Where the launch parameters are kept once read, so a redirect that drops the hash loses nothing. */
export const LAUNCH_DATA_KEY = 'dolya.tgWebAppData';
/** The official script's own copy of the launch parameters; it reads them back after navigation. */
const SCRIPT_PARAMS_KEY = '__telegram__initParams';

/** The part of `Telegram.WebApp` this app uses. */
export interface TelegramWebApp {
  initData: string;
  platform?: string;
  ready?(): void;
  expand?(): void;
  openLink?(url: string, options?: { try_instant_view?: boolean }): void;
}

declare global {
  interface Window {
    Telegram?: { WebApp?: TelegramWebApp };
  }
}

/** The launch parameters Telegram puts in the URL (`#tgWebAppData=...&tgWebAppVersion=...`), if any. */
export function launchParams(location: Pick<Location, 'hash' | 'search'>): Record<string, string> {
  const found: Record<string, string> = {};
  for (const part of [location.hash.replace(/^#/, ''), location.search.replace(/^\?/, '')]) {
    if (!part.includes('tgWebApp')) continue;
    for (const [key, value] of new URLSearchParams(part)) {
      if (key.startsWith('tgWebApp') && !(key in found)) found[key] = value;
    }
  }
  return found;
}

/**
 * Called once at start: keeps the launch parameters in session storage, for this app and for
 * Telegram's script, before the router rewrites the URL (a signed-out visitor is redirected).
 */
export function captureLaunchParams(
  location: Pick<Location, 'hash' | 'search'> = window.location,
  storage: Storage = sessionStorage,
) {
  const params = launchParams(location);
  if (!params.tgWebAppData) return;
  try {
    storage.setItem(LAUNCH_DATA_KEY, params.tgWebAppData);
    if (!storage.getItem(SCRIPT_PARAMS_KEY)) storage.setItem(SCRIPT_PARAMS_KEY, JSON.stringify(params));
  } catch {
    // No storage (private mode): the script still reads the hash if it is there.
  }
}

function storedLaunchData(storage: Storage | undefined): string {
  try {
    return storage?.getItem(LAUNCH_DATA_KEY) ?? '';
  } catch {
    return '';
  }
}

/** The page was opened by Telegram: launch data in the URL or kept from it, or Telegram's user agent. */
export function openedInsideTelegram(
  location: Pick<Location, 'hash' | 'search'> = window.location,
  userAgent: string = navigator.userAgent,
  storage: Storage | undefined = typeof sessionStorage === 'undefined' ? undefined : sessionStorage,
): boolean {
  return (
    !!launchParams(location).tgWebAppData || !!storedLaunchData(storage) || /\bTelegram/i.test(userAgent)
  );
}

/** The mini app's init data (the raw query string Telegram signed); empty outside the mini app. */
export function telegramInitData(): string {
  if (typeof window === 'undefined') return '';
  return (
    window.Telegram?.WebApp?.initData ||
    launchParams(window.location).tgWebAppData ||
    storedLaunchData(typeof sessionStorage === 'undefined' ? undefined : sessionStorage)
  );
}

/**
 * True inside the Telegram mini app (it has init data). Synchronous and valid from the first render,
 * so screens can hide what does not work there (passkeys: WebAuthn fails in Telegram's web view).
 */
export function isTelegramMiniApp(): boolean {
  return telegramInitData() !== '';
}

/** The init data's key-value pairs as the server wants them: raw strings, never re-encoded. */
export function initDataPairs(initData: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(initData));
}

const SCRIPT_TIMEOUT_MS = 5000;
const scripts = new Map<string, { element: HTMLScriptElement; loaded: Promise<void> }>();

/** Adds a script tag once (again if it was removed); resolves when it has loaded, rejects when it fails. */
export function loadScript(src: string): Promise<void> {
  const known = scripts.get(src);
  if (known?.element.isConnected) return known.loaded;
  const element = document.createElement('script');
  element.src = src;
  element.async = true;
  const loaded = new Promise<void>((resolve, reject) => {
    element.onload = () => resolve();
    element.onerror = () => {
      scripts.delete(src);
      element.remove();
      reject(new Error(`could not load ${src}`));
    };
  });
  scripts.set(src, { element, loaded });
  document.head.append(element);
  return loaded;
}

/**
 * `Telegram.WebApp` inside Telegram (loading telegram-web-app.js on first use), null elsewhere.
 * A failed script load still leaves the launch data, so sign-in can go on without the script.
 */
export async function telegramWebApp(): Promise<TelegramWebApp | null> {
  if (!openedInsideTelegram()) return null;
  if (!window.Telegram?.WebApp) {
    // A script that neither loads nor fails (a stalled network) must not hold the page up for long.
    const stalled = new Promise<void>((resolve) => setTimeout(resolve, SCRIPT_TIMEOUT_MS));
    await Promise.race([loadScript(TELEGRAM_WEB_APP_SCRIPT).catch(() => undefined), stalled]);
  }
  const webApp = window.Telegram?.WebApp ?? null;
  webApp?.ready?.();
  return webApp;
}

/** Opens a page of this site in the phone's browser (outside Telegram: a new tab). */
export function openInBrowser(path: string, webApp: TelegramWebApp | null = window.Telegram?.WebApp ?? null) {
  const url = new URL(path, window.location.origin).toString();
  if (webApp?.openLink) webApp.openLink(url);
  else window.open(url, '_blank', 'noopener');
}
