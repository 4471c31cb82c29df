import {
  type Database,
  friendships,
  groupMembers,
  groups,
  notifications,
  userBlocks,
  users,
} from '@dolya/db';
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import { AppError } from '../errors';
import { rowOf } from './group-rows';
import { writeLog } from './logs';
import { lockGroupSeats } from './members';
import { findUserByUsername, type UserRow } from './users';

/** A user as others see them: no email (spec §3 Friend). */
export function friendView(user: Pick<UserRow, 'id' | 'name' | 'username' | 'telegramUsername'>) {
  return { id: user.id, name: user.name, username: user.username, telegramUsername: user.telegramUsername };
}

/** Finds a user by username, case-insensitively; USERNAME_NOT_FOUND otherwise. */
export async function lookupUser(db: Database, username: string) {
  const user = await findUserByUsername(db, username);
  if (!user) throw new AppError('USERNAME_NOT_FOUND', 'User with this username not found', 'username');
  return friendView(user);
}

/** The caller's own contact list. */
export async function listFriends(db: Database, userId: string) {
  const rows = await db
    .select({ user: users })
    .from(friendships)
    .innerJoin(users, eq(users.id, friendships.friendId))
    .where(eq(friendships.userId, userId))
    .orderBy(sql`lower(${users.name})`, asc(users.id));
  return rows.map((r) => friendView(r.user));
}

/** Adds a user to the caller's list; adding someone already there is a no-op. */
export async function addFriend(db: Database, userId: string, username: string) {
  const friend = await lookupUser(db, username);
  if (friend.id === userId) {
    throw new AppError('VALIDATION_ERROR', 'You cannot add yourself as a friend', 'username');
  }
  await db.insert(friendships).values({ userId, friendId: friend.id }).onConflictDoNothing();
  return friend;
}

/** Removes a user from the caller's own list only; their list is theirs. */
export async function removeFriend(db: Database, userId: string, friendId: string) {
  await db.delete(friendships).where(and(eq(friendships.userId, userId), eq(friendships.friendId, friendId)));
}

export interface GroupInvitePayload extends Record<string, unknown> {
  groupName: string;
  groupId: string;
  senderName: string;
  memberId: string;
}

/**
 * Tells an account it was added to a group (call inside the adding transaction). An older open
 * invitation for the same seat is resolved, so the recipient sees one per seat.
 */
export async function notifyGroupInvite(
  db: Database,
  invite: { recipientId: string; senderId: string; groupId: string; memberId: string },
) {
  const [group] = await db.select({ name: groups.name }).from(groups).where(eq(groups.id, invite.groupId));
  const [sender] = await db.select({ name: users.name }).from(users).where(eq(users.id, invite.senderId));
  await db
    .update(notifications)
    .set({ resolvedAt: new Date() })
    .where(
      and(
        eq(notifications.groupId, invite.groupId),
        eq(notifications.memberId, invite.memberId),
        isNull(notifications.resolvedAt),
      ),
    );
  const payload: GroupInvitePayload = {
    groupName: group?.name ?? '',
    groupId: invite.groupId,
    senderName: sender?.name ?? '',
    memberId: invite.memberId,
  };
  const [row] = await db
    .insert(notifications)
    .values({
      userId: invite.recipientId,
      type: 'GROUP_INVITE',
      payload,
      groupId: invite.groupId,
      memberId: invite.memberId,
      senderUserId: invite.senderId,
    })
    .returning({ id: notifications.id });
  return row!.id;
}

/** A notification's seat, found by its primary key (group_id, id). */
const seatOfNotification = and(
  eq(groupMembers.groupId, notifications.groupId),
  eq(groupMembers.id, notifications.memberId),
);

/** Open invitations: not resolved, the seat still PENDING, the group not deleted. */
const open = (userId: string) =>
  and(
    eq(notifications.userId, userId),
    eq(notifications.type, 'GROUP_INVITE'),
    isNull(notifications.resolvedAt),
    eq(groupMembers.status, 'PENDING'),
    isNull(groups.deletedAt),
  );

/** The caller's open notifications, newest first. */
export async function listNotifications(db: Database, userId: string) {
  const rows = await db
    .select({ n: notifications })
    .from(notifications)
    .innerJoin(groupMembers, seatOfNotification)
    .innerJoin(groups, eq(groups.id, notifications.groupId))
    .where(open(userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id));
  return rows.map(({ n }) => ({
    id: n.id,
    type: 'GROUP_INVITE' as const,
    payload: n.payload as GroupInvitePayload,
  }));
}

export type NotificationAction = 'accept' | 'decline' | 'block';

/**
 * Accept activates the PENDING seat; decline removes it; block removes it and blocks the sender.
 * Only the recipient may act, and only once: anything else is NOT_FOUND.
 */
export async function resolveNotification(
  db: Database,
  userId: string,
  notificationId: string,
  action: NotificationAction,
) {
  return db.transaction(async (tx) => {
    // Queue behind any other change of the same group's seats (a join through a link, say).
    const [target] = await tx
      .select({ groupId: notifications.groupId })
      .from(notifications)
      .where(and(eq(notifications.id, notificationId), eq(notifications.userId, userId)));
    if (target?.groupId) await lockGroupSeats(tx, target.groupId);
    const [row] = await tx
      .select({ n: notifications, seat: groupMembers })
      .from(notifications)
      .innerJoin(groupMembers, seatOfNotification)
      .innerJoin(groups, eq(groups.id, notifications.groupId))
      .where(and(eq(notifications.id, notificationId), open(userId)))
      .for('update', { of: [notifications, groupMembers] });
    if (!row || row.seat.userId !== userId) throw new AppError('NOT_FOUND', 'Notification not found');
    const { n, seat } = row;
    await tx.update(notifications).set({ resolvedAt: new Date() }).where(eq(notifications.id, n.id));
    if (action === 'accept') {
      await tx
        .update(groupMembers)
        .set({ status: 'ACTIVE' })
        .where(rowOf(groupMembers, seat.groupId, seat.id));
      await writeLog(tx, {
        groupId: seat.groupId,
        actorMemberId: seat.id,
        action: 'MEMBER_JOINED',
        message: `${seat.name} joined the group`,
        details: { memberId: seat.id, name: seat.name },
      });
    } else {
      await tx
        .update(groupMembers)
        .set({ status: 'REMOVED', isAdmin: false })
        .where(rowOf(groupMembers, seat.groupId, seat.id));
      await writeLog(tx, {
        groupId: seat.groupId,
        actorMemberId: seat.id,
        action: 'MEMBER_DECLINED',
        message: `${seat.name} declined the invitation`,
        details: { memberId: seat.id, name: seat.name },
      });
      if (action === 'block' && n.senderUserId && n.senderUserId !== userId) {
        await tx
          .insert(userBlocks)
          .values({ blockerId: userId, blockedId: n.senderUserId })
          .onConflictDoNothing();
      }
    }
    return { groupId: seat.groupId };
  });
}
