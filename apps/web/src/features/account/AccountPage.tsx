import { useNavigate, useSearch } from '@tanstack/react-router';
import { lazy, type ReactNode, Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../lib/toast';
import { PageHeader } from '../../ui/PageHeader';
import { LinkedAccounts } from './LinkedAccounts';
import { oauthErrorMessage } from './model';
import { ProfileForm } from './ProfileForm';
import './account.css';

/** Your data (issue 29): its code and its dialog come after the page's first screen. */
const YourData = lazy(() => import('./YourData'));

interface AccountPageProps {
  /** The passkey's line among the linked sign-in methods. */
  passkeyRow: ReactNode;
  /** The friends section, last. */
  friends: ReactNode;
}

/**
 * /account (spec §2): the profile, the username to be found by, the linked sign-in methods and
 * friends, then "Your data" (download it, delete the account). The passkey's row and the friends
 * come from their own features (the route puts them here).
 */
export function AccountPage({ passkeyRow, friends }: AccountPageProps) {
  const { t } = useTranslation('account');
  useOAuthErrorToast();
  return (
    <div className="account-page">
      <PageHeader title={t('title')} back={{ to: '/' }} />
      <ProfileForm />
      <LinkedAccounts passkeyRow={passkeyRow} />
      {friends}
      <Suspense fallback={null}>
        <YourData />
      </Suspense>
    </div>
  );
}

/**
 * A failed OAuth link lands here with ?oauth_error=CODE: one toast, then the query is dropped so
 * a reload or going back does not show it again.
 */
function useOAuthErrorToast() {
  const { t } = useTranslation('account');
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  const navigate = useNavigate();
  const shown = useRef<unknown>(undefined);
  const value = search.oauth_error;

  useEffect(() => {
    const message = oauthErrorMessage(value);
    if (!message || shown.current === value) return;
    shown.current = value;
    toast.error(t(message));
    const { oauth_error: _dropped, ...rest } = search;
    void navigate({ to: '.', search: rest as never, replace: true });
  }, [value, search, navigate, t]);
}
