import { sameUsername } from '../../lib/friends';

/** A friend already holds a seat in the group when a member has the same username (spec §5). */
export function isInGroup(
  friend: { username: string | null },
  members: readonly { username?: string | null; membershipStatus?: string }[],
): boolean {
  return members.some((m) => m.membershipStatus !== 'REMOVED' && sameUsername(m.username, friend.username));
}

/** The add-friend failure (spec §5): lookup failure has its own message; anything else is generic with a toast. */
export function addFriendFailure(code: string | undefined): {
  message: 'notFound' | 'genericError';
  toast: boolean;
} {
  return code === 'USERNAME_NOT_FOUND'
    ? { message: 'notFound', toast: false }
    : { message: 'genericError', toast: true };
}
