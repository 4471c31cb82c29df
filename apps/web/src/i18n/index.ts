import i18n, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { ru } from './ru';

export type Language = 'ru' | 'en';
export const LANGUAGE_KEY = 'dolya.lang';
export const LOCALES: Record<Language, string> = { ru: 'ru-RU', en: 'en-US' };

type Resources = typeof ru;
/** Every namespace, loaded together with its language (test/i18n.test.ts keeps this list whole). */
export const NAMESPACES = [
  'common',
  'auth',
  'landing',
  'groups',
  'group',
  'expense',
  'settings',
  'telegram',
  'account',
  'passkey',
  'friends',
  'invites',
  'notifications',
] as const satisfies readonly (keyof Resources)[];

/**
 * Each language's texts are a chunk of their own, fetched when the language is first used: a
 * first visit loads only the stored language (issue 14), a switch loads the other one before the
 * screen changes.
 */
const LOADERS: Record<Language, () => Promise<Resources>> = {
  ru: () => import('./ru').then((module) => module.ru),
  en: () => import('./en').then((module) => module.en as unknown as Resources),
};

const languageChunks: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const load = LOADERS[language as Language];
    if (!load) return callback(null, {});
    load().then(
      (resources) => callback(null, resources[namespace as keyof Resources] ?? {}),
      (error: unknown) => callback(error as Error, false),
    );
  },
};

export function storedLanguage(): Language {
  try {
    return localStorage.getItem(LANGUAGE_KEY) === 'en' ? 'en' : 'ru';
  } catch {
    return 'ru';
  }
}

/** Resolves once the stored language's texts are in; screens render after it (routes/__root). */
export const i18nReady: Promise<unknown> = i18n
  .use(languageChunks)
  .use(initReactI18next)
  .init({
    lng: storedLanguage(),
    fallbackLng: false,
    ns: NAMESPACES,
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
  });

function apply(language: Language) {
  if (i18n.language === language) {
    document.documentElement.lang = language;
    return;
  }
  // The page's language changes with its texts, once the other language's chunk is in.
  void i18n.changeLanguage(language).then(() => {
    document.documentElement.lang = i18n.language;
  });
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
  document.documentElement.lang = storedLanguage();
}

export { i18n };
