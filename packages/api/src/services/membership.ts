import { type Database, groupMembers, userBlocks } from '@dolya/db';
import type { AddMemberInput, MemberRefInput, RenameMemberInput } from '@dolya/domain';
import { and, asc, eq, ne } from 'drizzle-orm';
import { AppError } from '../errors';
import { type MemberRow, requireAdmin } from './access';
import { rowOf } from './group-rows';
import { type LogAction, writeLog } from './logs';
import { lockGroupSeats, nextPosition } from './members';
import { notifyGroupInvite } from './social';
import { findUserByUsername } from './users';

/**
 * Adds a seat: without a username, a member without an account (ACTIVE at once); with one, that
 * account as a PENDING member, with a GROUP_INVITE notification, until its owner accepts. A removed
 * account is brought back.
 */
export async function addMember(db: Database, userId: string, input: AddMemberInput) {
  return db.transaction(async (tx) => {
    const { member: actor } = await requireAdmin(tx, input.groupId, userId);
    await lockGroupSeats(tx, input.groupId);
    if (!input.username) {
      if (input.isAdmin) {
        throw new AppError(
          'VALIDATION_ERROR',
          'isAdmin: only a member with an account can be an admin',
          'isAdmin',
        );
      }
      const [seat] = await tx
        .insert(groupMembers)
        .values({ groupId: input.groupId, name: input.name, position: await nextPosition(tx, input.groupId) })
        .returning();
      await logMember(tx, actor, 'MEMBER_ADDED', `${actor.name} added ${seat!.name}`, seat!);
      return { memberId: seat!.id };
    }

    const account = await findUserByUsername(tx, input.username);
    if (!account) throw new AppError('USERNAME_NOT_FOUND', 'User with this username not found', 'username');
    const [blocked] = await tx
      .select()
      .from(userBlocks)
      .where(and(eq(userBlocks.blockerId, account.id), eq(userBlocks.blockedId, userId)));
    if (blocked) {
      throw new AppError('BLOCKED_BY_USER', 'This user has restricted being added to groups', 'username');
    }
    const [existing] = await tx
      .select()
      .from(groupMembers)
      .where(and(eq(groupMembers.groupId, input.groupId), eq(groupMembers.userId, account.id)));
    if (existing && existing.status !== 'REMOVED') {
      throw new AppError('CONFLICT', 'This user is already in the group', 'username');
    }
    const values = { name: input.name, isAdmin: input.isAdmin, status: 'PENDING' as const };
    const [seat] = existing
      ? await tx
          .update(groupMembers)
          .set(values)
          .where(rowOf(groupMembers, input.groupId, existing.id))
          .returning()
      : await tx
          .insert(groupMembers)
          .values({
            ...values,
            groupId: input.groupId,
            userId: account.id,
            position: await nextPosition(tx, input.groupId),
          })
          .returning();
    await notifyGroupInvite(tx, {
      recipientId: account.id,
      senderId: userId,
      groupId: input.groupId,
      memberId: seat!.id,
    });
    await logMember(
      tx,
      actor,
      'MEMBER_INVITED',
      `${actor.name} invited ${seat!.name} (@${account.username})`,
      seat!,
    );
    return { memberId: seat!.id };
  });
}

/** Removes another member's seat; their old expenses keep the seat and its name. */
export async function removeMember(db: Database, userId: string, ref: MemberRefInput) {
  await db.transaction(async (tx) => {
    const { member: actor } = await requireAdmin(tx, ref.groupId, userId);
    // Two admins removing each other at once must not both succeed and leave the group without one.
    if (!(await lockAdmins(tx, ref.groupId)).some((admin) => admin.id === actor.id))
      throw new AppError('FORBIDDEN', 'Only a group admin can do this');
    const seat = await findSeat(tx, ref);
    if (seat.id === actor.id) throw new AppError('FORBIDDEN', 'You cannot remove yourself from the group');
    await tx
      .update(groupMembers)
      .set({ status: 'REMOVED', isAdmin: false })
      .where(rowOf(groupMembers, seat.groupId, seat.id));
    await logMember(tx, actor, 'MEMBER_REMOVED', `${actor.name} removed ${seat.name}`, seat);
  });
}

/** Gives admin rights to a member with an account; already an admin is a no-op. */
export async function makeAdmin(db: Database, userId: string, ref: MemberRefInput) {
  await db.transaction(async (tx) => {
    const { member: actor } = await requireAdmin(tx, ref.groupId, userId);
    const seat = await findSeat(tx, ref);
    if (!seat.userId) {
      throw new AppError('VALIDATION_ERROR', 'Only a member with an account can be an admin', 'memberId');
    }
    if (seat.isAdmin) return;
    await tx
      .update(groupMembers)
      .set({ isAdmin: true })
      .where(rowOf(groupMembers, seat.groupId, seat.id));
    await logMember(tx, actor, 'ADMIN_GRANTED', `${actor.name} made ${seat.name} an admin`, seat);
  });
}

/** Takes admin rights away; the group must keep at least one active admin (LAST_ADMIN). */
export async function revokeAdmin(db: Database, userId: string, ref: MemberRefInput) {
  await db.transaction(async (tx) => {
    const { member: actor } = await requireAdmin(tx, ref.groupId, userId);
    const seat = await findSeat(tx, ref);
    if (!seat.isAdmin) return;
    // Two admins revoking each other queue up on the lock; the second sees the first's change and
    // gets LAST_ADMIN (checked first: its own rights went too, but that is the reason that matters).
    const admins = await lockAdmins(tx, ref.groupId);
    if (!admins.some((admin) => admin.id !== seat.id)) {
      throw new AppError(
        'LAST_ADMIN',
        'A group must keep at least one administrator. First transfer rights to another member.',
      );
    }
    // Waiting for the lock may have ended the caller's own rights.
    if (!admins.some((admin) => admin.id === actor.id))
      throw new AppError('FORBIDDEN', 'Only a group admin can do this');
    await tx
      .update(groupMembers)
      .set({ isAdmin: false })
      .where(rowOf(groupMembers, seat.groupId, seat.id));
    await logMember(tx, actor, 'ADMIN_REVOKED', `${actor.name} revoked admin rights of ${seat.name}`, seat);
  });
}

/**
 * Locks every active admin seat of the group in one order (so two admins acting on each other queue
 * up instead of deadlocking) and returns them as they are once the lock is held.
 */
function lockAdmins(db: Database, groupId: string) {
  return db
    .select({ id: groupMembers.id })
    .from(groupMembers)
    .where(
      and(
        eq(groupMembers.groupId, groupId),
        eq(groupMembers.isAdmin, true),
        eq(groupMembers.status, 'ACTIVE'),
      ),
    )
    .orderBy(asc(groupMembers.id))
    .for('update');
}

/** Renames a member without an account (admins only); a seat held by an account is its holder's to name. */
export async function renameMember(db: Database, userId: string, input: RenameMemberInput) {
  await db.transaction(async (tx) => {
    const { member: actor } = await requireAdmin(tx, input.groupId, userId);
    const seat = await findSeat(tx, { groupId: input.groupId, memberId: input.memberId });
    if (seat.userId) {
      throw new AppError('VALIDATION_ERROR', 'A member with an account sets their own name', 'memberId');
    }
    if (seat.name === input.name) return;
    await tx
      .update(groupMembers)
      .set({ name: input.name })
      .where(rowOf(groupMembers, seat.groupId, seat.id));
    await writeLog(tx, {
      groupId: seat.groupId,
      actorMemberId: actor.id,
      action: 'MEMBER_RENAMED',
      message: `${actor.name} renamed ${seat.name} to ${input.name}`,
      details: { memberId: seat.id, name: input.name, previousName: seat.name },
    });
  });
}

async function findSeat(db: Database, ref: MemberRefInput): Promise<MemberRow> {
  const [seat] = await db
    .select()
    .from(groupMembers)
    .where(
      and(
        eq(groupMembers.groupId, ref.groupId),
        ne(groupMembers.status, 'REMOVED'),
        ref.memberId ? eq(groupMembers.id, ref.memberId) : eq(groupMembers.userId, ref.userId!),
      ),
    );
  if (!seat)
    throw new AppError('NOT_FOUND', 'No such member in this group', ref.memberId ? 'memberId' : 'userId');
  return seat;
}

function logMember(db: Database, actor: MemberRow, action: LogAction, message: string, seat: MemberRow) {
  return writeLog(db, {
    groupId: seat.groupId,
    actorMemberId: actor.id,
    action,
    message,
    details: { memberId: seat.id, name: seat.name },
  });
}
