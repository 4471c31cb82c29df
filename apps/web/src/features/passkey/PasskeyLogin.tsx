import { useRouter } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorCode } from '../../lib/api-error';
import { takeRedirect } from '../../lib/redirect';
import { type SessionUser, setSessionUser } from '../../lib/session';
import { useTelegramEnvironment } from '../../lib/telegram/useTelegramEnvironment';
import { toast } from '../../lib/toast';
import {
  cancelled,
  createAccountWithPasskey,
  loginIdentifier,
  noPasskey,
  passkeysSupported,
  signInWithPasskey,
} from './api';
import { KeyIcon } from './KeyIcon';
import './passkey.css';

// Radix's dialog is fetched when a passkey is first named, not with the sign-in page (issue 14).
const PasskeyNameDialog = lazy(() =>
  import('./PasskeyNameDialog').then((module) => ({ default: module.PasskeyNameDialog })),
);

/** The email field of the sign-in form; its text picks the account (email, or a username without '@'). */
const IDENTIFIER_INPUT_ID = 'signin-email';

function typedIdentifier(): string {
  const input = document.getElementById(IDENTIFIER_INPUT_ID);
  return input instanceof HTMLInputElement ? input.value : '';
}

/** ?autopasskey=1 starts the passkey sign-in as the page opens (spec §2). */
function autoPasskeyRequested(): boolean {
  return new URLSearchParams(window.location.search).get('autopasskey') === '1';
}

/**
 * The passkey part of /login (spec §2, §4): sign-in is tried first (usernameless, or for the account
 * typed in the email field); when it finds no passkey, the name dialog offers a new account with one.
 * Hidden where WebAuthn does not work: browsers without it and the Telegram mini app.
 */
export function PasskeyLogin({ redirect }: { redirect?: string | undefined }) {
  const { environment } = useTelegramEnvironment();
  if (environment !== 'browser' || !passkeysSupported()) return null;
  return <PasskeyLoginButton redirect={redirect} />;
}

function PasskeyLoginButton({ redirect }: { redirect?: string | undefined }) {
  const { t } = useTranslation('passkey');
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [dialog, setDialog] = useState<{ name: string; email?: string } | null>(null);
  const [creating, setCreating] = useState(false);
  const [nameError, setNameError] = useState<'nameTaken' | 'nameInvalid' | undefined>();
  const started = useRef(false);

  function enter(user: SessionUser) {
    setSessionUser(user);
    router.history.replace(takeRedirect(redirect));
  }

  async function signIn() {
    if (busy) return;
    setBusy(true);
    const identifier = typedIdentifier();
    try {
      const user = await signInWithPasskey(identifier);
      toast.success(t('signedIn'));
      enter(user);
    } catch (error) {
      if (!cancelled(error)) toast.error(t('signInFailed'));
      if (noPasskey(error)) {
        const { username, email } = loginIdentifier(identifier);
        setNameError(undefined);
        setDialog({ name: username ?? '', email });
      }
    } finally {
      setBusy(false);
    }
  }

  async function create(name: string) {
    if (!dialog || creating) return;
    setCreating(true);
    setNameError(undefined);
    try {
      const user = await createAccountWithPasskey(name, dialog.email);
      setDialog(null);
      toast.success(t('created'));
      enter(user);
    } catch (error) {
      const code = errorCode(error);
      if (code === 'USERNAME_TAKEN') setNameError('nameTaken');
      else if (code === 'VALIDATION_ERROR') setNameError('nameInvalid');
      else {
        setDialog(null);
        if (!cancelled(error)) toast.error(t('createFailed'));
      }
    } finally {
      setCreating(false);
    }
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: starts once, when the page opens with ?autopasskey=1
  useEffect(() => {
    if (started.current || !autoPasskeyRequested()) return;
    started.current = true;
    void signIn();
  }, []);

  return (
    <div className="passkey-login auth-method-buttons">
      <button
        type="button"
        className="btn btn-block passkey-button"
        disabled={busy}
        onClick={() => void signIn()}
      >
        <KeyIcon />
        {busy ? t('signingIn') : t('signIn')}
      </button>
      {dialog !== null ? (
        <Suspense fallback={null}>
          <PasskeyNameDialog
            open
            initialName={dialog.name}
            busy={creating}
            serverError={nameError}
            onCancel={() => setDialog(null)}
            onSubmit={(name) => void create(name)}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
