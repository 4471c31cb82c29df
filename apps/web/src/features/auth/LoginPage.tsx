import { Link, useRouter } from '@tanstack/react-router';
import { type KeyboardEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiMutation } from '../../lib/api-call';
import { takeRedirect } from '../../lib/redirect';
import { type SessionUser, setSessionUser } from '../../lib/session';
import { toast } from '../../lib/toast';
import { AuthLayout } from '../../ui/AuthLayout';
import { LogoMark } from '../../ui/LogoMark';
import './auth.css';
import { RegisterForm, SignInForm } from './AuthForms';

type Mode = 'signin' | 'register';
const MODES: Mode[] = ['signin', 'register'];

interface LoginPageProps {
  redirect?: string;
  /** The other ways in (Telegram, OAuth, passkey), above the email tabs: the route puts them here. */
  methods: ReactNode;
}

/** /login: a centred card with sign-in and registration by email (spec §2). */
export function LoginPage({ redirect, methods }: LoginPageProps) {
  const { t } = useTranslation('auth');
  // The tab's title (issue 27); inline, as the sign-in pages' first screen has no PageHeader.
  useEffect(() => {
    document.title = `${t('signIn')} · ${t('appName', { ns: 'common' })}`;
  }, [t]);
  const router = useRouter();
  const [mode, setMode] = useState<Mode>('signin');
  const tabs = useRef<Record<Mode, HTMLButtonElement | null>>({ signin: null, register: null });
  const login = useApiMutation('auth.login');
  const register = useApiMutation('auth.register');

  function enter(user: SessionUser) {
    setSessionUser(user);
    // The full path with its query and hash, as the visitor asked for it.
    router.history.replace(takeRedirect(redirect));
  }

  function switchTo(next: Mode, focusTab = false) {
    setMode(next);
    if (focusTab) tabs.current[next]?.focus();
  }

  function onTabKey(event: KeyboardEvent) {
    const index = MODES.indexOf(mode);
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (event.key === 'Home' || event.key === 'End') {
      event.preventDefault();
      switchTo(event.key === 'Home' ? 'signin' : 'register', true);
    } else if (step) {
      event.preventDefault();
      switchTo(MODES[(index + step + MODES.length) % MODES.length]!, true);
    }
  }

  const tabLabel: Record<Mode, string> = { signin: t('signInTab'), register: t('registerTab') };

  return (
    <AuthLayout>
      <div className="auth-brand">
        <LogoMark className="auth-logo" />
        <h1 className="auth-title">{t('appName', { ns: 'common' })}</h1>
        <p className="auth-tagline">{t('tagline')}</p>
      </div>

      <section className="auth-card">
        {methods}
        <div className="auth-tabs" role="tablist" aria-label={t('modeLabel')}>
          {MODES.map((m) => (
            <button
              key={m}
              ref={(el) => {
                tabs.current[m] = el;
              }}
              type="button"
              role="tab"
              id={`auth-tab-${m}`}
              className="auth-tab"
              aria-selected={mode === m}
              aria-controls={mode === m ? `auth-panel-${m}` : undefined}
              tabIndex={mode === m ? 0 : -1}
              onClick={() => switchTo(m)}
              onKeyDown={onTabKey}
            >
              {tabLabel[m]}
            </button>
          ))}
        </div>

        <div role="tabpanel" id={`auth-panel-${mode}`} aria-labelledby={`auth-tab-${mode}`}>
          {mode === 'signin' ? (
            <SignInForm submit={async (values) => enter(await login.mutateAsync(values))} />
          ) : (
            <RegisterForm
              submit={async (values) => {
                const user = await register.mutateAsync(values);
                toast.success(t('accountCreated'));
                enter(user);
              }}
            />
          )}
        </div>

        <p className="auth-switch">
          {mode === 'signin' ? t('noAccount') : t('haveAccount')}{' '}
          <button
            type="button"
            className="link-btn"
            onClick={() => switchTo(mode === 'signin' ? 'register' : 'signin', true)}
          >
            {mode === 'signin' ? t('toRegister') : t('toSignIn')}
          </button>
        </p>
      </section>

      <Link to="/features" className="auth-about">
        {t('aboutLink')}
      </Link>
    </AuthLayout>
  );
}
