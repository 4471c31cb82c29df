import i18next from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import type { ru } from './ru';

export type Language = 'ru' | 'en';
export const LANGUAGE_KEY = 'dolya.lang';
export const LOCALES: Record<Language, string> = { ru: 'ru-RU', en: 'en-US' };

type Resources = typeof ru;
/** Every namespace (test/i18n.test.ts keeps this list whole). */
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
  'offline',
  'recurring',
  'reminders',
  'fx',
  'stats',
  'log',
  'imports',
] as const satisfies readonly (keyof Resources)[];

type Chunk = () => Promise<Partial<Resources>>;
interface Chunks {
  common: Chunk;
  landing: Chunk;
  signin: Chunk;
  home: Chunk;
  app: Chunk;
  imports: Chunk;
}
/**
 * The texts come in chunks per language, fetched when first used: the landing needs `common` and
 * `landing`, the sign-in pages `signin` (auth, passkey, telegram), the first signed-in screens
 * `home` (the group list, a group, the header), the others `app` (and some of them `signin`: the
 * routes' loaders ask for what their screen uses). A first visit loads only the stored language
 * and only its screen's chunks (issue 14); the signed-in layout fetches the rest after its first
 * screen.
 */
const CHUNKS: Record<Language, Chunks> = {
  ru: {
    common: () => import('./ru/common').then((m) => ({ common: m.common })),
    landing: () => import('./ru/landing').then((m) => ({ landing: m.landing })),
    signin: () => import('./ru/signin').then((m) => m.signin),
    home: () => import('./ru/home').then((m) => m.home),
    app: () => import('./ru/app').then((m) => m.app),
    imports: () => import('./ru/imports').then((m) => ({ imports: m.imports })),
  },
  en: {
    common: () => import('./en/common').then((m) => ({ common: m.common as Resources['common'] })),
    landing: () =>
      import('./en/landing').then((m) => ({ landing: m.landing as unknown as Resources['landing'] })),
    signin: () => import('./en/signin').then((m) => m.signin as unknown as Partial<Resources>),
    home: () => import('./en/home').then((m) => m.home as unknown as Partial<Resources>),
    app: () => import('./en/app').then((m) => m.app as unknown as Partial<Resources>),
    imports: () => import('./en/imports').then((m) => ({ imports: m.imports as Resources['imports'] })),
  },
};
const SIGN_IN: readonly string[] = ['auth', 'passkey', 'telegram'];
const HOME: readonly string[] = ['groups', 'group', 'notifications'];

/** Every namespace of the chunk holding `namespace`. */
async function loadNamespace(language: string, namespace: string) {
  const chunks = CHUNKS[language === 'en' ? 'en' : 'ru'];
  const chunk =
    namespace === 'common' || namespace === 'landing' || namespace === 'imports'
      ? chunks[namespace]
      : SIGN_IN.includes(namespace)
        ? chunks.signin
        : HOME.includes(namespace)
          ? chunks.home
          : chunks.app;
  return (await chunk()) as Record<string, Record<string, unknown>>;
}

export function storedLanguage(): Language {
  try {
    return localStorage.getItem(LANGUAGE_KEY) === 'en' ? 'en' : 'ru';
  } catch {
    return 'ru';
  }
}

/**
 * i18next with its resources-to-backend plugin: a namespace's texts are fetched from their chunk
 * when first used (react-i18next suspends the screen until then), and a language switch loads the
 * namespaces in use in the other language before it changes.
 */
const i18n = i18next.createInstance();

/** Resolves once the stored language's common texts are in; screens render after it (routes/__root). */
export const i18nReady: Promise<void> = i18n
  .use(initReactI18next)
  .use(
    resourcesToBackend(async (language: string, namespace: string) => {
      const texts = await loadNamespace(language, namespace);
      // The chunk's other namespaces are in too: a text of theirs, asked for in an event handler
      // (a toast), must not wait for a render or show its key.
      for (const [other, bundle] of Object.entries(texts)) {
        if (other !== namespace && !i18n.hasResourceBundle(language, other))
          i18n.addResourceBundle(language, other, bundle, true, false);
      }
      return texts[namespace] ?? {};
    }),
  )
  .init({
    lng: storedLanguage(),
    fallbackLng: false,
    supportedLngs: ['ru', 'en'],
    ns: ['common'],
    defaultNS: 'common',
    partialBundledLanguages: true,
    interpolation: { escapeValue: false },
    returnNull: false,
    react: { useSuspense: true },
  })
  .then(() => undefined);

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
