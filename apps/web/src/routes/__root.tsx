import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Navigate, Outlet } from '@tanstack/react-router';
import { Toaster } from 'sonner';
import { useTheme } from '../lib/theme';
import { TOAST_DURATION_MS } from '../lib/toast';

export const Route = createRootRouteWithContext<{ queryClient: QueryClient }>()({
  component: Root,
  // Any unknown path redirects to / (spec §2).
  notFoundComponent: () => <Navigate to="/" replace />,
});

function Root() {
  const theme = useTheme();
  return (
    <>
      <Outlet />
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
