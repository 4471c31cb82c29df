import { Link, useRouter, useRouterState } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiMutation } from '../../lib/api-call';
import { errorCode } from '../../lib/api-error';
import { takeRedirect } from '../../lib/redirect';
import { type SessionUser, setSessionUser } from '../../lib/session';
import {
  initDataPairs,
  openInBrowser,
  type TelegramWebApp,
  telegramInitData,
} from '../../lib/telegram/miniapp';
import { useTelegramEnvironment } from '../../lib/telegram/useTelegramEnvironment';
import { toast } from '../../lib/toast';
import { useBotUsername } from '../../lib/useBotUsername';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { Spinner } from '../../ui/Spinner';
import { TelegramIcon } from '../../ui/TelegramIcon';
import { TelegramWidget } from './TelegramWidget';
import { type TelegramWidgetUser, widgetPayload } from './widget';
import './telegram.css';

/** The browser sign-in page of this site, opened from the mini app; after sign-in it lands on /account. */
export const BROWSER_LOGIN_PATH = '/login?redirect=%2Faccount';

/** Reads no-tg-login=true from the current query (spec §2: the widget is omitted then). */
function useNoTelegramLogin(): boolean {
  const searchStr = useRouterState({ select: (state) => state.location.searchStr });
  return new URLSearchParams(searchStr).get('no-tg-login') === 'true';
}

/** Signs in with the widget's payload; toasts the outcome. Resolves with the user, or null. */
export function useWidgetSignIn() {
  const { t } = useTranslation('telegram');
  const login = useApiMutation('telegram.login');
  return async (user: TelegramWidgetUser | null): Promise<SessionUser | null> => {
    const payload = widgetPayload(user);
    if (!payload) {
      toast.error(t('noWidgetData'));
      return null;
    }
    try {
      const signedIn = await login.mutateAsync(payload);
      setSessionUser(signedIn);
      toast.success(t('signedIn'));
      return signedIn;
    } catch {
      toast.error(t('signInFailed'));
      return null;
    }
  };
}

/**
 * The Telegram part of /login: in a browser the login widget (with the 2.5 s fallback link to
 * /telegram-login); inside the mini app an automatic sign-in with the init data.
 */
export function TelegramLoginSection({ redirect }: { redirect?: string | undefined }) {
  const { environment, webApp } = useTelegramEnvironment();
  if (environment === 'checking') return null;
  if (environment === 'miniapp') return <MiniAppSignIn redirect={redirect} webApp={webApp} />;
  return <BrowserSignIn redirect={redirect} />;
}

function BrowserSignIn({ redirect }: { redirect?: string | undefined }) {
  const { t, i18n } = useTranslation('telegram');
  const router = useRouter();
  const omitted = useNoTelegramLogin();
  const bot = useBotUsername(!omitted);
  const signIn = useWidgetSignIn();
  if (!bot) return null;

  return (
    <div className="tg-signin">
      <TelegramWidget
        botUsername={bot}
        lang={i18n.language === 'en' ? 'en' : 'ru'}
        onAuth={async (user) => {
          if (await signIn(user)) router.history.replace(takeRedirect(redirect));
        }}
        fallback={
          <Link to="/telegram-login" className="btn btn-block tg-button">
            <TelegramIcon />
            {t('signInWithTelegram')}
          </Link>
        }
      />
    </div>
  );
}

type MiniAppState = 'signingIn' | 'notLinked' | 'failed';

function MiniAppSignIn({
  redirect,
  webApp,
}: {
  redirect?: string | undefined;
  webApp: TelegramWebApp | null;
}) {
  const { t } = useTranslation('telegram');
  const router = useRouter();
  const miniapp = useApiMutation('telegram.miniapp');
  const register = useApiMutation('telegram.miniappRegister');
  const [state, setState] = useState<MiniAppState>('signingIn');
  const [confirming, setConfirming] = useState(false);
  const started = useRef(false);

  function enter(user: SessionUser, message: string) {
    setSessionUser(user);
    toast.success(message);
    router.history.replace(takeRedirect(redirect));
  }

  async function signIn() {
    const initData = telegramInitData();
    if (!initData) {
      toast.error(t('noMiniAppData'));
      setState('failed');
      return;
    }
    setState('signingIn');
    try {
      enter(await miniapp.mutateAsync(initDataPairs(initData)), t('signedIn'));
    } catch (error) {
      if (errorCode(error) === 'TELEGRAM_NOT_LINKED') {
        toast.info(t('notLinked'));
        setState('notLinked');
      } else if (errorCode(error) === 'ACCOUNT_BLOCKED') {
        toast.error(t('accountBlocked', { ns: 'auth' }));
        setState('failed');
      } else {
        toast.error(t('signInFailed'));
        setState('failed');
      }
    }
  }

  async function registerAccount() {
    const initData = telegramInitData();
    if (!initData) {
      toast.error(t('noMiniAppData'));
      return;
    }
    try {
      const user = await register.mutateAsync(initDataPairs(initData));
      setConfirming(false);
      enter(user, t('registered'));
    } catch (error) {
      setConfirming(false);
      // Linked meanwhile (another device): signing in is what the person wants.
      if (errorCode(error) === 'IDENTITY_ALREADY_LINKED') await signIn();
      else toast.error(t('registerFailed'));
    }
  }

  // One automatic attempt when the page opens (the ref keeps StrictMode from sending two).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once on mount by design
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void signIn();
  }, []);

  if (state === 'signingIn') {
    return (
      <div className="tg-miniapp tg-miniapp-busy">
        <Spinner />
        <p className="muted">{t('signingIn')}</p>
      </div>
    );
  }

  return (
    <section className="tg-miniapp" aria-labelledby="tg-miniapp-title">
      <h2 id="tg-miniapp-title" className="tg-miniapp-title">
        {t(state === 'notLinked' ? 'notLinkedTitle' : 'failedTitle')}
      </h2>
      {state === 'notLinked' ? <p className="tg-miniapp-text">{t('notLinkedText')}</p> : null}
      <div className="tg-miniapp-actions">
        {state === 'notLinked' ? (
          <button type="button" className="btn btn-primary btn-block" onClick={() => setConfirming(true)}>
            <TelegramIcon onPrimary />
            {t('register')}
          </button>
        ) : (
          <button type="button" className="btn btn-primary btn-block" onClick={() => void signIn()}>
            {t('retry')}
          </button>
        )}
        <button
          type="button"
          className="btn btn-block"
          onClick={() => openInBrowser(BROWSER_LOGIN_PATH, webApp)}
        >
          {t('openInBrowser')}
        </button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('registerConfirmTitle')}
        description={t('registerConfirmText')}
        confirmLabel={t('registerConfirm')}
        busy={register.isPending}
        onConfirm={() => void registerAccount()}
      />
    </section>
  );
}
