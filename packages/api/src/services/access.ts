import { type Database, groupMembers, groups, preparedFor } from '@dolya/db';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { AppError } from '../errors';

export type MemberRow = typeof groupMembers.$inferSelect;
export type GroupRow = typeof groups.$inferSelect;

/**
 * The caller's active seat in a live group. Outsiders, removed and pending members get the same
 * 404 as for a group that does not exist, so group ids cannot be probed.
 */
const memberQuery = (db: Database) =>
  preparedFor(db, 'member', (d) =>
    d
      .select({ member: groupMembers, group: groups })
      .from(groupMembers)
      .innerJoin(groups, eq(groups.id, groupMembers.groupId))
      .where(
        and(
          eq(groupMembers.groupId, sql.placeholder('groupId')),
          eq(groupMembers.userId, sql.placeholder('userId')),
          eq(groupMembers.status, 'ACTIVE'),
          isNull(groups.deletedAt),
        ),
      )
      .limit(1)
      .prepare('member'),
  );

const groupNotFound = () => new AppError('GROUP_NOT_FOUND', 'Group not found');

export async function requireMember(db: Database, groupId: string, userId: string) {
  const [row] = await memberQuery(db).execute({ groupId, userId });
  if (!row) throw groupNotFound();
  return row;
}

/**
 * The same check as requireMember on rows a read already holds (every seat of the group, and
 * whether the group is deleted), so that read needs no query of its own for it.
 */
export function requireSeatAmong<Seat extends Pick<MemberRow, 'userId' | 'status'>>(
  seats: readonly Seat[],
  userId: string,
  groupDeleted: boolean,
): Seat {
  const seat = groupDeleted ? undefined : seats.find((s) => s.userId === userId && s.status === 'ACTIVE');
  if (!seat) throw groupNotFound();
  return seat;
}

export async function requireAdmin(db: Database, groupId: string, userId: string) {
  const row = await requireMember(db, groupId, userId);
  if (!row.member.isAdmin) throw new AppError('FORBIDDEN', 'Only a group admin can do this');
  return row;
}
