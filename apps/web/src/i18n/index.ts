import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from './en';
import { ru } from './ru';

export type Language = 'ru' | 'en';
export const LANGUAGE_KEY = 'dolya.lang';
export const LOCALES: Record<Language, string> = { ru: 'ru-RU', en: 'en-US' };

export function storedLanguage(): Language {
  try {
    return localStorage.getItem(LANGUAGE_KEY) === 'en' ? 'en' : 'ru';
  } catch {
    return 'ru';
  }
}

void i18n.use(initReactI18next).init({
  resources: { ru, en },
  lng: storedLanguage(),
  fallbackLng: false,
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  returnNull: false,
});

function apply(language: Language) {
  document.documentElement.lang = language;
  if (i18n.language !== language) void i18n.changeLanguage(language);
}

/** Switches the language and keeps the choice; other tabs follow through the storage event. */
export function setLanguage(language: Language) {
  try {
    localStorage.setItem(LANGUAGE_KEY, language);
  } catch {
    // Private mode without storage: the choice lasts for this tab only.
  }
  apply(language);
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === LANGUAGE_KEY) apply(storedLanguage());
  });
  apply(storedLanguage());
}

export { i18n };
