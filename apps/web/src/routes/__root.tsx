import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Navigate, Outlet } from '@tanstack/react-router';
import { Toaster } from 'sonner';
import { TelegramBackButton } from '../features/telegram/TelegramBackButton';
import { sessionQuery } from '../lib/session';
import { useTheme } from '../lib/theme';
import { TOAST_DURATION_MS } from '../lib/toast';
import { Spinner } from '../ui/Spinner';

export const Route = createRootRouteWithContext<{ queryClient: QueryClient }>()({
  // The session is decided once, before any screen: a spinner shows until it is known (spec §2).
  // A failed check is left to the screens (the signed-in area retries it; public pages do without).
  beforeLoad: async ({ context }) => {
    await context.queryClient.ensureQueryData(sessionQuery).catch(() => null);
  },
  pendingComponent: () => <Spinner full />,
  pendingMs: 300,
  component: Root,
  // Any unknown path redirects to / (spec §2).
  notFoundComponent: () => <Navigate to="/" replace />,
});

function Root() {
  const theme = useTheme();
  return (
    <>
      <Outlet />
      <TelegramBackButton />
      <Toaster
        duration={TOAST_DURATION_MS}
        theme={theme}
        position="top-center"
        richColors
        closeButton={false}
      />
    </>
  );
}
