import { createFileRoute, redirect } from '@tanstack/react-router';
import { AppLayout } from '../features/shell/AppLayout';
import { isTelegramMiniApp } from '../features/telegram/miniapp';
import { rememberRedirect } from '../lib/redirect';
import { sessionQuery } from '../lib/session';

/**
 * Everything behind sign-in: visitors go to /features, and the wanted path is remembered. Inside
 * the Telegram mini app they go to /login instead, where the mini-app data signs them in.
 */
export const Route = createFileRoute('/_app')({
  beforeLoad: async ({ context, location }) => {
    const user = await context.queryClient.ensureQueryData(sessionQuery);
    if (!user) {
      rememberRedirect(location.href);
      throw redirect({ to: isTelegramMiniApp() ? '/login' : '/features', replace: true });
    }
    return { user };
  },
  pendingComponent: () => null,
  component: AppLayout,
});
