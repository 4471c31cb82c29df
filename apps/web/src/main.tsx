import './features/telegram/launch';
import './i18n';
import './styles.css';
import { createRouter, RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { loadDataLayer } from './lib/load-data-layer';
import { loadSession } from './lib/session';
import { routeTree } from './routeTree.gen';

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

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
