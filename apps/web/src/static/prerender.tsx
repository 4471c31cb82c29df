/**
 * Pages rendered to HTML at build time (vite-prerender.ts runs this through an SSR build), in both
 * languages, so that their first screen needs no JavaScript (issue 14): the landing (/features),
 * which then runs without the app, and the sign-in page (/login), which the app takes over. Not
 * part of the app's bundle.
 */
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterContextProvider,
} from '@tanstack/react-router';
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { LoginPage } from '../features/auth/LoginPage';
import { LandingView } from '../features/landing/LandingPage';
import { common as enCommon } from '../i18n/en/common';
import { landing as enLanding } from '../i18n/en/landing';
import { signin as enSignin } from '../i18n/en/signin';
import type { Language } from '../i18n/index';
import { common as ruCommon } from '../i18n/ru/common';
import { landing as ruLanding } from '../i18n/ru/landing';
import { signin as ruSignin } from '../i18n/ru/signin';
import { LoginMethods } from '../routes/-login-methods';
import { BOT_STAND_IN, withStaticHooks } from './page';

const TEXTS = {
  ru: { common: ruCommon, landing: ruLanding, ...ruSignin },
  en: { common: enCommon, landing: enLanding, ...enSignin },
} as const;

/** The landing's markup in one language, as the app renders it for a signed-out visitor. */
export async function renderLanding(language: Language): Promise<string> {
  return withStaticHooks(await renderView(language), { openApp: TEXTS[language].landing.openApp });
}

/** The sign-in page as the app first renders it for a signed-out visitor in a browser. */
export function renderLogin(language: Language): Promise<string> {
  return render(language, '/login', <LoginPage methods={<LoginMethods />} />);
}

function renderView(language: Language): Promise<string> {
  return render(language, '/features', <LandingView bot={BOT_STAND_IN} />);
}

async function render(language: Language, path: string, page: ReactNode): Promise<string> {
  const i18n = i18next.createInstance();
  // A key the page's texts lack would be printed as is (issue 27: the landing's previews showed
  // `debtsTitle`, `modeShares`…): the build stops instead, naming them.
  const missing = new Set<string>();
  await i18n.use(initReactI18next).init({
    lng: language,
    fallbackLng: false,
    resources: { [language]: TEXTS[language] },
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
    saveMissing: true,
    missingKeyHandler: (_languages, namespace, key) => missing.add(`${namespace}:${key}`),
  });
  // Links need a router to build their href; the pages' own routes are enough for that.
  const root = createRootRoute();
  const routes = ['/features', '/login', '/telegram-login', '/'].map((route) =>
    createRoute({ getParentRoute: () => root, path: route }),
  );
  const router = createRouter({
    routeTree: root.addChildren(routes),
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  await router.load();
  const html = renderToString(
    <I18nextProvider i18n={i18n}>
      <RouterContextProvider router={router}>{page}</RouterContextProvider>
    </I18nextProvider>,
  );
  if (missing.size > 0) throw new Error(`${path} (${language}): untranslated ${[...missing].join(', ')}`);
  return html;
}
