/** A member being added while creating a group; the id is a temporary one like 'tmp-1'. */
export interface DraftMember {
  id: string;
  name: string;
  share: number;
  /** A friend picked from the list: their account, so the seat is theirs (they confirm it). */
  accountId?: string;
}

export const DEFAULT_SHARE = 1;

/** The name to add, trimmed; null when blank (spec §5: 'Name required'). */
export function cleanMemberName(text: string): string | null {
  const name = text.trim().replace(/\s+/g, ' ');
  return name === '' ? null : name;
}

/** Members as the create call takes them: a friend's account id, else the temporary id; never admins. */
export function membersForCreate(members: readonly DraftMember[]) {
  return members.map((m) => ({ id: m.accountId ?? m.id, name: m.name, share: m.share, isAdmin: false }));
}

/** Settings member order (spec §2): current user first, then admins, then by name. */
export function sortMembers<T extends { isCurrentUser: boolean; isAdmin: boolean; name: string }>(
  members: readonly T[],
  locale: string,
): T[] {
  return [...members].sort(
    (a, b) =>
      Number(b.isCurrentUser) - Number(a.isCurrentUser) ||
      Number(b.isAdmin) - Number(a.isAdmin) ||
      a.name.localeCompare(b.name, locale),
  );
}
