import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useIdempotencyKey } from '../../lib/idempotency';
import { membersForCreate } from '../../lib/members';
import { useUser } from '../../lib/session';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { PageHeader } from '../../ui/PageHeader';
import { NewGroupForm } from './NewGroupForm';

/** /new — creates the group (the creator becomes its admin with share 1) and opens its settings. */
export function NewGroupPage() {
  const { t } = useTranslation('groups');
  const user = useUser();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const attempt = useIdempotencyKey();
  // Friends to add with one tap; a failed load just offers none (spec §7).
  const friends = useQuery(trpc.friends.list.queryOptions());
  const create = useMutation(
    trpc.groups.create.mutationOptions({
      onSuccess: async ({ id }) => {
        toast.success(t('created'));
        void queryClient.invalidateQueries({ queryKey: trpc.groups.list.queryKey() });
        await navigate({ to: '/group/$groupId/settings', params: { groupId: id } });
      },
      onError: () => toast.error(t('createFailed')),
    }),
  );

  return (
    <>
      <PageHeader title={t('createTitle')} back={{ to: '/' }} />
      <NewGroupForm
        currentUserName={user.name}
        friends={friends.data ?? []}
        busy={create.isPending}
        onSubmit={({ name, currency, members }) =>
          create.mutate({
            name,
            currency,
            users: membersForCreate(members),
            idempotencyKey: attempt.key,
          })
        }
      />
    </>
  );
}
