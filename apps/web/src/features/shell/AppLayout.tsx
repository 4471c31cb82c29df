import { useQueryClient } from '@tanstack/react-query';
import { Link, Outlet } from '@tanstack/react-router';
import { lazy, type ReactNode, Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../lib/session';
import { isTelegramMiniApp } from '../../lib/telegram/miniapp';
import { LogoMark } from '../../ui/LogoMark';
import { Spinner } from '../../ui/Spinner';
import { UserMenu } from './UserMenu';
import './shell.css';

/** Loaded after the first screen: a pull needs a finger on the screen first. */
const PullToRefresh = lazy(() => import('./PullToRefresh').then((m) => ({ default: m.PullToRefresh })));

/**
 * Header (signed in only) and the narrow centred content column. `actions`: the header's buttons
 * before the user menu (the route puts the bot's and the notifications' there).
 */
export function AppLayout({ actions }: { actions: ReactNode }) {
  const { t, i18n } = useTranslation();
  const { data: user } = useSession();
  const queryClient = useQueryClient();
  // Pull-to-refresh reloads what is on screen; the session itself is kept (sign-out owns it). Not
  // inside Telegram: there a pull down from the top minimises the mini app, and the two would fight
  // over one gesture; Telegram's own menu reloads the app.
  const pullToRefresh = !isTelegramMiniApp();
  const content = useRef<HTMLElement>(null);
  // The other screens' texts, once this one is up: the next screen, and a toast from any, has them.
  useEffect(() => {
    void i18n.loadNamespaces(['expense', 'telegram']);
  }, [i18n]);

  // Only for the moment of signing out: the screens below need a user, so they go first.
  if (!user) return <Spinner full />;

  return (
    <>
      <header className="app-header">
        <div className="app-header-inner">
          <Link to="/" className="logo" aria-label={t('home')}>
            <LogoMark />
            {t('appName')}
          </Link>
          <div className="header-actions">
            {actions}
            <UserMenu user={user} />
          </div>
        </div>
      </header>
      {pullToRefresh ? (
        <Suspense fallback={null}>
          <PullToRefresh content={content} onRefresh={() => queryClient.refetchQueries({ type: 'active' })} />
        </Suspense>
      ) : null}
      <main className="content" ref={content}>
        <Outlet />
      </main>
    </>
  );
}
