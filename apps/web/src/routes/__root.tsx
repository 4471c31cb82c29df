import { createRootRouteWithContext, Navigate, Outlet } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { TelegramBackButton } from '../features/telegram/TelegramBackButton';
import { i18nReady } from '../i18n';
import type { DataLayer } from '../lib/data-layer';
import { loadSession } from '../lib/session';
import { OfflineBanner } from '../ui/OfflineBanner';
import { Spinner } from '../ui/Spinner';

const Toasts = lazy(() => import('../ui/Toasts'));

export interface RouterContext {
  /** The data layer (react-query client, tRPC proxy), fetched on first use: see lib/data-layer. */
  data: () => Promise<DataLayer>;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  // The session is decided once, before any screen: a spinner shows until it is known (spec §2).
  // A failed check is left to the screens (the signed-in area retries it; public pages do without).
  // In the loader, not beforeLoad: loaders run together with the fetch of the screens' code and
  // with the routes' own loaders (their texts), so a first visit waits for one round trip, not
  // three in a row. The routes that decide by the session (_app, login) await it themselves.
  loader: () => Promise.all([loadSession().catch(() => null), i18nReady]),
  pendingComponent: () => <Spinner full />,
  pendingMs: 300,
  component: Root,
  // Any unknown path redirects to / (spec §2).
  notFoundComponent: () => <Navigate to="/" replace />,
});

function Root() {
  return (
    <>
      <OfflineBanner />
      <Outlet />
      <TelegramBackButton />
      <Suspense fallback={null}>
        <Toasts />
      </Suspense>
    </>
  );
}
