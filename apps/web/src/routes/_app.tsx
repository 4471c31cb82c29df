import { createFileRoute, redirect } from '@tanstack/react-router';
import { BotButton } from '../features/bot/BotButton';
import { NotificationBell } from '../features/notifications/NotificationBell';
import { AppLayout } from '../features/shell/AppLayout';
import { useStartLink } from '../features/telegram/useStartLink';
import { i18n } from '../i18n';
import { DataProvider } from '../lib/data-layer';
import { rememberRedirect } from '../lib/redirect';
import { loadSession } from '../lib/session';
import { isTelegramMiniApp } from '../lib/telegram/miniapp';

/**
 * Everything behind sign-in: visitors go to /features, and the wanted path is remembered. Inside
 * the Telegram mini app they go to /login instead, where the mini-app data signs them in.
 */
export const Route = createFileRoute('/_app')({
  beforeLoad: async ({ location }) => {
    const user = await loadSession();
    if (!user) {
      rememberRedirect(location.href);
      throw redirect({ to: isTelegramMiniApp() ? '/login' : '/features', replace: true });
    }
    return { user };
  },
  // The first signed-in screens' texts (the group list, a group, the header: one chunk, src/i18n),
  // with their code; the screens that need more ask for it in their own loaders.
  loader: () => i18n.loadNamespaces('groups'),
  pendingComponent: () => null,
  component: SignedIn,
});

function SignedIn() {
  return (
    <DataProvider>
      <Layout />
    </DataProvider>
  );
}

/** The shell with the bot's and the notifications' header buttons; follows a mini-app start link. */
function Layout() {
  useStartLink();
  return (
    <AppLayout
      actions={
        <>
          <BotButton />
          <NotificationBell />
        </>
      }
    />
  );
}
