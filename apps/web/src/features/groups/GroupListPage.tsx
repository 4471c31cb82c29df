import { totalsByCurrency } from '@dolya/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Group, GroupListItem } from '../../lib/api-types';
import { useFormat } from '../../lib/format';
import { useUser } from '../../lib/session';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { TrashIcon } from '../../ui/icons';
import { MemberAvatar } from '../../ui/MemberAvatar';
import { PageHeader } from '../../ui/PageHeader';
import { Spinner } from '../../ui/Spinner';
import './groups.css';

/** The current user's row in a group: matched by account id or the isCurrentUser flag (spec §3). */
export function currentMember(group: Pick<Group, 'users'>, userId: string) {
  return group.users.find((u) => u.isCurrentUser || (u.id !== null && u.id === userId));
}

/** / — the user's groups, newest activity first; admins can delete a group. */
export function GroupListPage() {
  const { t } = useTranslation('groups');
  const user = useUser();
  const queryClient = useQueryClient();
  // A failed load is silent (spec §7): the previous list, or the empty state, stays.
  const groups = useQuery(trpc.groups.list.queryOptions());
  const [toDelete, setToDelete] = useState<Group | null>(null);

  const remove = useMutation(
    trpc.groups.delete.mutationOptions({
      onSuccess: (_, { groupId }) => {
        toast.success(t('deleted'));
        queryClient.removeQueries({ queryKey: trpc.groups.get.queryKey({ groupId }) });
      },
      onError: () => toast.error(t('deleteFailed')),
      onSettled: () => {
        setToDelete(null);
        return queryClient.invalidateQueries({ queryKey: trpc.groups.list.queryKey() });
      },
    }),
  );

  const list = groups.data ?? [];

  return (
    <>
      <PageHeader
        title={t('title')}
        actions={
          <>
            <Link to="/import" className="btn btn-ghost">
              {t('importGroup')}
            </Link>
            <Link to="/new" className="btn btn-primary">
              <span aria-hidden="true">+</span> {t('newGroup')}
            </Link>
          </>
        }
      />
      {groups.isPending ? (
        <Spinner />
      ) : list.length === 0 ? (
        <div className="card groups-empty">
          <span className="groups-empty-mark" aria-hidden="true" />
          <h2 className="groups-empty-title">{t('emptyTitle')}</h2>
          <p className="muted">{t('emptyText')}</p>
          <Link to="/new" className="btn btn-primary">
            {t('createFirst')}
          </Link>
        </div>
      ) : (
        <>
          <HomeTotals groups={list} />
          <ul className="list group-list">
            {list.map((group) => (
              <GroupRow
                key={group.id}
                group={group}
                isAdmin={currentMember(group, user.id)?.isAdmin ?? false}
                onDelete={() => setToDelete(group)}
              />
            ))}
          </ul>
        </>
      )}
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => {
          if (!open && !remove.isPending) setToDelete(null);
        }}
        title={t('deleteTitle')}
        description={toDelete ? t('deleteText', { name: toDelete.name }) : undefined}
        confirmLabel={t('deleteConfirm')}
        danger
        busy={remove.isPending}
        onConfirm={() => {
          if (toDelete) remove.mutate({ groupId: toDelete.id });
        }}
      />
    </>
  );
}

function GroupRow({
  group,
  isAdmin,
  onDelete,
}: {
  group: GroupListItem;
  isAdmin: boolean;
  onDelete(): void;
}) {
  const { t } = useTranslation('groups');
  const format = useFormat();
  const count = group.users.filter((u) => u.membershipStatus !== 'REMOVED').length;
  return (
    <li className="group-row">
      <Link to="/group/$groupId" params={{ groupId: group.id }} className="group-link">
        <MemberAvatar name={group.name} tile />
        <span className="group-main">
          <span className="group-name">{group.name}</span>
          <span className="group-meta muted">
            <span>{t('members', { count })}</span>
            <span aria-hidden="true"> · </span>
            <span>{group.currency}</span>
          </span>
          <span className="group-dates muted">
            <span>{t('createdOn', { date: format.date(group.createdAt) })}</span>
            <span>{t('lastActivityOn', { date: format.date(group.lastActivity) })}</span>
          </span>
        </span>
        <GroupNet cents={group.myNetCents} currency={group.currency} />
      </Link>
      {isAdmin ? (
        <button
          type="button"
          className="icon-btn group-delete"
          aria-label={t('deleteGroupLabel', { name: group.name })}
          onClick={onDelete}
        >
          <TrashIcon />
        </button>
      ) : null}
    </li>
  );
}

/**
 * Across all groups, per currency: what others owe me and what I owe (never added across
 * currencies); "all settled" when every group is even.
 */
function HomeTotals({ groups }: { groups: readonly GroupListItem[] }) {
  const { t } = useTranslation('groups');
  const format = useFormat();
  const totals = totalsByCurrency(groups.map((g) => ({ currency: g.currency, netCents: g.myNetCents })));
  return (
    <section className="card home-totals" aria-labelledby="home-totals-title">
      <h2 id="home-totals-title" className="home-totals-title">
        {t('totalsTitle')}
      </h2>
      {totals.length === 0 ? (
        <p className="muted home-totals-settled">{t('totalsSettled')}</p>
      ) : (
        <dl className="home-totals-list">
          {totals.map((total) => (
            <div key={total.currency} className="home-totals-row">
              <dt className="home-totals-currency">{total.currency}</dt>
              <dd className="home-totals-figures">
                {total.owedToYouCents > 0 ? (
                  <span className="group-net-owed">
                    <span className="home-totals-label">{t('netOwed')}</span>{' '}
                    <strong>{format.money(total.owedToYouCents, total.currency)}</strong>
                  </span>
                ) : null}
                {total.youOweCents > 0 ? (
                  <span className="group-net-owe">
                    <span className="home-totals-label">{t('netOwe')}</span>{' '}
                    <strong>{format.money(total.youOweCents, total.currency)}</strong>
                  </span>
                ) : null}
              </dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}

/** What I am owed in a group (or owe), as Splitwise's list shows it. */
function GroupNet({ cents, currency }: { cents: number; currency: string }) {
  const { t } = useTranslation('groups');
  const format = useFormat();
  if (cents === 0) return <span className="group-net muted">{t('netSettled')}</span>;
  const owed = cents > 0;
  return (
    <span className={owed ? 'group-net group-net-owed' : 'group-net group-net-owe'}>
      <span className="group-net-label">{owed ? t('netOwed') : t('netOwe')}</span>
      <span className="group-net-amount">{format.money(Math.abs(cents), currency)}</span>
    </span>
  );
}
