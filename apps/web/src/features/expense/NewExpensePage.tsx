import { useMutation, useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from '@tanstack/react-router';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useIdempotencyKey } from '../../lib/idempotency';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { PageHeader } from '../../ui/PageHeader';
import { Spinner } from '../../ui/Spinner';
import { afterExpenseSaved } from '../group/expense-cache';
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
        toast.success(t('saved'));
        void afterExpenseSaved(groupId);
        void navigate({ to: '/group/$groupId', params: { groupId } });
      },
      onError: () => toast.error(t('saveFailed')),
    }),
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
      <PageHeader title={t('newTitle')} back={{ to: '/group/$groupId', params: { groupId } }} />
      <ExpenseForm
        formId={formId}
        members={members}
        currency={group.data.currency}
        initial={initial}
        busy={create.isPending}
        submitLabel={t('submit')}
        onSubmit={submit}
      />
    </>
  );
}
