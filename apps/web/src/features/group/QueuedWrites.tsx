import { useMutationState, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../lib/format';
import { discardWrite, OUTBOX_KEY, type QueuedWrite, refusalReason, writeOf } from '../../lib/outbox';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { CrossIcon } from '../../ui/icons';
import './queued.css';

interface Row {
  id: number;
  write: QueuedWrite;
  refused: boolean;
  error: unknown;
}

/**
 * The group's expenses and payments saved offline and not yet on the server (lib/outbox.ts),
 * above its list: "waiting to send", or refused with the server's reason, with Fix (the form
 * opens with what was typed) and Discard. Its own chunk, after the first screen.
 */
export default function QueuedWrites() {
  // The group page's (not strict: its route is composed in tests too).
  const groupId = useParams({ strict: false }).groupId ?? '';
  const rows = useMutationState<Row>({
    filters: {
      mutationKey: OUTBOX_KEY,
      predicate: (m) => m.state.status !== 'success' && writeOf(m)?.input.groupId === groupId,
    },
    select: (m) => ({
      id: m.mutationId,
      write: writeOf(m)!,
      refused: m.state.status === 'error',
      error: m.state.error,
    }),
  });
  // Nothing queued: nothing rendered, and the texts (the `app` chunk) are not asked for.
  return rows.length ? <QueuedList groupId={groupId} rows={rows} /> : null;
}

function QueuedList({ groupId, rows }: { groupId: string; rows: Row[] }) {
  const { t } = useTranslation('offline');
  // The group page has it (its first screen waits for it).
  const currency = useQuery(trpc.groups.get.queryOptions({ groupId })).data?.currency;
  const queryClient = useQueryClient();
  const format = useFormat();

  const title = ({ write }: Row) => {
    if (write.kind === 'delete')
      return t('deleteOf', { name: write.draft.settlement ? t('payment') : write.draft.name });
    const name = write.input.settlement ? t('payment') : (write.input.name ?? '');
    return write.kind === 'update' ? t('editOf', { name }) : name;
  };
  const amount = ({ write }: Row) =>
    write.kind === 'delete' ? write.draft.amountCents : write.input.amountCents;

  return (
    <ul className="list expense-list queued-list" aria-label={t('waiting')}>
      {rows.map((row) => (
        <li key={row.id} className="queued-row" data-state={row.refused ? 'refused' : 'waiting'}>
          <span className="queued-main">
            <span className="expense-name">{title(row)}</span>
            <span className="queued-status" role={row.refused ? 'alert' : undefined}>
              {row.refused ? t('refused', { reason: t(refusalReason(row.error)) }) : t('waiting')}
            </span>
          </span>
          {amount(row) === undefined ? null : (
            <span className="queued-amount">{format.money(amount(row)!, currency)}</span>
          )}
          <span className="queued-actions">
            {row.refused && row.write.draft && row.write.kind !== 'delete' ? (
              row.write.kind === 'update' ? (
                <Link
                  to="/group/$groupId/expense/$expenseId"
                  params={{ groupId, expenseId: row.write.input.expenseId }}
                  className="btn queued-fix"
                >
                  {t('fix')}
                </Link>
              ) : (
                <Link
                  to="/group/$groupId/new-expense"
                  params={{ groupId }}
                  search={{ fix: row.write.input.idempotencyKey }}
                  className="btn queued-fix"
                >
                  {t('fix')}
                </Link>
              )
            ) : null}
            <button
              type="button"
              className="icon-btn"
              aria-label={t('discardLabel', { name: title(row) })}
              title={t('discard')}
              onClick={() => {
                discardWrite(queryClient, row.id);
                toast.info(t('discarded'));
              }}
            >
              <CrossIcon />
            </button>
          </span>
        </li>
      ))}
    </ul>
  );
}
