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

/** What is kept for reading and writing offline: its own chunk, after the first screen's code. */
const offline = () => import('../lib/offline');

/**
 * Everything behind sign-in: visitors go to /features, and the wanted path is remembered. Inside
 * the Telegram mini app they go to /login instead, where the mini-app data signs them in.
 */
export const Route = createFileRoute('/_app')({
  beforeLoad: async ({ location }) => {
    // Offline (no answer), the account signed in last opens with what was kept (lib/offline.ts).
    const user = await loadSession().catch((error: unknown) => offline().then((m) => m.lastUser(error)));
    if (!user) {
      rememberRedirect(location.href);
      throw redirect({ to: isTelegramMiniApp() ? '/login' : '/features', replace: true });
    }
    return { user };
  },
  // The first signed-in screens' texts (the group list, a group, the header: one chunk, src/i18n),
  // with their code; the screens that need more ask for it in their own loaders. What was kept for
  // offline (lib/offline.ts) is restored beside them, waited for only offline.
  loader: ({ context }) => {
    const kept = offline().then((m) => m.startOffline(context));
    return Promise.all([i18n.loadNamespaces('groups'), navigator.onLine || kept]);
  },
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
