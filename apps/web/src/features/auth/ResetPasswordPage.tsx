import { Link, useRouter } from '@tanstack/react-router';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../lib/api-call';
import { errorCode } from '../../lib/api-error';
import { setSessionUser } from '../../lib/session';
import { toast } from '../../lib/toast';
import { AuthLayout } from '../../ui/AuthLayout';
import { PasswordField, TextField } from '../../ui/fields';
import './auth.css';

/** The secret of a reset link, from the address's fragment (#token=...), which no server sees. */
function tokenFromHash(): string | undefined {
  const match = /(?:^#|&)token=([\w-]+)/.exec(window.location.hash);
  return match?.[1];
}

/**
 * /reset-password: without a link's secret, asks for the email to send a link to; with one (the
 * link from the mail), takes a new password, signs in and opens the app.
 */
export function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  // The tab's title (issue 27); inline, as the sign-in pages' first screen has no PageHeader.
  useEffect(() => {
    document.title = `${t('resetTitle')} · ${t('appName', { ns: 'common' })}`;
  }, [t]);
  const [token, setToken] = useState(tokenFromHash);
  // A link opened in the tab that asked for it changes only the fragment.
  useEffect(() => {
    const read = () => setToken(tokenFromHash());
    window.addEventListener('hashchange', read);
    return () => window.removeEventListener('hashchange', read);
  }, []);
  return <AuthLayout>{token ? <NewPassword key={token} token={token} /> : <AskForLink />}</AuthLayout>;
}

function AskForLink() {
  const { t, i18n } = useTranslation('auth');
  const [email, setEmail] = useState('');
  const [state, setState] = useState<'idle' | 'busy' | 'sent' | 'unavailable'>('idle');
  const [error, setError] = useState<string | undefined>();
  useEffect(() => {
    callApi('auth.providers', undefined, 'query')
      .then((providers) => {
        if (!providers.passwordReset) setState('unavailable');
      })
      .catch(() => {});
  }, []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!/^\S+@\S+\.\S+$/.test(email.trim())) {
      setError(t('invalidEmail'));
      return;
    }
    setError(undefined);
    setState('busy');
    try {
      await callApi('auth.requestPasswordReset', {
        email: email.trim(),
        language: i18n.language === 'en' ? 'en' : 'ru',
      });
      setState('sent');
    } catch (failure) {
      setState(errorCode(failure) === 'PASSWORD_RESET_UNAVAILABLE' ? 'unavailable' : 'idle');
      if (errorCode(failure) !== 'PASSWORD_RESET_UNAVAILABLE') toast.error(t('resetFailed'));
    }
  }

  return (
    <section className="auth-card">
      <h1 className="auth-reset-title">{t('resetTitle')}</h1>
      {state === 'unavailable' ? (
        <p role="status">{t('resetUnavailable')}</p>
      ) : state === 'sent' ? (
        <p role="status">{t('resetSent', { email: email.trim() })}</p>
      ) : (
        <form className="auth-form" noValidate onSubmit={submit}>
          <p className="muted">{t('resetIntro')}</p>
          <TextField
            id="reset-email"
            label={t('email')}
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            error={error}
          />
          <button type="submit" className="btn btn-primary btn-block" disabled={state === 'busy'}>
            {t('resetSend')}
          </button>
        </form>
      )}
      <p className="auth-about">
        <Link to="/login">{t('backToSignIn')}</Link>
      </p>
    </section>
  );
}

function NewPassword({ token }: { token: string }) {
  const { t } = useTranslation('auth');
  const router = useRouter();
  const [valid, setValid] = useState<boolean | undefined>();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    callApi('auth.checkResetLink', { token }, 'query')
      .then((answer) => setValid(answer.valid))
      .catch(() => setValid(true));
  }, [token]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (password.length < 6) {
      setError(t('passwordTooShort'));
      return;
    }
    setError(undefined);
    setBusy(true);
    try {
      const user = await callApi('auth.resetPassword', { token, newPassword: password });
      setSessionUser(user);
      toast.success(t('resetDone'));
      // The secret leaves the address and the history.
      router.history.replace('/');
    } catch (failure) {
      if (errorCode(failure) === 'RESET_LINK_INVALID') setValid(false);
      else toast.error(t('resetFailed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="auth-card">
      <h1 className="auth-reset-title">{t('newPasswordTitle')}</h1>
      {valid === false ? (
        <>
          <p role="alert">{t('resetLinkInvalid')}</p>
          <p className="auth-about">
            <a href="/reset-password">{t('resetAskAgain')}</a>
          </p>
        </>
      ) : (
        <form className="auth-form" noValidate onSubmit={submit}>
          <PasswordField
            id="reset-new-password"
            label={t('newPassword')}
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={error}
          />
          <button type="submit" className="btn btn-primary btn-block" disabled={busy || valid === undefined}>
            {t('newPasswordSave')}
          </button>
        </form>
      )}
    </section>
  );
}
