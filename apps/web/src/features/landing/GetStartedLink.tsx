import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../lib/session';

/** Get started: to sign-in, or straight to the groups for a visitor who is signed in already. */
export function GetStartedLink({ className, children }: { className?: string; children?: ReactNode }) {
  const { t } = useTranslation('landing');
  const { data: user } = useSession();
  return (
    <Link to={user ? '/' : '/login'} className={className}>
      {user ? t('openApp') : t('getStarted')}
      {children}
    </Link>
  );
}
