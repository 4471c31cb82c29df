import { type Database, expenses, groupLogs, groupMembers, groups, together } from '@dolya/db';
import type { Cents } from '@dolya/domain';
import { and, desc, eq, sql } from 'drizzle-orm';

/** Every action a group log entry can record; clients render their own text from it and the details. */
export const LOG_ACTIONS = [
  'GROUP_CREATED',
  'GROUP_UPDATED',
  'GROUP_DELETED',
  'EXPENSE_CREATED',
  'EXPENSE_UPDATED',
  'EXPENSE_DELETED',
  'SETTLEMENT_CREATED',
  'SETTLEMENT_UPDATED',
  'SETTLEMENT_DELETED',
  'EXPENSE_RESTORED',
  'SETTLEMENT_RESTORED',
  'MEMBER_ADDED',
  'MEMBER_INVITED',
  'MEMBER_REMOVED',
  'MEMBER_RENAMED',
  'MEMBER_JOINED',
  'MEMBER_DECLINED',
  'SEAT_CLAIMED',
  'ADMIN_GRANTED',
  'ADMIN_REVOKED',
  'INVITE_CREATED',
  'INVITE_REVOKED',
  'CHAT_CONNECTED',
  'CHAT_DISCONNECTED',
  'SERIES_CREATED',
  'SERIES_PAUSED',
  'SERIES_RESUMED',
  'SERIES_STOPPED',
  'GROUP_IMPORTED',
  /** Issue 29: a member deleted their account; their seat stays, without an account. */
  'ACCOUNT_DELETED',
] as const;
export type LogAction = (typeof LOG_ACTIONS)[number];

/** What an entry's details may hold, depending on its action; money in cents. */
export interface LogDetails {
  expenseId?: string;
  /** The expense's, member's or (GROUP_CREATED, GROUP_UPDATED) group's name. */
  name?: string;
  amountCents?: Cents;
  currency?: string;
  memberId?: string;
  userId?: string;
  /** GROUP_UPDATED: default shares that changed. */
  shares?: { memberId: string; name: string; from: number; to: number }[];
  /** MEMBER_RENAMED: the name before. */
  previousName?: string;
  /** Paid in another currency (issue 26): the amount as paid and the rate that converted it. */
  original?: { currency: string; amountCents: Cents; rate: string };
  /** Several payers (issue 26): who paid how much, by their names at the time. */
  payers?: { memberId: string; name: string; amountCents: Cents }[];
  /** Settlements: who paid whom, by their names at the time. */
  fromName?: string;
  toName?: string;
  /** INVITE_CREATED: ISO timestamp or null for a link that never expires. */
  expiresAt?: string | null;
  /** CHAT_CONNECTED, CHAT_DISCONNECTED: the Telegram chat's type ('group' or 'supergroup'). */
  chatType?: string;
  /** CHAT_DISCONNECTED: the chat was moved to another group rather than disconnected. */
  moved?: boolean;
  /** EXPENSE_UPDATED, SETTLEMENT_UPDATED: what the edit changed (issue 27), old and new where shown. */
  changes?: ExpenseChanges;
  /** A recurring series (issue 28): SERIES_* name it; an occurrence made by the system names it and its index. */
  seriesId?: string;
  seriesIndex?: number;
  /** EXPENSE_UPDATED of a series' expense: only this one changed, or this one and the following (and the series). */
  seriesScope?: 'this' | 'following';
  /** SERIES_PAUSED by the system: why the occurrence was refused (the error's code). */
  reason?: string;
  /** GROUP_IMPORTED (issue 29): the file's format, the app it came from, and what was written. */
  format?: string;
  source?: string;
  expenseCount?: number;
  settlementCount?: number;
}

export interface ExpenseChanges {
  name?: { from: string; to: string };
  amountCents?: { from: Cents; to: Cents };
  /** The payer's name before and after. */
  payer?: { from: string; to: string };
  date?: true;
  split?: true;
  notes?: true;
  category?: true;
}

export interface LogEvent {
  groupId: string;
  /** The member who acted; null for the system. */
  actorMemberId: string | null;
  action: LogAction;
  /** A readable English sentence; clients may render their own text from action and details. */
  message: string;
  details?: LogDetails;
}

export interface LogEntry {
  id: string;
  /** ISO timestamp. */
  date: string;
  action: LogAction;
  message: string;
  details: LogDetails | null;
  /** Null means the system acted. */
  actor: { id: string; name: string } | null;
  /**
   * On a deletion's entry: the expense is still deleted and the viewer may bring it back
   * (expenses.restore: a group admin or its creator).
   */
  restorable: boolean;
}

/** Who reads the log: whether an entry's expense is the viewer's to restore. */
export interface LogViewer {
  memberId: string;
  isAdmin: boolean;
}

const DELETIONS = ['EXPENSE_DELETED', 'SETTLEMENT_DELETED'];

/**
 * Records a change of a group and marks the group as active now; call inside the change's
 * transaction. The mark skips a group row another transaction holds (SKIP LOCKED): that one is
 * marking the group active at the same moment. Waiting for it made every write of a group queue
 * behind the one before until its COMMIT, holding a pool connection meanwhile. Should the holder
 * roll back, the group keeps its earlier time; last activity only orders the group list.
 */
export async function writeLog(db: Database, event: LogEvent) {
  // Sent together: neither waits for the other's answer.
  await together([
    db.insert(groupLogs).values({
      groupId: event.groupId,
      actorMemberId: event.actorMemberId,
      action: event.action,
      message: event.message,
      details: (event.details as Record<string, unknown> | undefined) ?? null,
    }),
    db
      .update(groups)
      .set({ lastActivityAt: new Date() })
      .where(
        eq(
          groups.id,
          sql`(select ${groups.id} from ${groups} where ${groups.id} = ${event.groupId} for no key update skip locked)`,
        ),
      ),
  ]);
}

export async function listLogs(
  db: Database,
  groupId: string,
  viewer: LogViewer,
  limit = 500,
): Promise<LogEntry[]> {
  // A deletion's expense, found by the id its details hold (always a UUID we wrote; checked anyway).
  const deletedId = sql`case when ${groupLogs.action} in (${sql.join(
    DELETIONS.map((action) => sql`${action}`),
    sql`, `,
  )}) and ${groupLogs.details}->>'expenseId' ~ '^[0-9a-fA-F-]{36}$'
    then (${groupLogs.details}->>'expenseId')::uuid end`;
  const rows = await db
    .select({
      log: groupLogs,
      actorName: groupMembers.name,
      expenseDeletedAt: expenses.deletedAt,
      expenseCreator: expenses.createdByMemberId,
    })
    .from(groupLogs)
    .leftJoin(
      groupMembers,
      and(eq(groupMembers.groupId, groupLogs.groupId), eq(groupMembers.id, groupLogs.actorMemberId)),
    )
    .leftJoin(expenses, and(eq(expenses.groupId, groupLogs.groupId), eq(expenses.id, deletedId)))
    .where(eq(groupLogs.groupId, groupId))
    .orderBy(desc(groupLogs.createdAt), desc(groupLogs.id))
    .limit(limit);
  return rows.map(({ log, actorName, expenseDeletedAt, expenseCreator }) => ({
    id: log.id,
    date: log.createdAt.toISOString(),
    action: log.action as LogAction,
    message: log.message,
    details: log.details as LogDetails | null,
    actor: log.actorMemberId ? { id: log.actorMemberId, name: actorName ?? '' } : null,
    restorable:
      expenseDeletedAt != null &&
      (viewer.isAdmin || (expenseCreator != null && expenseCreator === viewer.memberId)),
  }));
}
