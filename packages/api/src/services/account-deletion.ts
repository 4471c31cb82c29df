import {
  botPendingMessages,
  botUpdates,
  type Database,
  groupMembers,
  groups,
  idempotencyKeys,
  identities,
  telegramChats,
  users,
} from '@dolya/db';
import { and, asc, eq, inArray, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import { AppError } from '../errors';
import { writeLog } from './logs';
import { lockGroupSeats } from './members';

export interface GroupRef {
  id: string;
  name: string;
}

/** What deleting the account would do to each group the person sits in (issue 29, "Your data"). */
export interface DeletionPlan {
  /**
   * Groups where the person is the last admin and others are still active: the deletion is
   * refused until they make another member an admin or delete the group.
   */
  blocking: GroupRef[];
  /** Groups with no other active member: deleted with the account, nobody else can see them. */
  deleted: GroupRef[];
  /** Groups where the seat stays, under the same name, as a member without an account. */
  kept: GroupRef[];
}

type SeatRow = typeof groupMembers.$inferSelect;

/** The person's seats that are not removed, in live groups, by group id (the order locks are taken in). */
function ownSeats(db: Database, userId: string) {
  return db
    .select({ seat: groupMembers, group: groups })
    .from(groupMembers)
    .innerJoin(groups, eq(groups.id, groupMembers.groupId))
    .where(and(eq(groupMembers.userId, userId), ne(groupMembers.status, 'REMOVED'), isNull(groups.deletedAt)))
    .orderBy(asc(groups.id));
}

async function planFor(
  db: Database,
  userId: string,
  mine: { seat: SeatRow; group: typeof groups.$inferSelect }[],
  lock: boolean,
): Promise<DeletionPlan> {
  const active = mine.filter(({ seat }) => seat.status === 'ACTIVE');
  const groupIds = active.map(({ group }) => group.id);
  const seats = groupIds.length
    ? await (() => {
        const query = db
          .select({
            groupId: groupMembers.groupId,
            id: groupMembers.id,
            userId: groupMembers.userId,
            isAdmin: groupMembers.isAdmin,
          })
          .from(groupMembers)
          .where(and(inArray(groupMembers.groupId, groupIds), eq(groupMembers.status, 'ACTIVE')))
          .orderBy(asc(groupMembers.groupId), asc(groupMembers.id));
        // Every active seat as it is once locked, in the order membership.ts locks admin seats: an
        // admin revoking their own rights meanwhile cannot leave a group with no admin, nor deadlock.
        return lock ? query.for('update') : query;
      })()
    : [];
  const others = seats.filter((seat) => seat.userId !== userId);
  const plan: DeletionPlan = { blocking: [], deleted: [], kept: [] };
  for (const { seat, group } of mine) {
    const ref = { id: group.id, name: group.name };
    if (seat.status !== 'ACTIVE') {
      plan.kept.push(ref);
      continue;
    }
    const rest = others.filter((other) => other.groupId === group.id);
    if (rest.length === 0) plan.deleted.push(ref);
    else if (seat.isAdmin && !rest.some((other) => other.isAdmin)) plan.blocking.push(ref);
    else plan.kept.push(ref);
  }
  return plan;
}

/** What deleting the account would do, for the confirmation to show before anything is done. */
export async function deletionPlan(db: Database, userId: string): Promise<DeletionPlan> {
  return planFor(db, userId, await ownSeats(db, userId), false);
}

/**
 * Deletes the account (issue 29), in one transaction: refused with LAST_ADMIN while the person is
 * the last admin of a group with other active members (the message names the groups). Groups
 * with nobody else in them are deleted. Every other seat stays under its name as a member without
 * an account, so each group's expenses and balances stay as they are; a pending invitation's seat
 * is dropped (REMOVED, as declining does), and each of those groups logs ACCOUNT_DELETED. Then
 * the account row goes, and with it (foreign keys) its sessions, sign-in methods, passkeys,
 * friends, blocks, notifications, challenges, bot drafts and reminder settings; the Telegram side
 * the bot keeps by Telegram id (the private chat's group choice, messages kept for linking, the
 * handled updates of the bot's inbox that they sent) and
 * the stored answers of retried creates go here.
 * `username` must be the account's own (any case): a typed confirmation, not a credential.
 */
export async function deleteAccount(db: Database, userId: string, username: string): Promise<DeletionPlan> {
  return db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!user) throw new AppError('UNAUTHORIZED', 'Sign in first');
    if (user.username.toLowerCase() !== username.trim().replace(/^@/, '').toLowerCase()) {
      throw new AppError('VALIDATION_ERROR', 'username: type your username to confirm', 'username');
    }
    // Joins, claims and invitations of these groups wait behind this transaction (group id order).
    const before = await ownSeats(tx, userId);
    for (const { group } of before) await lockGroupSeats(tx, group.id);
    const mine = await ownSeats(tx, userId);
    const plan = await planFor(tx, userId, mine, true);
    if (plan.blocking.length > 0) {
      throw new AppError(
        'LAST_ADMIN',
        `You are the last admin of ${plan.blocking.map((g) => `"${g.name}"`).join(', ')}: make another member an admin or delete the group first`,
        'groups',
      );
    }
    const deleted = new Set(plan.deleted.map((g) => g.id));
    for (const { seat, group } of mine) {
      if (deleted.has(group.id)) continue;
      await tx
        .update(groupMembers)
        .set({ isAdmin: false, ...(seat.status === 'ACTIVE' ? {} : { status: 'REMOVED' as const }) })
        .where(and(eq(groupMembers.groupId, group.id), eq(groupMembers.id, seat.id)));
      await writeLog(tx, {
        groupId: group.id,
        actorMemberId: seat.id,
        action: 'ACCOUNT_DELETED',
        message: `${seat.name} deleted their account; their seat stays without an account`,
        details: { memberId: seat.id, name: seat.name },
      });
    }
    // Groups of one: nobody else can see them, and they are this person's data.
    if (deleted.size > 0) await tx.delete(groups).where(inArray(groups.id, [...deleted]));

    const telegramIds = (
      await tx
        .select({ subject: identities.subject })
        .from(identities)
        .where(and(eq(identities.userId, userId), eq(identities.provider, 'TELEGRAM')))
    ).map((row) => row.subject);
    if (telegramIds.length > 0) {
      await tx
        .delete(telegramChats)
        .where(and(inArray(telegramChats.chatId, telegramIds), eq(telegramChats.chatType, 'private')));
      await tx.delete(botPendingMessages).where(inArray(botPendingMessages.telegramUserId, telegramIds));
      // What they wrote to the bot, kept in its inbox for a week; an update still being handled stays.
      await tx.delete(botUpdates).where(
        and(
          isNotNull(botUpdates.doneAt),
          sql`exists (select 1 from jsonb_each(${botUpdates.payload}) as kind
              where kind.value #>> '{from,id}' in (${sql.join(
                telegramIds.map((id) => sql`${id}`),
                sql`, `,
              )}))`,
        ),
      );
    }
    await tx.delete(idempotencyKeys).where(eq(idempotencyKeys.actorKey, userId));
    // The seats' user_id becomes null (ON DELETE SET NULL); the rest of the account's rows cascade.
    await tx.delete(users).where(eq(users.id, userId));
    return plan;
  });
}
