import { useSyncExternalStore } from 'react';

export type Theme = 'light' | 'dark';
export const THEME_KEY = 'dolya.theme';

function stored(): Theme {
  try {
    return localStorage.getItem(THEME_KEY) === 'dark' ? 'dark' : 'light';
  } catch {
    return 'light';
  }
}

const listeners = new Set<() => void>();
/** A theme decided outside the app (Telegram's colour scheme); it wins over the stored choice. */
let external: Theme | null = null;

function apply() {
  document.documentElement.dataset.theme = external ?? stored();
  for (const listener of listeners) listener();
}

/** Follows a theme the app does not choose (inside Telegram); the stored choice is kept for the web. */
export function followExternalTheme(theme: Theme) {
  external = theme;
  apply();
}

/** Switches the theme and keeps the choice in local storage (other tabs follow). */
export function setTheme(theme: Theme) {
  try {
    localStorage.setItem(THEME_KEY, theme);
  } catch {
    // No storage: the theme still applies to this tab.
  }
  document.documentElement.dataset.theme = theme;
  for (const listener of listeners) listener();
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === THEME_KEY) apply();
  });
}

export function useTheme(): Theme {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => (document.documentElement.dataset.theme === 'dark' ? 'dark' : 'light'),
  );
}
