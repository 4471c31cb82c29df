import type { Cents } from '@dolya/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { RotateCcw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { afterExpenseSaved } from '../../lib/expense-cache';
import { useFormat } from '../../lib/format';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { PageHeader } from '../../ui/PageHeader';
import { Spinner } from '../../ui/Spinner';
import { describeLog, type LogEntryLike, type Translate } from './log-text';
import { GroupNotFound, isGroupId, isNotFound } from './shared';
import './group.css';

/** /group/{groupId}/logs: events with date and time, actor or 'system', and the message (spec §2). */
export function GroupLogs({ groupId }: { groupId: string }) {
  const { t } = useTranslation('group');
  // The entries' texts: the log's own, then the group's (paidBySeveral, shared with the list).
  const { t: tLog } = useTranslation(['logs', 'group']);
  const format = useFormat();
  const valid = isGroupId(groupId);
  const groupQuery = useQuery({ ...trpc.groups.get.queryOptions({ groupId }), enabled: valid });
  const logsQuery = useQuery({ ...trpc.logs.list.queryOptions({ groupId }), enabled: valid });
  const queryClient = useQueryClient();
  const restore = useMutation(
    trpc.expenses.restore.mutationOptions({
      onSuccess: (_result, { expenseId }) => {
        toast.success(t('expenseRestored'));
        // The log (its new line), the list, the balances, the charts: as after a save.
        return afterExpenseSaved(queryClient, groupId, expenseId);
      },
      onError: () => toast.error(t('expenseRestoreFailed')),
    }),
  );

  if (!valid || isNotFound(groupQuery.error) || isNotFound(logsQuery.error)) return <GroupNotFound />;

  const groupCurrency = groupQuery.data?.currency;
  const money = (cents: Cents, currency: string | undefined) =>
    format.money(cents, currency ?? groupCurrency);
  // Keys are chosen at run time from the action; i18next's typed keys cannot follow that.
  const translate = tLog as unknown as Translate;
  const describe = (entry: LogEntryLike) => describeLog(entry, translate, money);
  // A failed load is silent (spec §7): the list is shown empty.
  const entries = logsQuery.data ?? [];
  // A restore button on the newest deletion of each expense still deleted, for who may restore it.
  const offered = new Set<string>();
  const restorable = new Set<string>();
  for (const entry of entries) {
    const expenseId = entry.details?.expenseId;
    if (!entry.restorable || typeof expenseId !== 'string' || offered.has(expenseId)) continue;
    offered.add(expenseId);
    restorable.add(entry.id);
  }
  return (
    <>
      <PageHeader
        title={
          <>
            {t('logsTitle')}
            {groupQuery.data ? <span className="page-subtitle">{groupQuery.data.name}</span> : null}
          </>
        }
        back={{ to: '/group/$groupId', params: { groupId } }}
      />
      {logsQuery.isPending || groupQuery.isPending ? (
        <Spinner />
      ) : entries.length === 0 ? (
        <div className="card empty">{t('noEvents')}</div>
      ) : (
        <ul className="list">
          {entries.map((entry) => (
            <li key={entry.id} className="log-row">
              <span className="log-head">
                <span className={entry.actor ? 'log-actor' : 'log-actor muted'}>
                  {entry.actor?.name || t('system')}
                </span>
                <time className="log-date" dateTime={entry.date}>
                  {format.dateTime(entry.date)}
                </time>
              </span>
              <span className="log-message">{describe(entry)}</span>
              {restorable.has(entry.id) ? (
                <button
                  type="button"
                  className="btn log-restore"
                  disabled={restore.isPending}
                  aria-label={t('restoreLabel', { name: describe(entry) })}
                  onClick={() => restore.mutate({ groupId, expenseId: entry.details?.expenseId as string })}
                >
                  <RotateCcw size={16} aria-hidden="true" />
                  {t('restore')}
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
