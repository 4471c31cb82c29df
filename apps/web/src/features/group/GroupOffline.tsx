import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { trpc } from '../../lib/trpc';
import { PageHeader } from '../../ui/PageHeader';

/**
 * A group never opened on this device, opened offline (issue 27): nothing of it was kept, so the
 * screen says so, under the group's name when the kept group list has it, instead of a spinner
 * that never ends. Its queries wait for the connection: once it is back the group page replaces
 * this by itself. Its own chunk, with the `offline` texts.
 */
export default function GroupOffline({ groupId }: { groupId: string }) {
  const { t } = useTranslation('offline');
  const { t: tg } = useTranslation('group');
  // Read from what was kept, never asked for here (it would wait for the connection too).
  const name = useQuery({ ...trpc.groups.list.queryOptions(), enabled: false }).data?.find(
    (group) => group.id === groupId,
  )?.name;

  return (
    <>
      <PageHeader title={name ?? t('notKeptTitle')} back={{ to: '/' }} />
      <div className="card group-state" role="status">
        {name ? <p className="group-empty-title">{t('notKeptTitle')}</p> : null}
        <p className="group-state-text">{t('notKeptGroup')}</p>
        <Link to="/" className="btn">
          {tg('backToGroups')}
        </Link>
      </div>
    </>
  );
}
