import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { trpc } from '../../lib/trpc';
import { BellIcon } from '../../ui/icons';
import { createHandoff, StandInButton } from '../../ui/StandIn';
import { NOTIFICATION_POLL_MS, toInviteItems } from './model';
import './notifications.css';

const NotificationPanel = lazy(() => import('./NotificationPanel'));
const handoff = createHandoff();

/**
 * Header bell with the count of open invites. Its panel (Radix's popover and dialog, about 20 kB
 * gzipped) is fetched after the first screen (issue 14); until then a look-alike bell stands in.
 */
export function NotificationBell() {
  const { t } = useTranslation('notifications');
  const list = useQuery(
    trpc.notifications.list.queryOptions(undefined, { refetchInterval: NOTIFICATION_POLL_MS }),
  );
  const count = toInviteItems(list.data).length;
  const bell = (
    <>
      <BellIcon />
      {count > 0 ? (
        <span className="notif-badge" aria-hidden="true">
          {count > 99 ? '99+' : count}
        </span>
      ) : null}
    </>
  );
  const label = count > 0 ? t('bellWithCount', { count }) : t('bell');
  return (
    <Suspense
      fallback={
        <StandInButton
          handoff={handoff}
          className="icon-btn notif-bell"
          aria-label={label}
          aria-haspopup="dialog"
        >
          {bell}
        </StandInButton>
      }
    >
      <NotificationPanel list={list} label={label} bell={bell} handoff={handoff} />
    </Suspense>
  );
}
