import { useSyncExternalStore } from 'react';
import { enableHeaderSession } from '../session-token';
import { followExternalTheme } from '../theme';
import {
  isTelegramMiniApp,
  openedInsideTelegram,
  storedLaunchParams,
  type TelegramThemeParams,
  type TelegramWebApp,
  telegramWebApp,
} from './miniapp';
import { INSET_VARIABLES, insetVariables } from './safe-area';
import { colorSchemeOf, launchThemeParams, THEME_VARIABLES, themeVariables } from './theme';

/**
 * The mini app's runtime: started once by launch.ts before the first render. Inside Telegram it
 * keeps the session in a header, paints the app in Telegram's colours (from the launch URL at
 * once, then live from Telegram.WebApp), expands the app and follows the safe areas. Outside
 * Telegram it does nothing and loads nothing.
 */
export function startMiniApp() {
  if (!openedInsideTelegram()) return;
  if (isTelegramMiniApp()) {
    enableHeaderSession();
    document.documentElement.dataset.telegram = '';
    const palette = launchThemeParams(storedLaunchParams());
    if (palette) applyTheme({ themeParams: palette });
  }
  void telegramWebApp().then((webApp) => {
    if (!webApp || !isTelegramMiniApp()) return;
    webApp.expand?.();
    follow(webApp, 'themeChanged', () => applyTheme(webApp));
    follow(webApp, 'safeAreaChanged', () => applyInsets(webApp));
    follow(webApp, 'contentSafeAreaChanged', () => applyInsets(webApp));
    current = webApp;
    for (const listener of listeners) listener();
  });
}

/** Runs the handler now and on every event of that kind. */
function follow(
  webApp: TelegramWebApp,
  event: Parameters<NonNullable<TelegramWebApp['onEvent']>>[0],
  handler: () => void,
) {
  handler();
  webApp.onEvent?.(event, handler);
}

function applyTheme(webApp: { themeParams?: TelegramThemeParams; colorScheme?: 'light' | 'dark' }) {
  const root = document.documentElement.style;
  const variables = themeVariables(webApp.themeParams);
  for (const name of THEME_VARIABLES) {
    const value = variables[name];
    if (value) root.setProperty(name, value);
    else root.removeProperty(name);
  }
  followExternalTheme(colorSchemeOf(webApp));
}

function applyInsets(webApp: TelegramWebApp) {
  const root = document.documentElement.style;
  const variables = insetVariables(webApp);
  for (const name of INSET_VARIABLES) root.setProperty(name, variables[name]);
}

let current: TelegramWebApp | null = null;
const listeners = new Set<() => void>();

/** Telegram.WebApp once the mini app runs with it; null in a browser (and until the script loads). */
export function useWebApp(): TelegramWebApp | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
  );
}

/** True when this Telegram speaks at least that version of the Mini Apps API (older ones warn). */
export function supports(webApp: TelegramWebApp, version: string): boolean {
  return webApp.isVersionAtLeast?.(version) ?? true;
}

/** The same, outside React (haptics, links opened from event handlers). */
export function currentWebApp(): TelegramWebApp | null {
  return current;
}
