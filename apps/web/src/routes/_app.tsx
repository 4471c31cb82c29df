import { createFileRoute, redirect } from '@tanstack/react-router';
import { AppLayout } from '../features/shell/AppLayout';
import { rememberRedirect } from '../lib/redirect';
import { sessionQuery } from '../lib/session';

/** Everything behind sign-in: visitors go to /features, and the wanted path is remembered. */
export const Route = createFileRoute('/_app')({
  beforeLoad: async ({ context, location }) => {
    const user = await context.queryClient.ensureQueryData(sessionQuery);
    if (!user) {
      rememberRedirect(location.href);
      throw redirect({ to: '/features', replace: true });
    }
    return { user };
  },
  pendingComponent: () => null,
  component: AppLayout,
});
