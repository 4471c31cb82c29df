/** Usernames compare case-insensitively (spec §5). */
export function sameUsername(a: string | null | undefined, b: string | null | undefined): boolean {
  return !!a && !!b && a.trim().toLowerCase() === b.trim().toLowerCase();
}

/** A friend already holds a seat in the group when a member has the same username (spec §5). */
export function isInGroup(
  friend: { username: string | null },
  members: readonly { username?: string | null; membershipStatus?: string }[],
): boolean {
  return members.some((m) => m.membershipStatus !== 'REMOVED' && sameUsername(m.username, friend.username));
}

/** Whether a username is in the friends list. */
export function isFriend(
  username: string | null | undefined,
  friends: readonly { username: string | null }[],
) {
  return friends.some((f) => sameUsername(f.username, username));
}

/**
 * The friend state of a settings row: others with a username can be added to friends, or are
 * already friends; oneself and seats without an account offer neither (spec §2).
 */
export function friendAction(
  member: { username?: string | null; isCurrentUser?: boolean },
  friends: readonly { username: string | null }[],
): 'add' | 'already' | null {
  if (member.isCurrentUser || !member.username) return null;
  return isFriend(member.username, friends) ? 'already' : 'add';
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
