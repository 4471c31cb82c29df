import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from './toast';
import { queryClient, trpc } from './trpc';

/** The signed-in user's friends; a failed load is an empty list (spec §7: failures are swallowed). */
export function useFriends() {
  const query = useQuery(trpc.friends.list.queryOptions());
  return { friends: Array.isArray(query.data) ? query.data : [], loading: query.isPending, query };
}

export function invalidateFriends() {
  return queryClient.invalidateQueries(trpc.friends.list.queryFilter());
}

/** Adds a member of a settings row to friends by their username, with the success or failure toast. */
export function useAddFriend() {
  const { t } = useTranslation('friends');
  return useMutation(
    trpc.friends.add.mutationOptions({
      onSuccess: () => toast.success(t('added')),
      onError: () => toast.error(t('addFailed')),
      onSettled: () => invalidateFriends(),
    }),
  );
}
