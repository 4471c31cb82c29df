import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { SessionUser } from '../../lib/session';
import { createHandoff, StandInButton } from '../../ui/StandIn';
import { Avatar } from '../../ui/UserAvatar';

const UserMenuPanel = lazy(() => import('./UserMenuPanel'));
const handoff = createHandoff();

/**
 * The avatar button in the header and its menu. Radix's dropdown menu is about 20 kB gzipped that
 * the first screen does without (issue 14): a look-alike button stands in until it is fetched.
 */
export function UserMenu({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  return (
    <Suspense
      fallback={
        <StandInButton
          handoff={handoff}
          className="avatar-btn"
          aria-label={t('userMenu')}
          aria-haspopup="menu"
        >
          <Avatar name={user.name} className="header-avatar" />
        </StandInButton>
      }
    >
      <UserMenuPanel user={user} handoff={handoff} />
    </Suspense>
  );
}
