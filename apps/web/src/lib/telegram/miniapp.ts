/**
 * The Telegram mini app: detection, the official script (loaded only inside Telegram) and its
 * init data. Outside Telegram none of this loads anything.
 */

import { sessionStore, sessionStorePersists } from '../session-store';

export const TELEGRAM_WEB_APP_SCRIPT = 'https://telegram.org/js/telegram-web-app.js';
/** Where the launch parameters are kept once read, so a redirect that drops the hash loses nothing. */
export const LAUNCH_DATA_KEY = 'dolya.tgWebAppData';
/** The official script's own copy of the launch parameters; it reads them back after navigation. */
const SCRIPT_PARAMS_KEY = '__telegram__initParams';

/** Telegram's palette (https://core.telegram.org/bots/webapps#themeparams): `#RRGGBB` colours, each optional. */
export interface TelegramThemeParams {
  bg_color?: string;
  text_color?: string;
  hint_color?: string;
  link_color?: string;
  button_color?: string;
  button_text_color?: string;
  secondary_bg_color?: string;
  header_bg_color?: string;
  bottom_bar_bg_color?: string;
  accent_text_color?: string;
  section_bg_color?: string;
  section_header_text_color?: string;
  section_separator_color?: string;
  subtitle_text_color?: string;
  destructive_text_color?: string;
}

export interface TelegramInsets {
  top?: number;
  bottom?: number;
  left?: number;
  right?: number;
}

/** The back button in Telegram's header. */
export interface TelegramBackButton {
  show(): void;
  hide(): void;
  onClick(callback: () => void): void;
  offClick(callback: () => void): void;
}

/** The main button at the bottom of the mini app (BottomButton in Telegram's docs). */
export interface TelegramBottomButton {
  setParams(params: { text?: string; is_active?: boolean; is_visible?: boolean }): void;
  show(): void;
  hide(): void;
  showProgress(leaveActive?: boolean): void;
  hideProgress(): void;
  onClick(callback: () => void): void;
  offClick(callback: () => void): void;
}

export type TelegramEvent = 'themeChanged' | 'safeAreaChanged' | 'contentSafeAreaChanged';

/** The part of `Telegram.WebApp` this app uses (https://core.telegram.org/bots/webapps). */
export interface TelegramWebApp {
  initData: string;
  platform?: string;
  version?: string;
  colorScheme?: 'light' | 'dark';
  themeParams?: TelegramThemeParams;
  safeAreaInset?: TelegramInsets;
  contentSafeAreaInset?: TelegramInsets;
  BackButton?: TelegramBackButton;
  MainButton?: TelegramBottomButton;
  HapticFeedback?: { notificationOccurred(type: 'success' | 'error' | 'warning'): void };
  isVersionAtLeast?(version: string): boolean;
  onEvent?(event: TelegramEvent, handler: () => void): void;
  offEvent?(event: TelegramEvent, handler: () => void): void;
  ready?(): void;
  expand?(): void;
  openLink?(url: string, options?: { try_instant_view?: boolean }): void;
  openTelegramLink?(url: string): void;
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
 * Telegram's script, before the router rewrites the URL (a signed-out visitor is redirected). A
 * reload of a page whose URL no longer carries them (Telegram Web reloads the frame at its
 * current address) finds them there. A new launch in the same tab replaces them all. True when
 * this page load is a launch (its URL carried them).
 */
export function captureLaunchParams(
  location: Pick<Location, 'hash' | 'search' | 'pathname'> = window.location,
  storage: Storage = sessionStore(),
  history: Pick<History, 'replaceState' | 'state'> | undefined = window.history,
): boolean {
  const params = launchParams(location);
  if (!params.tgWebAppData) return false;
  try {
    storage.setItem(LAUNCH_DATA_KEY, params.tgWebAppData);
    storage.setItem(SCRIPT_PARAMS_KEY, JSON.stringify(params));
  } catch {
    return true;
  }
  // Kept for good: the address loses them, so a reload (or a remembered redirect) is not a new
  // launch. Kept only in memory (storage denied), they stay in the URL for Telegram's script.
  if (sessionStorePersists(storage)) history?.replaceState(history.state, '', withoutLaunchParams(location));
  return true;
}

/** The page's address without Telegram's tgWebApp* parameters (other query or hash parts stay). */
export function withoutLaunchParams(location: Pick<Location, 'hash' | 'search' | 'pathname'>): string {
  const strip = (part: string) => {
    if (!part.includes('tgWebApp')) return part;
    const kept = [...new URLSearchParams(part)].filter(([key]) => !key.startsWith('tgWebApp'));
    return new URLSearchParams(kept).toString();
  };
  const search = strip(location.search.replace(/^\?/, ''));
  const hash = strip(location.hash.replace(/^#/, ''));
  return `${location.pathname}${search ? `?${search}` : ''}${hash ? `#${hash}` : ''}`;
}

/** The launch parameters kept by captureLaunchParams (or by Telegram's script), if any. */
export function storedLaunchParams(
  storage: Storage | undefined = typeof window === 'undefined' ? undefined : sessionStore(),
): Record<string, string> {
  try {
    const stored = JSON.parse(storage?.getItem(SCRIPT_PARAMS_KEY) ?? '{}');
    return stored && typeof stored === 'object' ? (stored as Record<string, string>) : {};
  } catch {
    return {};
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
  storage: Storage | undefined = typeof window === 'undefined' ? undefined : sessionStore(),
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
    storedLaunchData(typeof window === 'undefined' ? undefined : sessionStore())
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

let loading: Promise<TelegramWebApp | null> | null = null;

/**
 * `Telegram.WebApp` inside Telegram (loading telegram-web-app.js on first use, once), null
 * elsewhere. A failed script load still leaves the launch data, so sign-in can go on without it.
 */
export function telegramWebApp(): Promise<TelegramWebApp | null> {
  if (!openedInsideTelegram()) return Promise.resolve(null);
  if (window.Telegram?.WebApp) return Promise.resolve(window.Telegram.WebApp);
  if (!loading) {
    // A script that neither loads nor fails (a stalled network) must not hold the page up for long.
    const stalled = new Promise<void>((resolve) => setTimeout(resolve, SCRIPT_TIMEOUT_MS));
    loading = Promise.race([loadScript(TELEGRAM_WEB_APP_SCRIPT).catch(() => undefined), stalled]).then(() => {
      loading = null;
      const webApp = window.Telegram?.WebApp ?? null;
      // As early as possible: Telegram drops its loading placeholder and shows the app.
      webApp?.ready?.();
      return webApp;
    });
  }
  return loading;
}

/** Opens a page of this site in the phone's browser (outside Telegram: a new tab). */
export function openInBrowser(path: string, webApp: TelegramWebApp | null = window.Telegram?.WebApp ?? null) {
  const url = new URL(path, window.location.origin).toString();
  if (webApp?.openLink) webApp.openLink(url);
  else window.open(url, '_blank', 'noopener');
}
