import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { expensePagesOptions } from '../../lib/expense-cache';
import { useSession } from '../../lib/session';
import { trpc } from '../../lib/trpc';
import { LogsIcon, PlusIcon, SettingsIcon, StatsIcon } from '../../ui/icons';
import { PageHeader } from '../../ui/PageHeader';
import { Spinner } from '../../ui/Spinner';
import { type DebtSlots, DebtsCard } from './DebtsCard';
import { ExpenseList } from './ExpenseList';

import layout from './GroupDetail.module.css';
import { EMPTY_SEARCH, type SearchState, toApiFilter, viewerTimeZone } from './search-filter';
import { GroupNotFound, isGroupId, isNotFound, LoadFailed, memberNamer } from './shared';
import './group.css';

// The search's code (its filters, their icons) and the writes saved offline (lib/outbox.ts) come
// after the first screen; a box of the search's height holds its place meanwhile.
const ListTop = lazy(() => import('./ListTop'));
// A group never opened here, opened offline: says so (its code only then).
const GroupOffline = lazy(() => import('./GroupOffline'));

/** /group/{groupId}: simplified debts, settle up, and the expense list (spec §2). */
export function GroupDetail({ groupId, ...debtSlots }: { groupId: string } & DebtSlots) {
  const { t } = useTranslation('group');
  const session = useSession();
  const valid = isGroupId(groupId);
  const groupQuery = useQuery({ ...trpc.groups.get.queryOptions({ groupId }), enabled: valid });
  const balancesQuery = useQuery({ ...trpc.balances.get.queryOptions({ groupId }), enabled: valid });
  const [search, setSearch] = useState<SearchState>(EMPTY_SEARCH);
  const filter = useMemo(() => toApiFilter(search, viewerTimeZone()), [search]);
  // The debts come from balances.get, so they never wait for the list's pages. While a search is
  // asked for, the list shown stays until its answer comes.
  const expensesQuery = useInfiniteQuery({
    ...expensePagesOptions(groupId, filter),
    enabled: valid,
    placeholderData: keepPreviousData,
  });
  const categoriesQuery = useQuery({ ...trpc.categories.list.queryOptions({ groupId }), enabled: valid });

  if (!valid || isNotFound(groupQuery.error)) return <GroupNotFound />;
  if (groupQuery.isPending)
    return groupQuery.fetchStatus === 'paused' ? <GroupOffline groupId={groupId} /> : <Spinner full />;
  if (groupQuery.isError) return <LoadFailed onRetry={() => void groupQuery.refetch()} />;

  const group = groupQuery.data;
  const me = group.users.find(
    (u) => u.isCurrentUser || (session.data && u.id !== null && u.id === session.data.id),
  );
  const nameOf = memberNamer(group, balancesQuery.data?.members);

  const header = (
    <PageHeader
      title={group.name}
      back={{ to: '/' }}
      actions={
        <>
          <Link
            to="/group/$groupId/stats"
            params={{ groupId }}
            className="icon-btn"
            aria-label={t('statsLabel')}
            title={t('statsLabel')}
          >
            <StatsIcon />
          </Link>
          <Link
            to="/group/$groupId/logs"
            params={{ groupId }}
            className="icon-btn"
            aria-label={t('logsLabel')}
            title={t('logsLabel')}
          >
            <LogsIcon />
          </Link>
          <Link
            to="/group/$groupId/settings"
            params={{ groupId }}
            className="icon-btn"
            aria-label={t('settingsLabel')}
            title={t('settingsLabel')}
          >
            <SettingsIcon />
          </Link>
        </>
      }
    />
  );

  if (!me) {
    return (
      <>
        {header}
        <div className="card group-state" role="alert">
          <p className="group-state-text">{t('currentUserNotFound')}</p>
        </div>
      </>
    );
  }

  return (
    <div className={layout.layout} data-layout="group">
      <div className={layout.header}>{header}</div>
      <div className={layout.debts}>
        <DebtsCard
          groupId={groupId}
          currency={group.currency}
          me={me.memberId}
          members={group.users.filter((u) => u.membershipStatus !== 'REMOVED')}
          balances={balancesQuery.data}
          balancesPending={balancesQuery.isPending}
          balancesFailed={balancesQuery.isError}
          nameOf={nameOf}
          {...debtSlots}
        />
      </div>
      <section className={`group-section ${layout.expenses}`} aria-labelledby="group-expenses-title">
        <div className="group-section-head">
          <h2 id="group-expenses-title" className="group-section-title">
            {t('expensesTitle')}
          </h2>
          <Link to="/group/$groupId/new-expense" params={{ groupId }} className="btn btn-primary">
            <PlusIcon size={18} />
            {t('addExpense')}
          </Link>
        </div>
        <Suspense fallback={<div className="expense-search-placeholder" />}>
          <ListTop
            value={search}
            onChange={setSearch}
            members={group.users.filter((u) => u.membershipStatus !== 'REMOVED')}
            categories={categoriesQuery.data ?? []}
          />
        </Suspense>
        {expensesQuery.isPending ? (
          <Spinner />
        ) : filter && expensesQuery.data?.pages[0]?.items.length === 0 && !expensesQuery.isPlaceholderData ? (
          <div className="card empty" role="status">
            <p className="group-empty-title">{t('searchNothing')}</p>
            <p className="group-empty-text">{t('searchNothingText')}</p>
          </div>
        ) : (
          // A failed load is silent (spec §7): the list is shown empty.
          <ExpenseList
            groupId={groupId}
            currency={group.currency}
            me={me.memberId}
            expenses={expensesQuery.data?.pages.flatMap((page) => page.items) ?? []}
            more={{
              // A page that failed to load stays offered: the button tries it again.
              hasMore: expensesQuery.hasNextPage,
              loading: expensesQuery.isFetchingNextPage,
              load: () => void expensesQuery.fetchNextPage(),
            }}
            nameOf={nameOf}
          />
        )}
      </section>
    </div>
  );
}
