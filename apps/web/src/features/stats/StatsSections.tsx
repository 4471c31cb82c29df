import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { Balances } from '../../lib/api-types';
import { trpc } from '../../lib/trpc';
import { Spinner } from '../../ui/Spinner';
import { CategorySection } from './CategorySection';
import { NetChart, SpendingChart } from './StatsCharts';
import { isEmptyGroup, netBars, type Spending, spendingChart, viewerCalendar } from './stats-data';
import './stats.css';

interface StatsSectionsProps {
  groupId: string;
  balances: Balances;
  /** The viewer's seat, marked in the net chart. */
  me: string | undefined;
}

/**
 * The statistics page's charts (spec §2): each member's net, and the spending over time; a group
 * where nothing was spent or moved yet gets the empty state (with its add-expense link) instead.
 */
export function StatsSections({ groupId, balances, me }: StatsSectionsProps) {
  const { i18n } = useTranslation('stats');
  // Spending over time is summed by the server in the viewer's calendar (a few buckets, never the
  // expenses themselves), so a group of thousands of expenses costs the page no more than a small one.
  const spendingQuery = useQuery(
    trpc.stats.spending.queryOptions({ groupId, ...viewerCalendar(i18n.language) }),
  );
  const { currency, totalCents, members } = balances;
  if (isEmptyGroup(totalCents, members)) return <StatsEmpty groupId={groupId} />;
  const spending = spendingQuery.data ? spendingChart(spendingQuery.data) : undefined;
  return (
    <>
      <NetSection bars={netBars(members, me)} currency={currency} />
      {/* A failed load is silent (spec §7): the time chart is left out. */}
      {spendingQuery.isError ? null : <SpendingSection spending={spending} currency={currency} />}
      <CategorySection groupId={groupId} currency={currency} />
    </>
  );
}

function NetSection({ bars, currency }: { bars: ReturnType<typeof netBars>; currency: string }) {
  const { t } = useTranslation('stats');
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
  const { t } = useTranslation('stats');
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
  const { t } = useTranslation(['stats', 'group']);
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
        {t('group:addExpense')}
      </Link>
    </div>
  );
}
