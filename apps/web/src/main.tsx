import './features/telegram/launch';
import './i18n';
import './styles.css';
import { createRouter, RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { loadDataLayer } from './lib/load-data-layer';
import { loadSession } from './lib/session';
import { routeTree } from './routeTree.gen';
import { takeOver } from './static/takeover';

// Asked at once, while the router and the first screen's code are still on their way.
void loadSession().catch(() => null);

const router = createRouter({
  routeTree,
  context: { data: loadDataLayer },
  defaultPreload: 'intent',
  scrollRestoration: true,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

const container = document.getElementById('root')!;
const app = (
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>
);
/** The copy of this page the build prerendered (src/static), on screen while the app loaded. */
const prerendered = document.getElementById('static');

if (prerendered) {
  // The app renders once its first screen is ready (route code, texts, session), in one go, and
  // only then replaces the copy: the page never blanks or shows a spinner in between.
  void router
    .load()
    .catch(() => undefined)
    .then(() => {
      flushSync(() => createRoot(container).render(app));
      takeOver(prerendered, container);
    });
} else {
  createRoot(container).render(app);
}
