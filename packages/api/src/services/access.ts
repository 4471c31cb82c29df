import { type Database, groupMembers, groups } from '@dolya/db';
import { and, eq, isNull } from 'drizzle-orm';
import { AppError } from '../errors';

export type MemberRow = typeof groupMembers.$inferSelect;
export type GroupRow = typeof groups.$inferSelect;

/**
 * The caller's active seat in a live group. Outsiders, removed and pending members get the same
 * 404 as for a group that does not exist, so group ids cannot be probed.
 */
export async function requireMember(db: Database, groupId: string, userId: string) {
  const [row] = await db
    .select({ member: groupMembers, group: groups })
    .from(groupMembers)
    .innerJoin(groups, eq(groups.id, groupMembers.groupId))
    .where(
      and(
        eq(groupMembers.groupId, groupId),
        eq(groupMembers.userId, userId),
        eq(groupMembers.status, 'ACTIVE'),
        isNull(groups.deletedAt),
      ),
    )
    .limit(1);
  if (!row) throw new AppError('GROUP_NOT_FOUND', 'Group not found');
  return row;
}

export async function requireAdmin(db: Database, groupId: string, userId: string) {
  const row = await requireMember(db, groupId, userId);
  if (!row.member.isAdmin) throw new AppError('FORBIDDEN', 'Only a group admin can do this');
  return row;
}
