import { useQuery } from '@tanstack/react-query';
import { useCanGoBack, useNavigate, useRouter } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Balances } from '../../lib/api-types';
import { useFormat } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import { PageHeader } from '../../ui/PageHeader';
import { Spinner } from '../../ui/Spinner';
import { GroupNotFound, isGroupId, isNotFound, LoadFailed } from './shared';
import './group.css';

/** The charts between the total and the members, given the balances and the viewer's seat. */
export type GroupCharts = (balances: Balances, me: string | undefined) => ReactNode;

/**
 * /group/{groupId}/stats: the total and per-member paid, owed and net (spec §2); the charts (the
 * stats feature's) come from the route.
 */
export function GroupStats({ groupId, charts }: { groupId: string; charts: GroupCharts }) {
  const { t } = useTranslation('stats');
  const format = useFormat();
  const router = useRouter();
  const navigate = useNavigate();
  const canGoBack = useCanGoBack();
  const valid = isGroupId(groupId);
  const groupQuery = useQuery({ ...trpc.groups.get.queryOptions({ groupId }), enabled: valid });
  const balancesQuery = useQuery({ ...trpc.balances.get.queryOptions({ groupId }), enabled: valid });

  if (!valid || isNotFound(groupQuery.error) || isNotFound(balancesQuery.error)) return <GroupNotFound />;

  const back = () => {
    if (canGoBack) router.history.back();
    else void navigate({ to: '/group/$groupId', params: { groupId } });
  };
  const header = (
    <PageHeader
      title={
        <>
          {t('statsTitle')}
          {groupQuery.data ? <span className="page-subtitle">{groupQuery.data.name}</span> : null}
        </>
      }
      onBack={back}
    />
  );

  if (balancesQuery.isPending) {
    return (
      <>
        {header}
        <Spinner />
      </>
    );
  }
  if (balancesQuery.isError) {
    return (
      <>
        {header}
        <LoadFailed onRetry={() => void balancesQuery.refetch()} />
      </>
    );
  }

  const { currency, totalCents, members } = balancesQuery.data;
  const me = groupQuery.data?.users.find((u) => u.isCurrentUser)?.memberId;
  return (
    <>
      {header}
      <div className="card stats-total">
        <span className="stats-total-label">{t('total')}</span>
        <span className="stats-total-amount">{format.money(totalCents, currency)}</span>
      </div>
      {charts(balancesQuery.data, me)}
      <section className="group-section" aria-labelledby="stats-members-title">
        <h2 id="stats-members-title" className="group-section-title group-section-head">
          {t('membersTitle')}
        </h2>
        {members.length === 0 ? (
          <div className="card empty">{t('noMembers')}</div>
        ) : (
          <ul className="list">
            {members.map((m) => {
              const sign = Math.sign(m.netCents);
              return (
                <li key={m.memberId} className="stats-row">
                  <span className="stats-main">
                    <span className="stats-name">
                      {m.name}
                      {m.memberId === me ? <span className="muted"> {t('youMark')}</span> : null}
                      {m.removed ? <span className="stats-removed">{t('deleted')}</span> : null}
                    </span>
                    <span className="stats-figures">
                      <span>
                        {t('paid')}: {format.money(m.paidCents, currency)}
                      </span>
                      <span>
                        {t('owed')}: {format.money(m.owedCents, currency)}
                      </span>
                      {m.sentCents > 0 ? (
                        <span>
                          {t('settlementsSent')}: {format.money(m.sentCents, currency)}
                        </span>
                      ) : null}
                      {m.receivedCents > 0 ? (
                        <span>
                          {t('settlementsReceived')}: {format.money(m.receivedCents, currency)}
                        </span>
                      ) : null}
                    </span>
                  </span>
                  <span
                    className={
                      sign > 0 ? 'stats-net positive' : sign < 0 ? 'stats-net negative' : 'stats-net muted'
                    }
                  >
                    <span className="visually-hidden">{t('net')}: </span>
                    {sign > 0 ? '+' : ''}
                    {format.money(m.netCents, currency)}
                  </span>
                </li>
              );
            })}
          </ul>
        )}
      </section>
    </>
  );
}
