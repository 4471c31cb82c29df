import {
  type Database,
  debtReminders,
  groupMembers,
  identities,
  reminderMutes,
  reminderRecipients,
} from '@dolya/db';
import { and, eq, inArray } from 'drizzle-orm';
import { TELEGRAM } from './telegram';

/** Why a reminder to a seat would not reach its person, or 'telegram' when it would. */
export type Delivery = 'telegram' | 'no_telegram' | 'muted' | 'stopped' | 'unreachable';

export interface Recipient {
  memberId: string;
  userId: string | null;
  telegramId: string | null;
  language: string;
  delivery: Delivery;
}

/** The seats' people as reminders reach them: their Telegram id, language, and what stops a reminder. */
export async function recipientsOf(db: Database, groupId: string, memberIds: string[]): Promise<Recipient[]> {
  if (memberIds.length === 0) return [];
  const rows = await db
    .select({
      memberId: groupMembers.id,
      userId: groupMembers.userId,
      telegramId: identities.subject,
      language: reminderRecipients.language,
      stoppedAt: reminderRecipients.stoppedAt,
      unreachableAt: reminderRecipients.unreachableAt,
      mutedAt: reminderMutes.createdAt,
    })
    .from(groupMembers)
    .leftJoin(identities, and(eq(identities.userId, groupMembers.userId), eq(identities.provider, TELEGRAM)))
    .leftJoin(reminderRecipients, eq(reminderRecipients.userId, groupMembers.userId))
    .leftJoin(
      reminderMutes,
      and(eq(reminderMutes.groupId, groupMembers.groupId), eq(reminderMutes.memberId, groupMembers.id)),
    )
    .where(and(eq(groupMembers.groupId, groupId), inArray(groupMembers.id, memberIds)));
  return rows.map((row) => ({
    memberId: row.memberId,
    userId: row.userId,
    telegramId: row.telegramId,
    language: row.language ?? 'ru',
    delivery: !row.telegramId
      ? 'no_telegram'
      : row.mutedAt
        ? 'muted'
        : row.stoppedAt
          ? 'stopped'
          : row.unreachableAt
            ? 'unreachable'
            : 'telegram',
  }));
}

/** When each debt of the group was last reminded of, keyed `debtor:creditor`. */
export async function lastReminders(db: Database, groupId: string): Promise<Map<string, Date>> {
  const rows = await db.select().from(debtReminders).where(eq(debtReminders.groupId, groupId));
  return new Map(rows.map((r) => [`${r.debtorMemberId}:${r.creditorMemberId}`, r.lastSentAt]));
}

/** Changes what the server knows of a person as the bot reaches them (upsert). */
export async function updateRecipient(
  db: Database,
  userId: string,
  change: Partial<Pick<typeof reminderRecipients.$inferInsert, 'language' | 'stoppedAt' | 'unreachableAt'>>,
): Promise<void> {
  await db
    .insert(reminderRecipients)
    .values({ userId, ...change })
    .onConflictDoUpdate({ target: reminderRecipients.userId, set: { ...change, updatedAt: new Date() } });
}
