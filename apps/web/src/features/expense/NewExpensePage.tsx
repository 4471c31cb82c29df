import { skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { afterExpenseSaved } from '../../lib/expense-cache';
import { usedCurrencies, useFxRate } from '../../lib/fx/rates';
import { useIdempotencyKey } from '../../lib/idempotency';
import { discardWrite, queueWrite, refusedWrite, writeOf } from '../../lib/outbox';
import { haptic } from '../../lib/telegram/haptics';
import { submitForm, useMainButton } from '../../lib/telegram/useMainButton';
import { toast } from '../../lib/toast';
import { errorCode, trpc } from '../../lib/trpc';
import { PageHeader } from '../../ui/PageHeader';
import { Spinner } from '../../ui/Spinner';
import { ExpenseForm } from './ExpenseForm';
import { GroupNotFound, RefusedNotice } from './ExpenseStates';
import {
  draftFromBotDraft,
  type ExpenseDraft,
  formMembers,
  isUsableBotDraft,
  newDraft,
  toApiInput,
} from './model';
import { toRecurrence } from './repeat';

interface NewExpensePageProps {
  groupId: string;
  /** `?draft=<id>`: a bot draft to prefill from; saving consumes it. */
  draftId?: string;
  /** The header's AI button (the bot's; the route puts it here). */
  aiEntry: ReactNode;
  /** `?fix=<key>`: a write queued offline that the server refused, to fix (lib/outbox.ts). */
  fixKey?: string;
}

/** /group/{groupId}/new-expense (spec §2), optionally prefilled from a bot draft. */
export function NewExpensePage({ groupId, draftId, aiEntry, fixKey }: NewExpensePageProps) {
  const { t, i18n } = useTranslation('expense');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const formId = useId();
  const group = useQuery(trpc.groups.get.queryOptions({ groupId }));
  // The form shows the default category at once; the others come with this list.
  const categories = useQuery(trpc.categories.list.queryOptions({ groupId }));
  const botDraft = useQuery({
    ...trpc.drafts.get.queryOptions(draftId ? { draftId } : skipToken),
    retry: false,
  });
  const members = useMemo(() => (group.data ? formMembers(group.data.users) : []), [group.data]);
  const used = useMemo(() => usedCurrencies(queryClient, groupId), [queryClient, groupId]);
  const usableDraft = botDraft.data && isUsableBotDraft(botDraft.data, groupId) ? botDraft.data : undefined;
  const draftPending = draftId !== undefined && botDraft.isPending;
  const draftUnavailable = draftId !== undefined && !draftPending && !usableDraft;
  // Cleared when saving finds the draft closed: the next save adds a plain expense.
  const [consumesDraft, setConsumesDraft] = useState(true);
  const decimal = i18n.language === 'en' ? '.' : ',';
  // A refused offline write opens with what was typed then; saving it replaces it.
  const [refused] = useState(() => (fixKey ? refusedWrite(queryClient, { key: fixKey }) : undefined));
  const refusedDraft = refused ? (writeOf(refused)?.draft as ExpenseDraft | null) : null;
  // The form keeps its own state; the initial draft is read once, after the bot draft has loaded.
  const initial = useMemo(
    () =>
      refusedDraft ?? (usableDraft ? draftFromBotDraft(usableDraft, members, decimal) : newDraft(members)),
    [refusedDraft, usableDraft, members, decimal],
  );

  const toldUnavailable = useRef(false);
  useEffect(() => {
    if (!draftUnavailable || toldUnavailable.current) return;
    toldUnavailable.current = true;
    toast.error(t('draftUnavailable'));
  }, [draftUnavailable, t]);

  const attempt = useIdempotencyKey();
  const create = useMutation(
    trpc.expenses.create.mutationOptions({
      onSuccess: () => {
        haptic('success');
        if (refused) discardWrite(queryClient, refused.mutationId);
        toast.success(t('saved'));
        void afterExpenseSaved(queryClient, groupId);
        void navigate({ to: '/group/$groupId', params: { groupId } });
      },
      onError: (error) => {
        haptic('error');
        if (errorCode(error) === 'DRAFT_CLOSED') {
          setConsumesDraft(false);
          toast.error(t('draftClosed'));
        } else {
          toast.error(t('saveFailed'));
        }
      },
    }),
  );
  // Inside Telegram its main button submits the form (and the form's own button goes).
  const mainButton = useMainButton(
    group.data && !draftPending
      ? { text: t('submit'), busy: create.isPending, onClick: () => submitForm(formId) }
      : null,
  );

  if (group.isPending || draftPending) return <Spinner />;
  if (group.isError) return <GroupNotFound />;

  const submit = (draft: ExpenseDraft) => {
    const input = {
      groupId,
      ...toApiInput(draft, members, t('settlementName')),
      ...(usableDraft && consumesDraft ? { draftId: usableDraft.id } : {}),
      // Issue 28: the expense is the first of a series, made in the same call.
      ...(draft.settlement || !draft.repeat?.on ? {} : { recurrence: toRecurrence(draft.repeat) }),
      idempotencyKey: attempt.key,
    };
    if (navigator.onLine) {
      create.mutate(input);
      return;
    }
    // Offline it is queued with its key, shown in the group's list as waiting, and sent when the
    // connection is back (lib/outbox.ts).
    if (refused) discardWrite(queryClient, refused.mutationId);
    queueWrite(queryClient, { kind: 'create', input, draft });
    toast.info(t('queuedToast', { ns: 'offline' }));
    void navigate({ to: '/group/$groupId', params: { groupId } });
  };

  return (
    <>
      <PageHeader
        title={initial.settlement ? t('settlementTitle') : t('newTitle')}
        back={{ to: '/group/$groupId', params: { groupId } }}
        actions={aiEntry}
      />
      {refused ? <RefusedNotice error={refused.state.error} /> : null}
      <ExpenseForm
        formId={formId}
        members={members}
        currency={group.data.currency}
        categories={categories.data ?? []}
        useRate={useFxRate}
        usedCurrencies={used}
        timeZone={group.data.timeZone}
        initial={initial}
        busy={create.isPending}
        focusName
        submitLabel={mainButton ? undefined : t('submit')}
        onSubmit={submit}
      />
    </>
  );
}
