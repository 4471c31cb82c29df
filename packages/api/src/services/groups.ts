import {
  type Database,
  groupMembers,
  groups,
  memberBalances,
  preparedFor,
  userBlocks,
  users,
} from '@dolya/db';
import { type Cents, type CreateGroupInput, idSchema, type UpdateGroupInput } from '@dolya/domain';
import { and, asc, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { AppError } from '../errors';
import { type GroupRow, requireAdmin, requireSeatAmong } from './access';
import { rowOf } from './group-rows';
import { writeLog } from './logs';
import { type GroupMember, loadMembers, memberView } from './members';
import { notifyGroupInvite } from './social';

/** A group as clients see it (spec §3); expenses and logs are loaded separately. */
export interface Group {
  id: string;
  name: string;
  currency: string;
  /** The IANA zone the group's days are in: when its recurring expenses fall. */
  timeZone: string;
  users: GroupMember[];
  /** ISO timestamps. */
  createdAt: string;
  lastActivity: string;
}

function groupView(
  group: Pick<GroupRow, 'id' | 'name' | 'currency' | 'timeZone' | 'createdAt' | 'lastActivityAt'>,
  members: Awaited<ReturnType<typeof loadMembers>>,
  userId: string,
): Group {
  return {
    id: group.id,
    name: group.name,
    currency: group.currency,
    timeZone: group.timeZone,
    users: members.filter((m) => m.member.groupId === group.id).map((m) => memberView(m, userId)),
    createdAt: group.createdAt.toISOString(),
    lastActivity: group.lastActivityAt.toISOString(),
  };
}

/** A group on the home list: the group and what the user is owed there (negative: owes), in cents. */
export interface GroupListItem extends Group {
  myNetCents: Cents;
}

/**
 * The user's groups, latest activity first, each with the user's net there, read from the stored
 * per-member totals (member-totals.ts) in the same query.
 */
export async function listGroups(db: Database, userId: string): Promise<GroupListItem[]> {
  const rows = await db
    .select({ group: groups, totals: memberBalances })
    .from(groups)
    .innerJoin(groupMembers, eq(groupMembers.groupId, groups.id))
    .leftJoin(
      memberBalances,
      and(eq(memberBalances.groupId, groups.id), eq(memberBalances.memberId, groupMembers.id)),
    )
    .where(and(eq(groupMembers.userId, userId), eq(groupMembers.status, 'ACTIVE'), isNull(groups.deletedAt)))
    .orderBy(desc(groups.lastActivityAt), desc(groups.createdAt));
  const members = await loadMembers(
    db,
    rows.map((r) => r.group.id),
  );
  return rows.map((r) => ({
    ...groupView(r.group, members, userId),
    myNetCents: r.totals
      ? r.totals.paidCents - r.totals.owedCents + r.totals.sentCents - r.totals.receivedCents
      : 0,
  }));
}

/**
 * The seats of a group that are not removed, in group order, with their accounts' names and the
 * group on each row: the group page's group and the caller's access to it in one query.
 */
const groupWithMembersQuery = (db: Database) =>
  preparedFor(db, 'group-with-members', (d) =>
    d
      .select({
        member: groupMembers,
        username: users.username,
        telegramUsername: users.telegramUsername,
        group: {
          id: groups.id,
          name: groups.name,
          currency: groups.currency,
          timeZone: groups.timeZone,
          createdAt: groups.createdAt,
          lastActivityAt: groups.lastActivityAt,
          deletedAt: groups.deletedAt,
        },
      })
      .from(groupMembers)
      .innerJoin(groups, eq(groups.id, groupMembers.groupId))
      .leftJoin(users, eq(users.id, groupMembers.userId))
      .where(and(eq(groupMembers.groupId, sql.placeholder('groupId')), ne(groupMembers.status, 'REMOVED')))
      .orderBy(asc(groupMembers.position))
      .prepare('group-with-members'),
  );

export async function getGroup(db: Database, userId: string, groupId: string): Promise<Group> {
  const rows = await groupWithMembersQuery(db).execute({ groupId });
  requireSeatAmong(
    rows.map((r) => r.member),
    userId,
    rows[0]?.group.deletedAt != null,
  );
  // The check found the caller's seat, so there is a first row.
  return groupView(rows[0]!.group, rows, userId);
}

export async function createGroup(
  db: Database,
  user: { id: string; name: string },
  input: CreateGroupInput,
): Promise<{ id: string }> {
  return db.transaction(async (tx) => {
    const [group] = await tx
      .insert(groups)
      .values({ name: input.name, currency: input.currency, createdByUserId: user.id })
      .returning();
    const groupId = group!.id;
    const [creator] = await tx
      .insert(groupMembers)
      .values({ groupId, userId: user.id, name: user.name, isAdmin: true, share: 1, position: 0 })
      .returning();

    const others = input.users.filter((u) => !u.isCurrentUser && u.id !== user.id);
    const accountIds = others
      .map((u) => u.id)
      .filter((id): id is string => !!id && idSchema.safeParse(id).success);
    const known = accountIds.length
      ? await tx.select({ id: users.id }).from(users).where(inArray(users.id, accountIds))
      : [];
    const knownIds = new Set(known.map((k) => k.id));
    const [blocked] = knownIds.size
      ? await tx
          .select()
          .from(userBlocks)
          .where(and(inArray(userBlocks.blockerId, [...knownIds]), eq(userBlocks.blockedId, user.id)))
      : [];
    if (blocked)
      throw new AppError('BLOCKED_BY_USER', 'This user has restricted being added to groups', 'users');
    const linked = new Set<string>();
    let position = 1;
    for (const u of others) {
      // A client's temporary id, or an unknown one, means a seat without an account.
      const accountId = u.id && knownIds.has(u.id) && !linked.has(u.id) ? u.id : null;
      if (accountId) linked.add(accountId);
      const [seat] = await tx
        .insert(groupMembers)
        .values({
          groupId,
          userId: accountId,
          name: u.name,
          // An account added by someone else joins once its owner accepts the invitation.
          status: accountId ? 'PENDING' : 'ACTIVE',
          isAdmin: false,
          share: u.share ?? 1,
          position: position++,
        })
        .returning({ id: groupMembers.id });
      if (accountId) {
        await notifyGroupInvite(tx, {
          recipientId: accountId,
          senderId: user.id,
          groupId,
          memberId: seat!.id,
        });
      }
    }
    await writeLog(tx, {
      groupId,
      actorMemberId: creator!.id,
      action: 'GROUP_CREATED',
      message: `${user.name} created the group "${input.name}"`,
      details: { name: input.name, currency: input.currency },
    });
    return { id: groupId };
  });
}

export async function updateGroup(db: Database, userId: string, input: UpdateGroupInput): Promise<Group> {
  return db.transaction(async (tx) => {
    const { group, member } = await requireAdmin(tx, input.groupId, userId);
    const changes: Record<string, unknown> = {};
    const name = input.name?.trim();
    if (name && name !== group.name) changes.name = name;
    if (input.currency && input.currency !== group.currency) changes.currency = input.currency;
    if (input.timeZone && input.timeZone !== group.timeZone) changes.timeZone = input.timeZone;
    if (Object.keys(changes).length) await tx.update(groups).set(changes).where(eq(groups.id, group.id));

    const shareChanges: { memberId: string; name: string; from: number; to: number }[] = [];
    if (input.users?.length) {
      const seats = await loadMembers(tx, [group.id]);
      for (const wanted of input.users) {
        const seat = seats.find(
          (s) =>
            (wanted.memberId && s.member.id === wanted.memberId) ||
            (wanted.id && s.member.userId === wanted.id),
        );
        if (!seat) throw new AppError('INVALID_MEMBER', 'Not a member of this group', 'users');
        if (seat.member.share === wanted.share) continue;
        await tx
          .update(groupMembers)
          .set({ share: wanted.share })
          .where(rowOf(groupMembers, group.id, seat.member.id));
        shareChanges.push({
          memberId: seat.member.id,
          name: seat.member.name,
          from: seat.member.share,
          to: wanted.share,
        });
      }
    }
    if (Object.keys(changes).length || shareChanges.length) {
      const parts = [
        changes.name ? `renamed the group to "${changes.name}"` : '',
        changes.currency ? `changed the currency to ${changes.currency}` : '',
        changes.timeZone ? `changed the time zone to ${changes.timeZone}` : '',
        shareChanges.length
          ? `changed default shares (${shareChanges.map((c) => `${c.name}: ${c.to}`).join(', ')})`
          : '',
      ].filter(Boolean);
      await writeLog(tx, {
        groupId: group.id,
        actorMemberId: member.id,
        action: 'GROUP_UPDATED',
        message: `${member.name} ${parts.join('; ')}`,
        details: { ...changes, shares: shareChanges },
      });
    }
    const [fresh] = await tx.select().from(groups).where(eq(groups.id, group.id));
    return groupView(fresh!, await loadMembers(tx, [group.id]), userId);
  });
}

export async function deleteGroup(db: Database, userId: string, groupId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const { group, member } = await requireAdmin(tx, groupId, userId);
    await writeLog(tx, {
      groupId,
      actorMemberId: member.id,
      action: 'GROUP_DELETED',
      message: `${member.name} deleted the group "${group.name}"`,
    });
    await tx.update(groups).set({ deletedAt: new Date() }).where(eq(groups.id, groupId));
  });
}
