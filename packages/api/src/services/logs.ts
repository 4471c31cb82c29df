import { type Database, groupLogs, groupMembers, groups } from '@dolya/db';
import { desc, eq } from 'drizzle-orm';

export interface LogEvent {
  groupId: string;
  /** The member who acted; null for the system. */
  actorMemberId: string | null;
  action: string;
  /** A readable English sentence; clients may render their own text from action and details. */
  message: string;
  details?: Record<string, unknown>;
}

/** Records a change of a group and marks the group as active now; call inside the change's transaction. */
export async function writeLog(db: Database, event: LogEvent) {
  await db.insert(groupLogs).values({
    groupId: event.groupId,
    actorMemberId: event.actorMemberId,
    action: event.action,
    message: event.message,
    details: event.details ?? null,
  });
  await db.update(groups).set({ lastActivityAt: new Date() }).where(eq(groups.id, event.groupId));
}

export async function listLogs(db: Database, groupId: string, limit = 500) {
  const rows = await db
    .select({ log: groupLogs, actorName: groupMembers.name })
    .from(groupLogs)
    .leftJoin(groupMembers, eq(groupMembers.id, groupLogs.actorMemberId))
    .where(eq(groupLogs.groupId, groupId))
    .orderBy(desc(groupLogs.createdAt), desc(groupLogs.id))
    .limit(limit);
  return rows.map(({ log, actorName }) => ({
    id: log.id,
    date: log.createdAt.toISOString(),
    action: log.action,
    message: log.message,
    details: log.details,
    actor: log.actorMemberId ? { id: log.actorMemberId, name: actorName ?? '' } : null,
  }));
}
