import './features/telegram/launch';
import './i18n';
import './styles.css';
import { createRouter, type ErrorComponentProps, RouterProvider } from '@tanstack/react-router';
import { lazy, type ReactNode, StrictMode, Suspense, startTransition, useLayoutEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { loadDataLayer } from './lib/load-data-layer';
import { loadSession } from './lib/session';
import { routeTree } from './routeTree.gen';

// Asked at once, while the router and the first screen's code are still on their way.
void loadSession().catch(() => null);

/**
 * The error screen's code is fetched at start, beside the first screen's, not before it; once
 * fetched it shows even offline, which is when it is needed most.
 */
const loadErrorScreen = () => import('./ui/ErrorScreen');
const LazyErrorScreen = lazy(loadErrorScreen);
function ErrorScreen(props: ErrorComponentProps) {
  return (
    <Suspense fallback={null}>
      <LazyErrorScreen {...props} />
    </Suspense>
  );
}
// Beside the first screen's files (it is not counted before the first screen: nothing waits for it).
void loadErrorScreen().catch(() => undefined);

const router = createRouter({
  routeTree,
  context: { data: loadDataLayer },
  defaultPreload: 'intent',
  // A screen that fails (its code not fetched offline, an unexpected error) shows our error
  // screen in its place, inside the layout, instead of the router's bare English one (issue 27).
  defaultErrorComponent: ErrorScreen,
  scrollRestoration: true,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

const container = document.getElementById('root')!;
/** The copy of this page the build prerendered (src/static), on screen while the app loaded. */
const prerendered = document.getElementById('static');

/**
 * Replaces the prerendered copy once the app's screen is in the page: after the commit (what it
 * replays runs the app's handlers, which must not run inside React's commit), before the paint.
 */
function TakeOver({
  copy,
  takeOver,
  children,
}: {
  copy: HTMLElement;
  takeOver: (copy: HTMLElement, app: HTMLElement) => void;
  children: ReactNode;
}) {
  useLayoutEffect(() => queueMicrotask(() => takeOver(copy, container)), [copy, takeOver]);
  return children;
}

if (prerendered) {
  // The app renders once its first screen is ready (route code, texts, session), so that the copy
  // is replaced by the same screen, never by a blank page or a spinner. The copy is on screen, so
  // the render can take its time: as a transition it yields to the browser every few milliseconds
  // instead of holding the main thread for the whole screen.
  // takeover.ts only where there is a copy: the prerendered page preloads it (vite-prerender.ts).
  void Promise.all([router.load().catch(() => undefined), import('./static/takeover')]).then(
    ([, { takeOver }]) => {
      startTransition(() =>
        createRoot(container).render(
          <StrictMode>
            <TakeOver copy={prerendered} takeOver={takeOver}>
              <RouterProvider router={router} />
            </TakeOver>
          </StrictMode>,
        ),
      );
    },
  );
} else {
  createRoot(container).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
}
