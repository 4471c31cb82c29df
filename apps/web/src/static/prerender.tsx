/**
 * The landing rendered to HTML at build time (vite-prerender.ts runs this through an SSR build):
 * /features is then a static page in both languages that needs no JavaScript for its first screen
 * (issue 14). Not part of the app's bundle.
 */
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterContextProvider,
} from '@tanstack/react-router';
import i18next from 'i18next';
import { renderToString } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { LandingView } from '../features/landing/LandingPage';
import { common as enCommon } from '../i18n/en/common';
import { landing as enLanding } from '../i18n/en/landing';
import type { Language } from '../i18n/index';
import { common as ruCommon } from '../i18n/ru/common';
import { landing as ruLanding } from '../i18n/ru/landing';
import { BOT_STAND_IN, withStaticHooks } from './page';

const TEXTS = {
  ru: { common: ruCommon, landing: ruLanding },
  en: { common: enCommon, landing: enLanding },
} as const;

/** The landing's markup in one language, as the app renders it for a signed-out visitor. */
export async function renderLanding(language: Language): Promise<string> {
  return withStaticHooks(await renderView(language), { openApp: TEXTS[language].landing.openApp });
}

async function renderView(language: Language): Promise<string> {
  const i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({
    lng: language,
    resources: { [language]: TEXTS[language] },
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  // Links need a router to build their href; the landing's own routes are enough for that.
  const root = createRootRoute();
  const routes = ['/features', '/login', '/'].map((path) =>
    createRoute({ getParentRoute: () => root, path }),
  );
  const router = createRouter({
    routeTree: root.addChildren(routes),
    history: createMemoryHistory({ initialEntries: ['/features'] }),
  });
  await router.load();
  return renderToString(
    <I18nextProvider i18n={i18n}>
      <RouterContextProvider router={router}>
        <LandingView bot={BOT_STAND_IN} />
      </RouterContextProvider>
    </I18nextProvider>,
  );
}
