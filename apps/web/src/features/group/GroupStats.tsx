import { useQuery } from '@tanstack/react-query';
import { Link, useCanGoBack, useNavigate, useRouter } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import { PageHeader } from '../../ui/PageHeader';
import { Spinner } from '../../ui/Spinner';
import { NetChart, SpendingChart } from '../stats/StatsCharts';
import { isEmptyGroup, netBars, type Spending, spendingChart, viewerCalendar } from '../stats/stats-data';
import { GroupNotFound, isGroupId, isNotFound, LoadFailed } from './shared';
import './group.css';

/** /group/{groupId}/stats: the total and per-member paid, owed and net (spec §2). */
export function GroupStats({ groupId }: { groupId: string }) {
  const { t, i18n } = useTranslation('group');
  const format = useFormat();
  const router = useRouter();
  const navigate = useNavigate();
  const canGoBack = useCanGoBack();
  const valid = isGroupId(groupId);
  const groupQuery = useQuery({ ...trpc.groups.get.queryOptions({ groupId }), enabled: valid });
  const balancesQuery = useQuery({ ...trpc.balances.get.queryOptions({ groupId }), enabled: valid });
  // Spending over time is summed by the server in the viewer's calendar (a few buckets, never the
  // expenses themselves), so a group of thousands of expenses costs the page no more than a small one.
  const spendingQuery = useQuery({
    ...trpc.stats.spending.queryOptions({ groupId, ...viewerCalendar(i18n.language) }),
    enabled: valid,
  });

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
  const empty = isEmptyGroup(totalCents, members);
  const spending = spendingQuery.data ? spendingChart(spendingQuery.data) : undefined;
  return (
    <>
      {header}
      <div className="card stats-total">
        <span className="stats-total-label">{t('total')}</span>
        <span className="stats-total-amount">{format.money(totalCents, currency)}</span>
      </div>
      {empty ? (
        <StatsEmpty groupId={groupId} />
      ) : (
        <>
          <NetSection bars={netBars(members, me)} currency={currency} />
          {/* A failed load is silent (spec §7): the time chart is left out. */}
          {spendingQuery.isError ? null : <SpendingSection spending={spending} currency={currency} />}
        </>
      )}
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

function NetSection({ bars, currency }: { bars: ReturnType<typeof netBars>; currency: string }) {
  const { t } = useTranslation('group');
  const even = bars.every((bar) => bar.sign === 0);
  return (
    <section className="card stats-chart-card" aria-labelledby="stats-net-title">
      <div className="stats-chart-head">
        <h2 id="stats-net-title" className="stats-chart-title">
          {t('netChartTitle')}
        </h2>
      </div>
      {even ? (
        <p className="stats-chart-note">{t('netAllEven')}</p>
      ) : (
        <>
          <p className="stats-chart-note">{t('netChartHint')}</p>
          <NetChart bars={bars} currency={currency} />
        </>
      )}
    </section>
  );
}

const GRANULARITY_KEYS = { day: 'spendingByDay', week: 'spendingByWeek', month: 'spendingByMonth' } as const;

function SpendingSection({ spending, currency }: { spending: Spending | undefined; currency: string }) {
  const { t } = useTranslation('group');
  const hasData = spending !== undefined && spending.buckets.length > 0;
  return (
    <section className="card stats-chart-card" aria-labelledby="stats-spending-title">
      <div className="stats-chart-head">
        <h2 id="stats-spending-title" className="stats-chart-title">
          {t('spendingTitle')}
        </h2>
        {hasData ? <span className="muted">{t(GRANULARITY_KEYS[spending.granularity])}</span> : null}
      </div>
      {spending === undefined ? (
        <Spinner />
      ) : hasData ? (
        <SpendingChart spending={spending} currency={currency} />
      ) : (
        <p className="stats-chart-note">{t('spendingNone')}</p>
      )}
    </section>
  );
}

function StatsEmpty({ groupId }: { groupId: string }) {
  const { t } = useTranslation('group');
  return (
    <div className="card stats-empty">
      <svg className="stats-empty-art" width="56" height="56" viewBox="0 0 56 56" aria-hidden="true">
        <rect x="8" y="30" width="9" height="18" rx="2" fill="currentColor" opacity="0.45" />
        <rect x="23.5" y="18" width="9" height="30" rx="2" fill="currentColor" opacity="0.7" />
        <rect x="39" y="8" width="9" height="40" rx="2" fill="currentColor" />
      </svg>
      <p className="stats-empty-title">{t('statsEmptyTitle')}</p>
      <p className="stats-empty-text">{t('statsEmptyText')}</p>
      <Link to="/group/$groupId/new-expense" params={{ groupId }} className="btn btn-primary">
        {t('addExpense')}
      </Link>
    </div>
  );
}
