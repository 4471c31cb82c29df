import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from './toast';
import { trpc } from './trpc';

// The signed-in user's friends: the account page's list, the settings rows and their "from friends" list.

/** The signed-in user's friends; a failed load is an empty list (spec §7: failures are swallowed). */
export function useFriends() {
  const query = useQuery(trpc.friends.list.queryOptions());
  return { friends: Array.isArray(query.data) ? query.data : [], loading: query.isPending, query };
}

export function invalidateFriends(queryClient: QueryClient) {
  return queryClient.invalidateQueries(trpc.friends.list.queryFilter());
}

/** Adds a member of a settings row to friends by their username, with the success or failure toast. */
export function useAddFriend() {
  const { t } = useTranslation('friends');
  const queryClient = useQueryClient();
  return useMutation(
    trpc.friends.add.mutationOptions({
      onSuccess: () => toast.success(t('added')),
      onError: () => toast.error(t('addFailed')),
      onSettled: () => invalidateFriends(queryClient),
    }),
  );
}

/** Usernames compare case-insensitively (spec §5). */
export function sameUsername(a: string | null | undefined, b: string | null | undefined): boolean {
  return !!a && !!b && a.trim().toLowerCase() === b.trim().toLowerCase();
}

/** Whether a username is in the friends list. */
export function isFriend(
  username: string | null | undefined,
  friends: readonly { username: string | null }[],
) {
  return friends.some((f) => sameUsername(f.username, username));
}
