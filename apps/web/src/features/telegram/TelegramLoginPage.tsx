import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useRouter } from '@tanstack/react-router';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { takeRedirect } from '../../lib/redirect';
import { refreshSession } from '../../lib/session';
import { initDataPairs, isTelegramMiniApp, telegramInitData } from '../../lib/telegram/miniapp';
import { toast } from '../../lib/toast';
import { errorCode, trpc } from '../../lib/trpc';
import { useBotUsername } from '../../lib/useBotUsername';
import { Spinner } from '../../ui/Spinner';
import { TelegramIcon } from '../../ui/TelegramIcon';
import { useWidgetSignIn } from './TelegramLoginSection';
import { TelegramWidget } from './TelegramWidget';
import { type TelegramWidgetUser, widgetPayload } from './widget';
import './telegram.css';

export type TelegramPageMode = 'login' | 'link';

/**
 * /telegram-login: the login widget on a page of its own. mode=link links the Telegram account to
 * the signed-in user instead of signing in; success goes to /account (spec §2). Its card and the
 * link under it; the route puts them in the sign-in pages' frame (auth's AuthLayout).
 */
export function TelegramLoginPage({ mode }: { mode: TelegramPageMode }) {
  const { t, i18n } = useTranslation('telegram');
  const queryClient = useQueryClient();
  const router = useRouter();
  const bot = useBotUsername();
  const signIn = useWidgetSignIn();
  const link = useMutation(trpc.telegram.link.mutationOptions());
  const [attempt, setAttempt] = useState(0);
  const insideMiniApp = isTelegramMiniApp();

  async function linkWith(payload: Record<string, string | number> | null) {
    if (!payload) {
      toast.error(t(insideMiniApp ? 'noMiniAppData' : 'noWidgetData'));
      return;
    }
    try {
      await link.mutateAsync(payload);
      toast.success(t('linked'));
      // The linked-accounts list and the profile's Telegram username changed.
      await Promise.all([
        queryClient.invalidateQueries(trpc.identities.list.queryFilter()),
        refreshSession().catch(() => null),
      ]);
      router.history.replace('/account');
    } catch (error) {
      toast.error(t(errorCode(error) === 'IDENTITY_ALREADY_LINKED' ? 'alreadyLinked' : 'linkFailed'));
    }
  }

  async function onAuth(user: TelegramWidgetUser | null) {
    if (mode === 'link') return linkWith(widgetPayload(user));
    if (!(await signIn(user))) return;
    // After a sign-in: the path the visitor wanted, else the account page.
    const target = takeRedirect(undefined);
    router.history.replace(target === '/' ? '/account' : target);
  }

  /** Inside the mini app the widget is pointless: its own init data proves the Telegram account. */
  function continueWithMiniApp() {
    const initData = telegramInitData();
    if (mode === 'link') return void linkWith(initData ? initDataPairs(initData) : null);
    router.history.replace('/login');
  }

  let body: ReactNode;
  if (bot === undefined) body = <Spinner />;
  else if (bot === null) body = <p className="tg-page-note">{t('disabled')}</p>;
  else if (insideMiniApp)
    body = (
      <button
        type="button"
        className="btn btn-primary btn-block tg-button"
        disabled={link.isPending}
        onClick={continueWithMiniApp}
      >
        <TelegramIcon onPrimary />
        {t(mode === 'link' ? 'linkThis' : 'signInThis')}
      </button>
    );
  else
    body = (
      <div className="tg-page-widget">
        <TelegramWidget
          key={attempt}
          botUsername={bot}
          lang={i18n.language === 'en' ? 'en' : 'ru'}
          onAuth={onAuth}
          fallback={
            <div className="tg-page-fallback">
              <p className="tg-page-note">{t('widgetUnavailable')}</p>
              <button type="button" className="btn btn-block" onClick={() => setAttempt((n) => n + 1)}>
                {t('retry')}
              </button>
            </div>
          }
        />
      </div>
    );

  return (
    <>
      <section className="auth-card tg-page-card" aria-labelledby="tg-page-title">
        <span className="tg-page-mark" aria-hidden="true">
          <TelegramIcon size={30} />
        </span>
        <h1 id="tg-page-title" className="tg-page-title">
          {t(mode === 'link' ? 'linkTitle' : 'loginTitle')}
        </h1>
        {bot ? <p className="tg-page-text">{t(mode === 'link' ? 'linkText' : 'loginText')}</p> : null}
        {body}
      </section>
      {mode === 'link' ? (
        <Link to="/account" className="auth-about">
          {t('backToAccount')}
        </Link>
      ) : (
        <Link to="/login" className="auth-about">
          {t('otherMethods')}
        </Link>
      )}
    </>
  );
}
