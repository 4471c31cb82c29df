import {
  type Database,
  friendships,
  groupMembers,
  groups,
  identities,
  notifications,
  passkeys,
  reminderRecipients,
  userBlocks,
  users,
} from '@dolya/db';
import { asc, eq } from 'drizzle-orm';
import { AppError } from '../errors';
import { exportFileBase, type GroupExportFile, type GroupJson, groupJsonFor } from './group-export';

/**
 * Everything Dolya holds about a person ("Download my data", issue 29): the profile, the sign-in
 * methods without their secrets (no password hash, passkey key or session), friends and blocks,
 * notifications, reminder settings, every seat they have or had, and for each group they are an
 * active member of its whole record (Dolya's group JSON: members, expenses, settlements, the log).
 */
export async function accountData(db: Database, userId: string, now = new Date()) {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new AppError('UNAUTHORIZED', 'Sign in first');
  const friend = { name: users.name, username: users.username };
  const [ids, keys, friendRows, blockRows, notificationRows, reminderRows, seats] = await Promise.all([
    db
      .select({
        provider: identities.provider,
        email: identities.email,
        displayName: identities.displayName,
        linkedAt: identities.createdAt,
      })
      .from(identities)
      .where(eq(identities.userId, userId))
      .orderBy(asc(identities.createdAt)),
    db
      .select({ name: passkeys.name, createdAt: passkeys.createdAt, lastUsedAt: passkeys.lastUsedAt })
      .from(passkeys)
      .where(eq(passkeys.userId, userId))
      .orderBy(asc(passkeys.createdAt)),
    db
      .select({ ...friend, since: friendships.createdAt })
      .from(friendships)
      .innerJoin(users, eq(users.id, friendships.friendId))
      .where(eq(friendships.userId, userId))
      .orderBy(asc(friendships.createdAt)),
    db
      .select({ ...friend, since: userBlocks.createdAt })
      .from(userBlocks)
      .innerJoin(users, eq(users.id, userBlocks.blockedId))
      .where(eq(userBlocks.blockerId, userId)),
    db
      .select({
        type: notifications.type,
        payload: notifications.payload,
        createdAt: notifications.createdAt,
        resolvedAt: notifications.resolvedAt,
      })
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .orderBy(asc(notifications.createdAt)),
    db.select().from(reminderRecipients).where(eq(reminderRecipients.userId, userId)),
    db
      .select({ seat: groupMembers, group: groups })
      .from(groupMembers)
      .innerJoin(groups, eq(groups.id, groupMembers.groupId))
      .where(eq(groupMembers.userId, userId))
      .orderBy(asc(groups.createdAt)),
  ]);
  const readable = seats.filter(({ seat, group }) => seat.status === 'ACTIVE' && !group.deletedAt);
  const records: GroupJson[] = [];
  // One group at a time: a person in many groups must not take the pool's every connection.
  for (const { group } of readable) records.push(await groupJsonFor(db, group.id, userId, now));
  const reminders = reminderRows[0];
  return {
    format: 'dolya-account' as const,
    version: 1 as const,
    exportedAt: now.toISOString(),
    profile: {
      id: user.id,
      name: user.name,
      username: user.username,
      email: user.email,
      telegramUsername: user.telegramUsername,
      createdAt: user.createdAt.toISOString(),
    },
    signInMethods: {
      password: user.passwordHash !== null,
      identities: ids.map((i) => ({ ...i, linkedAt: i.linkedAt.toISOString() })),
      passkeys: keys.map((k) => ({
        name: k.name,
        createdAt: k.createdAt.toISOString(),
        lastUsedAt: k.lastUsedAt?.toISOString() ?? null,
      })),
    },
    friends: friendRows.map((f) => ({ ...f, since: f.since.toISOString() })),
    blocked: blockRows.map((b) => ({ ...b, since: b.since.toISOString() })),
    notifications: notificationRows.map((n) => ({
      ...n,
      createdAt: n.createdAt.toISOString(),
      resolvedAt: n.resolvedAt?.toISOString() ?? null,
    })),
    reminders: reminders
      ? { language: reminders.language, stoppedAt: reminders.stoppedAt?.toISOString() ?? null }
      : null,
    memberships: seats.map(({ seat, group }) => ({
      groupId: group.id,
      groupName: group.name,
      groupDeleted: group.deletedAt !== null,
      memberId: seat.id,
      name: seat.name,
      status: seat.status,
      isAdmin: seat.isAdmin,
      joinedAt: seat.createdAt.toISOString(),
    })),
    groups: records,
  };
}

/** The account's data as a JSON file to download. */
export async function accountDataFile(
  db: Database,
  userId: string,
  now = new Date(),
): Promise<GroupExportFile> {
  const data = await accountData(db, userId, now);
  return {
    filename: `${exportFileBase(data.profile.username, now.toISOString().slice(0, 10)).replace(/^dolya-/, 'dolya-account-')}.json`,
    contentType: 'application/json; charset=utf-8',
    content: `${JSON.stringify(data, null, 2)}\n`,
  };
}
