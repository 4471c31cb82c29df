import { useRouter, useRouterState } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiMutation } from '../../lib/api-call';
import { useProviders } from '../../lib/providers';
import { setSessionUser } from '../../lib/session';
import { toast } from '../../lib/toast';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import styles from './OAuthLogin.module.css';
import {
  afterSignUpPath,
  navigateToOAuth,
  OAUTH_PROVIDERS,
  type OAuthProvider,
  oauthStartUrl,
  readOAuthQuery,
  withoutOAuthQuery,
} from './oauth';

/**
 * The OAuth part of /login: Google and Yandex buttons (only those this server offers), the
 * register confirmation after a first sign-in (oauth_pending=1&oauth_token=...), and a generic
 * error after a failed one (oauth_error=...).
 */
export function OAuthLogin({ redirect }: { redirect?: string | undefined }) {
  const { t } = useTranslation('auth');
  const router = useRouter();
  const location = useRouterState({ select: (state) => state.location });
  const providers = useProviders();
  const confirm = useApiMutation('oauth.confirm');
  // Read once: the query is cleaned right away so the token leaves the address bar and history.
  const [arrived] = useState(() => readOAuthQuery(location.searchStr));
  const [pendingToken, setPendingToken] = useState(arrived.pendingToken);
  const [failed, setFailed] = useState(arrived.error !== null);
  const blocked = arrived.error === 'ACCOUNT_BLOCKED';

  // biome-ignore lint/correctness/useExhaustiveDependencies: cleans the arrival query once
  useEffect(() => {
    if (arrived.pendingToken || arrived.error) {
      router.history.replace(
        `${location.pathname}${withoutOAuthQuery(location.searchStr)}${location.hash ? `#${location.hash}` : ''}`,
      );
    }
  }, []);

  async function createAccount(token: string) {
    try {
      const { user, redirect: target } = await confirm.mutateAsync({ token });
      setPendingToken(null);
      setSessionUser(user);
      toast.success(t('accountCreated'));
      router.history.replace(afterSignUpPath(target));
    } catch {
      setPendingToken(null);
      setFailed(true);
      toast.error(t('oauthConfirmFailed'));
    }
  }

  const offered = OAUTH_PROVIDERS.filter((p) => providers?.[p]);
  const label: Record<OAuthProvider, string> = {
    google: t('signInWithGoogle'),
    yandex: t('signInWithYandex'),
  };

  return (
    <>
      {failed ? (
        <p className={styles.error} role="alert">
          {blocked ? t('accountBlocked') : t('genericError', { ns: 'common' })}
        </p>
      ) : null}
      {offered.length ? (
        <div className={`${styles.buttons} auth-method-buttons`}>
          {offered.map((provider) => (
            <button
              key={provider}
              type="button"
              className={`btn btn-block ${styles.button}`}
              onClick={() => navigateToOAuth(oauthStartUrl(provider, redirect))}
            >
              {provider === 'google' ? <GoogleMark /> : <YandexMark />}
              {label[provider]}
            </button>
          ))}
        </div>
      ) : null}
      <ConfirmDialog
        open={pendingToken !== null}
        onOpenChange={(open) => {
          if (!open && !confirm.isPending) setPendingToken(null);
        }}
        title={t('oauthConfirmTitle')}
        description={t('oauthConfirmText')}
        confirmLabel={confirm.isPending ? t('creatingAccount') : t('createAccount')}
        busy={confirm.isPending}
        onConfirm={() => {
          if (pendingToken) void createAccount(pendingToken);
        }}
      />
    </>
  );
}

function GoogleMark() {
  return (
    <svg className={styles.mark} viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
      <path
        fill="#4285F4"
        d="M23.5 12.27c0-.85-.08-1.67-.22-2.45H12v4.64h6.45a5.52 5.52 0 0 1-2.39 3.62v3h3.87c2.26-2.09 3.57-5.17 3.57-8.81z"
      />
      <path
        fill="#34A853"
        d="M12 24c3.24 0 5.95-1.07 7.93-2.91l-3.87-3c-1.07.72-2.45 1.15-4.06 1.15-3.12 0-5.77-2.11-6.71-4.95h-4v3.1A12 12 0 0 0 12 24z"
      />
      <path
        fill="#FBBC05"
        d="M5.29 14.29A7.2 7.2 0 0 1 4.91 12c0-.8.14-1.57.38-2.29v-3.1h-4A12 12 0 0 0 0 12c0 1.94.46 3.77 1.29 5.39l4-3.1z"
      />
      <path
        fill="#EA4335"
        d="M12 4.77c1.76 0 3.34.61 4.58 1.8l3.43-3.43A11.5 11.5 0 0 0 12 0 12 12 0 0 0 1.29 6.61l4 3.1C6.23 6.88 8.88 4.77 12 4.77z"
      />
    </svg>
  );
}

function YandexMark() {
  return (
    <svg className={styles.mark} viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
      <circle cx="12" cy="12" r="12" fill="#FC3F1D" />
      <text
        x="12"
        y="17"
        textAnchor="middle"
        fill="#fff"
        fontFamily="Arial, Helvetica, sans-serif"
        fontSize="14"
        fontWeight="700"
      >
        Я
      </text>
    </svg>
  );
}
