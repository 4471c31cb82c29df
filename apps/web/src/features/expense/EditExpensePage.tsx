import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useBlocker, useNavigate, useParams } from '@tanstack/react-router';
import { useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Expense } from '../../lib/api-types';
import { afterExpenseDeleted, afterExpenseSaved } from '../../lib/expense-cache';
import { usedCurrencies, useFxRate } from '../../lib/fx/rates';
import { discardWrite, queueWrite, refusedWrite, writeOf } from '../../lib/outbox';
import { haptic } from '../../lib/telegram/haptics';
import { submitForm, useMainButton } from '../../lib/telegram/useMainButton';
import { toast } from '../../lib/toast';
import { errorCode, trpc } from '../../lib/trpc';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { TrashIcon } from '../../ui/icons';
import { PageHeader } from '../../ui/PageHeader';
import { Spinner } from '../../ui/Spinner';
import { ExpenseForm } from './ExpenseForm';
import { ExpenseNotFound, ExpenseOffline, GroupNotFound, RefusedNotice } from './ExpenseStates';
import { snapshotAsPaid } from './foreign-items';
import { draftFromExpense, type ExpenseDraft, formMembers, toApiInput } from './model';
import { type RepeatDraft, repeatFromRule, toRecurrence } from './repeat';
import { ScopeDialog, type SeriesScope } from './ScopeDialog';
import { SeriesLine } from './SeriesLine';

/** /group/{groupId}/expense/{expenseId} (spec §2): the same form, with save and delete in the header. */
export function EditExpensePage() {
  const { groupId, expenseId } = useParams({ from: '/_app/group/$groupId/expense/$expenseId' });
  const queryClient = useQueryClient();
  // Fixing a change refused by the server (lib/outbox.ts) starts from the current version, never
  // from one kept on the device: the form waits for it.
  const [fixing] = useState(() => refusedWrite(queryClient, { expenseId }) !== undefined);
  const group = useQuery(trpc.groups.get.queryOptions({ groupId }));
  const expenseQuery = useQuery({
    ...trpc.expenses.get.queryOptions({ groupId, expenseId }),
    ...(fixing ? { refetchOnMount: 'always' as const } : {}),
  });
  const expense = expenseQuery.data;

  // Never opened here and offline: nothing kept to show until the connection is back.
  if (expenseQuery.isPending && expenseQuery.fetchStatus === 'paused')
    return <ExpenseOffline groupId={groupId} />;
  if (group.isPending || expenseQuery.isPending || (fixing && !expenseQuery.isFetchedAfterMount))
    return <Spinner />;
  if (group.isError) return <GroupNotFound />;
  if (!expense || expense.groupId !== groupId) return <ExpenseNotFound groupId={groupId} />;
  // A newer version (after a conflict or another tab's save) starts the form afresh.
  return (
    <EditExpense
      key={`${expense.id}:${expense.version}`}
      groupId={groupId}
      expense={expense}
      users={group.data.users}
      currency={group.data.currency}
      timeZone={group.data.timeZone}
    />
  );
}

interface EditExpenseProps {
  groupId: string;
  expense: Expense;
  users: Parameters<typeof formMembers>[0];
  currency: string;
  timeZone: string;
}

/** The series' rule on the Repeat chip while it still repeats (issue 28); off for a stopped or no series. */
function seriesRepeat(expense: Expense): RepeatDraft | undefined {
  const series = expense.series;
  return series && series.state !== 'stopped' ? repeatFromRule(series) : undefined;
}

/** What a save sends about the repeat (issue 28): a changed rule, null to stop, or nothing. */
function recurrenceChange(expense: Expense, draft: ExpenseDraft, scope: SeriesScope | undefined) {
  if (expense.settlement || scope === 'this') return {};
  const before = toRecurrence(seriesRepeat(expense));
  const after = toRecurrence(draft.repeat);
  return JSON.stringify(before) === JSON.stringify(after) ? {} : { recurrence: after };
}

function EditExpense({ groupId, expense, users, currency, timeZone }: EditExpenseProps) {
  const { t, i18n } = useTranslation('expense');
  const { t: tc } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const formId = useId();
  const categories = useQuery(trpc.categories.list.queryOptions({ groupId }));
  const [confirmDelete, setConfirmDelete] = useState(false);
  const members = useMemo(() => formMembers(users, expense), [users, expense]);
  const used = useMemo(() => usedCurrencies(queryClient, groupId), [queryClient, groupId]);
  // The receipt as first recognised, in the currency it was paid in (issue 26).
  const snapshot = useMemo(
    () =>
      expense.snapshot
        ? snapshotAsPaid(
            expense.snapshot,
            expense,
            members.map((m) => m.id),
          )
        : expense.snapshot,
    [expense, members],
  );
  // The item menu is a group admin's or the expense creator's (spec §4); the server holds to it too.
  const me = users.find((u) => u.isCurrentUser);
  const canManageItems = !!me && (me.isAdmin || expense.createdById === me.memberId);
  const decimal = i18n.language === 'en' ? '.' : ',';
  // A change made offline and refused by the server (lib/outbox.ts) opens with what was typed then,
  // over the current version; saving it replaces it.
  const [refused] = useState(() => refusedWrite(queryClient, { expenseId: expense.id }));
  const refusedDraft = refused ? (writeOf(refused)?.draft as ExpenseDraft | null) : null;
  // The form keeps its own state; the initial draft is read once.
  const initial = useMemo(
    () => refusedDraft ?? { ...draftFromExpense(expense, members, decimal), repeat: seriesRepeat(expense) },
    [refusedDraft, expense, members, decimal],
  );
  // Issue 28: saving an expense of a series that still repeats first asks "only this one" or "following".
  const inSeries = !expense.settlement && !!expense.series && expense.series.state !== 'stopped';
  const [asking, setAsking] = useState<ExpenseDraft | null>(null);
  // Leaving with unsaved changes asks first (issue 27); a save or a delete leaves without asking.
  const [dirty, setDirty] = useState(false);
  const done = useRef(false);
  const blocker = useBlocker({
    shouldBlockFn: () => dirty && !done.current,
    enableBeforeUnload: () => dirty && !done.current,
    withResolver: true,
  });
  const backToGroup = () => {
    done.current = true;
    return navigate({ to: '/group/$groupId', params: { groupId } });
  };

  const update = useMutation(
    trpc.expenses.update.mutationOptions({
      onSuccess: () => {
        haptic('success');
        if (refused) discardWrite(queryClient, refused.mutationId);
        toast.success(t('updated'));
        void backToGroup();
        void afterExpenseSaved(queryClient, groupId, expense.id);
      },
      onError: (error) => {
        haptic('error');
        if (errorCode(error) === 'CONFLICT') {
          // Someone saved it meanwhile: say so generically and load the current version.
          toast.error(tc('genericError'));
          void queryClient.invalidateQueries(
            trpc.expenses.get.queryFilter({ groupId, expenseId: expense.id }),
          );
        } else {
          toast.error(t('updateFailed'));
        }
      },
    }),
  );
  const remove = useMutation(
    trpc.expenses.delete.mutationOptions({
      onSuccess: () => {
        haptic('success');
        setConfirmDelete(false);
        toast.success(t('deleted'));
        void backToGroup();
        void afterExpenseDeleted(queryClient, groupId, expense.id);
      },
      onError: () => {
        haptic('error');
        setConfirmDelete(false);
        toast.error(t('deleteFailed'));
      },
    }),
  );
  const busy = update.isPending || remove.isPending;
  const mainButton = useMainButton({
    text: t('save'),
    busy: update.isPending,
    disabled: busy,
    onClick: () => submitForm(formId),
  });

  const submit = (draft: ExpenseDraft, scope?: SeriesScope) => {
    if (inSeries && !scope) {
      setAsking(draft);
      return;
    }
    setAsking(null);
    const input = {
      groupId,
      expenseId: expense.id,
      version: expense.version,
      ...toApiInput(draft, members, t('settlementName')),
      ...recurrenceChange(expense, draft, scope),
      ...(scope ? { seriesScope: scope } : {}),
    };
    if (navigator.onLine) {
      update.mutate(input);
      return;
    }
    // Offline the change is queued with the version it was made on, shown in the group's list as
    // waiting, and sent when the connection is back (lib/outbox.ts).
    if (refused) discardWrite(queryClient, refused.mutationId);
    queueWrite(queryClient, { kind: 'update', input, draft });
    toast.info(t('queuedToast', { ns: 'offline' }));
    void backToGroup();
  };

  return (
    <>
      <PageHeader
        title={expense.settlement ? t('settlementTitle') : t('editTitle')}
        back={{ to: '/group/$groupId', params: { groupId } }}
        actions={
          <button
            type="button"
            className="icon-btn expense-delete"
            aria-label={t('deleteLabel')}
            title={t('deleteLabel')}
            disabled={busy}
            onClick={() => setConfirmDelete(true)}
          >
            <TrashIcon />
          </button>
        }
      />
      {refused ? <RefusedNotice error={refused.state.error} /> : null}
      {expense.series && !expense.settlement ? (
        <SeriesLine groupId={groupId} name={expense.name} series={expense.series} />
      ) : null}
      <ExpenseForm
        formId={formId}
        members={members}
        currency={currency}
        categories={categories.data ?? []}
        useRate={useFxRate}
        usedCurrencies={used}
        initial={initial}
        originalMode={expense.settlement ? 'amounts' : expense.splitMethod}
        canManageItems={canManageItems}
        snapshot={snapshot}
        snapshotCurrency={expense.original?.currency}
        timeZone={expense.settlement ? undefined : timeZone}
        busy={busy}
        submitLabel={mainButton ? undefined : t('save')}
        onDirtyChange={setDirty}
        onSubmit={submit}
      />
      <ScopeDialog
        open={asking !== null}
        busy={update.isPending}
        onChoose={(scope) => asking && submit(asking, scope)}
        onCancel={() => setAsking(null)}
      />
      <ConfirmDialog
        open={blocker.status === 'blocked'}
        onOpenChange={(open) => {
          if (!open) blocker.reset?.();
        }}
        title={t('leaveTitle')}
        description={t('leaveText')}
        confirmLabel={t('leaveConfirm')}
        danger
        onConfirm={() => blocker.proceed?.()}
      />
      <ConfirmDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title={t('deleteTitle')}
        description={expense.settlement ? t('deleteSettlementText') : t('deleteText', { name: expense.name })}
        confirmLabel={t('deleteConfirm')}
        danger
        busy={remove.isPending}
        onConfirm={() => remove.mutate({ groupId, expenseId: expense.id })}
      />
    </>
  );
}
