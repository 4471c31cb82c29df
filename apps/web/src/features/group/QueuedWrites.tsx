import { useMutationState, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../lib/format';
import { discardWrite, OUTBOX_KEY, type QueuedWrite, refusalReason, writeOf } from '../../lib/outbox';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { CrossIcon } from '../../ui/icons';
import { Spinner } from '../../ui/Spinner';
import type { SettleDraft } from './SettleUpForm';
import { memberNamer } from './shared';
import './queued.css';

// A refused payment is fixed in the settle-up form, opened under its row (its own chunk).
const FixPayment = lazy(() => import('./FixPayment'));

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

/**
 * A refused payment recorded in the settle-up form (its draft is the form's; one queued before the
 * form kept it has none): fixed in that form, under its row. A refused expense opens its form.
 */
const isPayment = (write: QueuedWrite) =>
  write.kind === 'create' &&
  write.input.settlement === true &&
  (!write.draft || (write.draft as Partial<SettleDraft>).form === 'settle');

function QueuedList({ groupId, rows }: { groupId: string; rows: Row[] }) {
  const { t } = useTranslation('offline');
  const { t: tc } = useTranslation();
  const uid = useId();
  // The refused payment whose form is open, by its mutation's id.
  const [fixing, setFixing] = useState<number | null>(null);
  const { t: tg } = useTranslation('group');
  // The group page has both (its first screen waits for them).
  const group = useQuery(trpc.groups.get.queryOptions({ groupId })).data;
  const balances = useQuery(trpc.balances.get.queryOptions({ groupId })).data;
  const queryClient = useQueryClient();
  const format = useFormat();
  const nameOf = memberNamer(group, balances?.members);
  const me = group?.users.find((u) => u.isCurrentUser)?.memberId;
  // A payment says whose it is, as the debts do ("Аня → вам"): which one was refused matters.
  const who = (id: string, to: boolean) =>
    id === me ? tg(to ? 'toYou' : 'you') : (nameOf(id) ?? tg('unknownMember'));
  const payment = (input: { settlementFromId?: string | null; settlementToId?: string | null }) =>
    input.settlementFromId && input.settlementToId
      ? t('paymentOf', { from: who(input.settlementFromId, false), to: who(input.settlementToId, true) })
      : t('payment');

  const title = ({ write }: Row) => {
    if (write.kind === 'delete')
      return t('deleteOf', { name: write.draft.settlement ? t('payment') : write.draft.name });
    const name = write.input.settlement ? payment(write.input) : (write.input.name ?? '');
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
            <span className="queued-amount">{format.money(amount(row)!, group?.currency)}</span>
          )}
          <span className="queued-actions">
            {row.refused && isPayment(row.write) ? (
              <button
                type="button"
                className="btn queued-fix"
                aria-expanded={fixing === row.id}
                aria-controls={fixing === row.id ? `${uid}-${row.id}` : undefined}
                onClick={() => setFixing(fixing === row.id ? null : row.id)}
              >
                {fixing === row.id ? tc('cancel') : t('fix')}
              </button>
            ) : row.refused && row.write.draft && row.write.kind !== 'delete' ? (
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
          {fixing === row.id && row.write.kind === 'create' ? (
            <div id={`${uid}-${row.id}`} className="queued-fix-form">
              <Suspense fallback={<Spinner />}>
                <FixPayment
                  groupId={groupId}
                  mutationId={row.id}
                  input={row.write.input}
                  draft={row.write.draft as SettleDraft | null}
                  onDone={() => setFixing(null)}
                />
              </Suspense>
            </div>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
