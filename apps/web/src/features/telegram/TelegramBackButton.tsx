import { useRouter, useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';
import { supports, useWebApp } from '../../lib/telegram/runtime';

/** Screens with no "back" above them: the group list itself and the sign-in pages. */
const TOP_LEVEL = new Set(['/', '/login', '/features']);

export function showsBackButton(pathname: string): boolean {
  return !TOP_LEVEL.has(pathname.replace(/\/+$/, '') || '/');
}

/**
 * Telegram's back button in the mini app's header: shown on every screen below the group list, it
 * goes back in the app's history, or to the group list when the app was opened right here (a link
 * to a group). Outside Telegram it renders nothing and does nothing.
 */
export function TelegramBackButton() {
  const webApp = useWebApp();
  const router = useRouter();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const button = webApp && supports(webApp, '6.1') ? webApp.BackButton : undefined;
  const visible = showsBackButton(pathname);

  useEffect(() => {
    if (!button) return;
    if (!visible) {
      button.hide();
      return;
    }
    // Only our own entries: in Telegram Web's frame a plain history.back() could leave the app.
    const back = () => {
      if (router.history.canGoBack()) router.history.back();
      else void router.navigate({ to: '/' });
    };
    button.onClick(back);
    button.show();
    return () => button.offClick(back);
  }, [button, visible, router]);

  return null;
}
