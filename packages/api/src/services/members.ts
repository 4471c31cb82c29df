import type { MemberStatus } from '@dolya/db';
import { type Database, groupMembers, preparedFor, users } from '@dolya/db';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';

/** A seat as clients see it (spec §3 "Group member"). */
export interface GroupMember {
  /** The account holding the seat; null for a seat without an account. */
  id: string | null;
  /** The id expenses use. */
  memberId: string;
  name: string;
  /** Null means "no account". */
  username: string | null;
  isAdmin: boolean;
  registered: boolean;
  membershipStatus: MemberStatus;
  /** Default split weight, a whole number >= 0. */
  share: number;
  isCurrentUser: boolean;
  telegramUsername: string | null;
}

type MemberWithUser = {
  member: typeof groupMembers.$inferSelect;
  username: string | null;
  telegramUsername: string | null;
};

/** Seats of the given groups in group order, with the account behind each; removed seats only when asked. */
/** The seats of one group that are not removed, with their accounts' names: every group page reads them. */
const activeMembersQuery = (db: Database) =>
  preparedFor(db, 'active-members', (d) =>
    d
      .select({ member: groupMembers, username: users.username, telegramUsername: users.telegramUsername })
      .from(groupMembers)
      .leftJoin(users, eq(users.id, groupMembers.userId))
      .where(and(eq(groupMembers.groupId, sql.placeholder('groupId')), ne(groupMembers.status, 'REMOVED')))
      .orderBy(asc(groupMembers.groupId), asc(groupMembers.position))
      .prepare('active-members'),
  );

export async function loadMembers(
  db: Database,
  groupIds: string[],
  options: { includeRemoved?: boolean } = {},
) {
  if (groupIds.length === 0) return [];
  if (groupIds.length === 1 && !options.includeRemoved) {
    return activeMembersQuery(db).execute({ groupId: groupIds[0] });
  }
  const filter = options.includeRemoved
    ? inArray(groupMembers.groupId, groupIds)
    : and(inArray(groupMembers.groupId, groupIds), ne(groupMembers.status, 'REMOVED'));
  return db
    .select({ member: groupMembers, username: users.username, telegramUsername: users.telegramUsername })
    .from(groupMembers)
    .leftJoin(users, eq(users.id, groupMembers.userId))
    .where(filter)
    .orderBy(asc(groupMembers.groupId), asc(groupMembers.position));
}

export function memberView(row: MemberWithUser, currentUserId: string): GroupMember {
  const { member } = row;
  return {
    id: member.userId,
    memberId: member.id,
    name: member.name,
    username: row.username,
    isAdmin: member.isAdmin,
    registered: member.userId !== null,
    membershipStatus: member.status,
    share: member.share,
    isCurrentUser: member.userId === currentUserId,
    telegramUsername: row.telegramUsername,
  };
}

/** Key space of the advisory locks below, so they cannot meet other advisory locks. */
const SEATS_LOCK = 0x5ea7;

/**
 * Until the transaction ends, queues every other change of who sits in this group (adding a seat or
 * an account, joining, claiming a seat, accepting an invitation) behind this one; each then sees
 * what the one before it committed, so the same account is not seated twice and positions do not
 * repeat. An advisory lock rather than a row lock: it never waits in line with the row locks that
 * other changes of the group take, so it cannot deadlock with them.
 */
export async function lockGroupSeats(db: Database, groupId: string) {
  await db.execute(sql`select pg_advisory_xact_lock(${SEATS_LOCK}, hashtext(${groupId}))`);
}

/** The position after the group's last seat; takes the group's seat lock, so two callers never share one. */
export async function nextPosition(db: Database, groupId: string): Promise<number> {
  await lockGroupSeats(db, groupId);
  const [row] = await db
    .select({ next: sql<number>`coalesce(max(${groupMembers.position}) + 1, 0)::int` })
    .from(groupMembers)
    .where(eq(groupMembers.groupId, groupId));
  return Number(row?.next ?? 0);
}
