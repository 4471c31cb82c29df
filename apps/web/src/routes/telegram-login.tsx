import { createFileRoute, redirect } from '@tanstack/react-router';
import { TelegramLoginPage, type TelegramPageMode } from '../features/telegram/TelegramLoginPage';
import { i18n } from '../i18n';
import { DataProvider } from '../lib/data-layer';
import { rememberRedirect } from '../lib/redirect';
import { loadSession } from '../lib/session';
import { AuthLayout } from '../ui/AuthLayout';
import { Spinner } from '../ui/Spinner';

interface TelegramLoginSearch {
  mode?: 'link';
}

/** The Telegram login widget page (public); mode=link links Telegram to the signed-in account (spec §2). */
export const Route = createFileRoute('/telegram-login')({
  validateSearch: (search: Record<string, unknown>): TelegramLoginSearch =>
    search.mode === 'link' ? { mode: 'link' } : {},
  beforeLoad: async ({ search, location, preload }) => {
    if (preload || search.mode !== 'link') return;
    // Linking needs an account: sign in first, then come back here.
    const user = await loadSession().catch(() => null);
    if (!user) {
      rememberRedirect(location.href);
      throw redirect({ to: '/login', replace: true });
    }
  },
  loader: () => i18n.loadNamespaces('telegram'),
  pendingComponent: () => <Spinner full />,
  component: TelegramLogin,
});

function TelegramLogin() {
  const { mode } = Route.useSearch();
  const pageMode: TelegramPageMode = mode === 'link' ? 'link' : 'login';
  return (
    <DataProvider>
      <AuthLayout>
        <TelegramLoginPage key={pageMode} mode={pageMode} />
      </AuthLayout>
    </DataProvider>
  );
}
