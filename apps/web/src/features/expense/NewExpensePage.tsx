import { useMutation, useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from '@tanstack/react-router';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useIdempotencyKey } from '../../lib/idempotency';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { PageHeader } from '../../ui/PageHeader';
import { Spinner } from '../../ui/Spinner';
import { AiEntryButton } from '../bot/AiEntryDialog';
import { haptic } from '../telegram/haptics';
import { submitForm, useMainButton } from '../telegram/useMainButton';
import { invalidateAfterExpenseChange } from './api';
import { ExpenseForm } from './ExpenseForm';
import { GroupNotFound } from './ExpenseStates';
import { type ExpenseDraft, formMembers, newDraft, toApiInput } from './model';

/** /group/{groupId}/new-expense (spec §2). */
export function NewExpensePage() {
  const { groupId } = useParams({ from: '/_app/group/$groupId/new-expense' });
  const { t } = useTranslation('expense');
  const navigate = useNavigate();
  const formId = useId();
  const group = useQuery(trpc.groups.get.queryOptions({ groupId }));
  const members = useMemo(() => (group.data ? formMembers(group.data.users) : []), [group.data]);
  const initial = useMemo(() => newDraft(members), [members]);

  const attempt = useIdempotencyKey();
  const create = useMutation(
    trpc.expenses.create.mutationOptions({
      onSuccess: () => {
        haptic('success');
        toast.success(t('saved'));
        void invalidateAfterExpenseChange(groupId);
        void navigate({ to: '/group/$groupId', params: { groupId } });
      },
      onError: () => {
        haptic('error');
        toast.error(t('saveFailed'));
      },
    }),
  );
  // Inside Telegram its main button submits the form (and the form's own button goes).
  const mainButton = useMainButton(
    group.data ? { text: t('submit'), busy: create.isPending, onClick: () => submitForm(formId) } : null,
  );

  if (group.isPending) return <Spinner />;
  if (group.isError) return <GroupNotFound />;

  const submit = (draft: ExpenseDraft) =>
    create.mutate({
      groupId,
      ...toApiInput(draft, members, t('settlementName')),
      idempotencyKey: attempt.key,
    });

  return (
    <>
      <PageHeader
        title={t('newTitle')}
        back={{ to: '/group/$groupId', params: { groupId } }}
        actions={<AiEntryButton />}
      />
      <ExpenseForm
        formId={formId}
        members={members}
        currency={group.data.currency}
        initial={initial}
        busy={create.isPending}
        submitLabel={mainButton ? undefined : t('submit')}
        onSubmit={submit}
      />
    </>
  );
}
