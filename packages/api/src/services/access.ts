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

export async function requireMember(db: Database, groupId: string, userId: string) {
  const [row] = await memberQuery(db).execute({ groupId, userId });
  if (!row) throw new AppError('GROUP_NOT_FOUND', 'Group not found');
  return row;
}

export async function requireAdmin(db: Database, groupId: string, userId: string) {
  const row = await requireMember(db, groupId, userId);
  if (!row.member.isAdmin) throw new AppError('FORBIDDEN', 'Only a group admin can do this');
  return row;
}
