import { randomBytes } from 'node:crypto';
import { type Database, groupMembers, groups, invites, notifications, users } from '@dolya/db';
import { and, asc, desc, eq, gt, isNull, ne, or, sql } from 'drizzle-orm';
import { uniqueViolation } from '../error-mapping';
import { AppError } from '../errors';
import { requireAdmin } from './access';
import { rowOf } from './group-rows';
import { writeLog } from './logs';
import { lockGroupSeats, nextPosition } from './members';

type InviteRow = typeof invites.$inferSelect;

/** 32 random bytes (256 bits) as base64url: an invite link cannot be guessed. */
function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Not revoked and not past its expiry. */
const live = () =>
  and(isNull(invites.revokedAt), or(isNull(invites.expiresAt), gt(invites.expiresAt, sql`now()`)));

export function inviteView(invite: InviteRow) {
  return {
    token: invite.token,
    expiresAt: invite.expiresAt?.toISOString() ?? null,
    // 0 / absent at creation means "never expires", reported as null like expiresAt.
    ttlSeconds: invite.expiresAt
      ? Math.round((invite.expiresAt.getTime() - invite.createdAt.getTime()) / 1000)
      : null,
  };
}

/**
 * Creates the group's invite link; the previous live link stops working (one live link per
 * group). ttlSeconds 0 or absent means the link never expires.
 */
export async function createInvite(
  db: Database,
  userId: string,
  groupId: string,
  ttlSeconds?: number | null,
) {
  return db.transaction(async (tx) => {
    const { member: actor } = await requireAdmin(tx, groupId, userId);
    // Two admins creating at once queue up here, so only one link stays live.
    await tx.select({ id: groups.id }).from(groups).where(eq(groups.id, groupId)).for('update');
    const now = new Date();
    await tx
      .update(invites)
      .set({ revokedAt: now })
      .where(and(eq(invites.groupId, groupId), isNull(invites.revokedAt)));
    const [invite] = await tx
      .insert(invites)
      .values({
        groupId,
        token: newToken(),
        createdByMemberId: actor.id,
        createdAt: now,
        expiresAt: ttlSeconds ? new Date(now.getTime() + ttlSeconds * 1000) : null,
      })
      .returning();
    await writeLog(tx, {
      groupId,
      actorMemberId: actor.id,
      action: 'INVITE_CREATED',
      message: `${actor.name} created an invite link`,
      details: { expiresAt: invite!.expiresAt?.toISOString() ?? null },
    });
    return inviteView(invite!);
  });
}

/** The group's live invite link, or null when there is none (admins only). */
export async function getInvite(db: Database, userId: string, groupId: string) {
  await requireAdmin(db, groupId, userId);
  const [invite] = await db
    .select()
    .from(invites)
    .where(and(eq(invites.groupId, groupId), live()))
    .orderBy(desc(invites.createdAt))
    .limit(1);
  return invite ? inviteView(invite) : null;
}

/** Revokes the group's invite link; nothing to revoke is no error. */
export async function revokeInvite(db: Database, userId: string, groupId: string) {
  await db.transaction(async (tx) => {
    const { member: actor } = await requireAdmin(tx, groupId, userId);
    const revoked = await tx
      .update(invites)
      .set({ revokedAt: new Date() })
      .where(and(eq(invites.groupId, groupId), isNull(invites.revokedAt)))
      .returning({ id: invites.id });
    if (revoked.length === 0) return;
    await writeLog(tx, {
      groupId,
      actorMemberId: actor.id,
      action: 'INVITE_REVOKED',
      message: `${actor.name} revoked the invite link`,
    });
  });
}

/** The live invite of a live group, or INVITE_INVALID (unknown, revoked, expired or group deleted). */
async function requireInvite(db: Database, token: string) {
  const [row] = await db
    .select({ invite: invites, group: groups })
    .from(invites)
    .innerJoin(groups, eq(groups.id, invites.groupId))
    .where(and(eq(invites.token, token), live(), isNull(groups.deletedAt)))
    .limit(1);
  if (!row) throw new AppError('INVITE_INVALID', 'Invite link is invalid or expired');
  return row;
}

async function seatOf(db: Database, groupId: string, userId: string) {
  const [seat] = await db
    .select()
    .from(groupMembers)
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId)));
  return seat;
}

/** What the invite page shows; works signed out too (alreadyMember is then false). */
export async function previewInvite(db: Database, userId: string | null, token: string) {
  const { group } = await requireInvite(db, token);
  const seats = await db
    .select({ member: groupMembers, username: users.username })
    .from(groupMembers)
    .leftJoin(users, eq(users.id, groupMembers.userId))
    .where(and(eq(groupMembers.groupId, group.id), ne(groupMembers.status, 'REMOVED')))
    .orderBy(asc(groupMembers.position));
  const mine = userId ? await seatOf(db, group.id, userId) : undefined;
  return {
    groupId: group.id,
    groupName: group.name,
    users: seats.map(({ member, username }) => ({
      memberId: member.id,
      id: member.userId,
      name: member.name,
      username,
    })),
    alreadyMember: mine?.status === 'ACTIVE',
  };
}

/**
 * Takes over a seat without an account: the seat becomes the caller's, with its name, share and
 * history (expenses point at the seat, so they now belong to the caller). A seat with an account is
 * SEAT_TAKEN; of two people claiming the same seat at once exactly one wins. A caller who already
 * has a seat in the group (of any status) gets CONFLICT: a person has one seat per group.
 */
export async function claimSeat(db: Database, userId: string, token: string, memberId: string) {
  try {
    return await db.transaction(async (tx) => {
      const { group } = await requireInvite(tx, token);
      await lockGroupSeats(tx, group.id);
      const [seat] = await tx
        .select()
        .from(groupMembers)
        .where(and(rowOf(groupMembers, group.id, memberId), ne(groupMembers.status, 'REMOVED')));
      if (!seat) throw new AppError('NOT_FOUND', 'No such member in this group', 'memberId');
      if (seat.userId !== null) throw seatTaken();
      if (await seatOf(tx, group.id, userId)) throw alreadyInGroup();
      // The condition re-checked by the update itself decides a race: the loser waits on the
      // winner's row lock, then finds user_id set and updates nothing.
      const claimed = await tx
        .update(groupMembers)
        .set({ userId, status: 'ACTIVE' })
        .where(
          and(
            rowOf(groupMembers, group.id, seat.id),
            isNull(groupMembers.userId),
            ne(groupMembers.status, 'REMOVED'),
          ),
        )
        .returning();
      if (claimed.length === 0) throw seatTaken();
      await writeLog(tx, {
        groupId: group.id,
        actorMemberId: seat.id,
        action: 'SEAT_CLAIMED',
        message: `${seat.name} joined through the invite link and took their seat`,
        details: { memberId: seat.id, name: seat.name, userId },
      });
      return { groupId: group.id };
    });
  } catch (error) {
    // The same caller claiming two seats of one group at once: the (group, user) key stops the second.
    if (uniqueViolation(error) !== undefined) throw alreadyInGroup();
    throw error;
  }
}

/**
 * Joins the group as a new member (name of the account, share 1). A REMOVED or PENDING seat of the
 * caller is brought back instead; an ACTIVE member just gets the group id back.
 */
export async function joinAsNew(db: Database, user: { id: string; name: string }, token: string) {
  try {
    return await db.transaction(async (tx) => {
      const { group } = await requireInvite(tx, token);
      await lockGroupSeats(tx, group.id);
      const existing = await seatOf(tx, group.id, user.id);
      if (existing?.status === 'ACTIVE') return { groupId: group.id };
      const [seat] = existing
        ? await tx
            .update(groupMembers)
            .set({ status: 'ACTIVE' })
            .where(rowOf(groupMembers, group.id, existing.id))
            .returning()
        : await tx
            .insert(groupMembers)
            .values({
              groupId: group.id,
              userId: user.id,
              name: user.name,
              share: 1,
              status: 'ACTIVE',
              position: await nextPosition(tx, group.id),
            })
            .returning();
      // Joining by link settles an invitation still open for this seat.
      await tx
        .update(notifications)
        .set({ resolvedAt: new Date() })
        .where(
          and(
            eq(notifications.groupId, group.id),
            eq(notifications.memberId, seat!.id),
            isNull(notifications.resolvedAt),
          ),
        );
      await writeLog(tx, {
        groupId: group.id,
        actorMemberId: seat!.id,
        action: 'MEMBER_JOINED',
        message: `${seat!.name} joined through the invite link`,
        details: { memberId: seat!.id, name: seat!.name, userId: user.id },
      });
      return { groupId: group.id };
    });
  } catch (error) {
    // Backstop behind the seat lock: a second seat of this user hit the (group, user) key; they are in.
    if (uniqueViolation(error) === 'group_members_group_user_key') {
      const { group } = await requireInvite(db, token);
      return { groupId: group.id };
    }
    throw error;
  }
}

function seatTaken() {
  return new AppError('SEAT_TAKEN', 'This seat has already been taken');
}

function alreadyInGroup() {
  return new AppError('CONFLICT', 'You already have a seat in this group');
}
