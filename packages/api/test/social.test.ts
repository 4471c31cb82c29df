import { friendships, groupLogs, groupMembers, notifications, userBlocks } from '@dolya/db';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { refusal, snapshot, unknownId } from './fixtures';
import { signUp, useTestDatabase } from './harness';

describe('users and friends', () => {
  const db = useTestDatabase();
  const d = () => db.current.db;

  it('looks a user up by username, case-insensitively, without their email', async () => {
    const ann = await signUp(d(), 'Ann');
    const bob = await signUp(d(), 'Bob');
    const found = await (await ann.call()).users.lookup({
      username: `  ${bob.user.username.toUpperCase()} `,
    });
    expect(found).toEqual({
      id: bob.user.id,
      name: 'Bob',
      username: bob.user.username,
      telegramUsername: null,
    });
    expect(
      await refusal((await ann.call()).users.lookup({ username: `nobody_${unknownId().slice(0, 8)}` })),
    ).toMatchObject({ appCode: 'USERNAME_NOT_FOUND', field: 'username' });
    expect((await refusal((await ann.call()).users.lookup({ username: '  ' }))).appCode).toBe(
      'VALIDATION_ERROR',
    );
  });

  it('adds a friend by username to the caller’s own list only, idempotently', async () => {
    const ann = await signUp(d(), 'Ann');
    const bob = await signUp(d(), 'Bob');
    const cleo = await signUp(d(), 'Cleo');
    const a = await ann.call();
    expect(await a.friends.list()).toEqual([]);
    const added = await a.friends.add({ username: bob.user.username.toUpperCase() });
    expect(added).toEqual({
      id: bob.user.id,
      name: 'Bob',
      username: bob.user.username,
      telegramUsername: null,
    });
    // Adding again changes nothing and answers the same friend.
    expect(await a.friends.add({ username: bob.user.username })).toEqual(added);
    await a.friends.add({ username: cleo.user.username });
    expect((await a.friends.list()).map((f) => f.id)).toEqual([bob.user.id, cleo.user.id]);
    expect(Object.keys((await a.friends.list())[0]!).sort()).toEqual([
      'id',
      'name',
      'telegramUsername',
      'username',
    ]);
    // One person's list: Bob's stays empty.
    expect(await (await bob.call()).friends.list()).toEqual([]);
    const rows = await d().select().from(friendships).where(eq(friendships.userId, ann.user.id));
    expect(rows).toHaveLength(2);
  });

  it('reads «@name», the form the app shows, as the username (issue 27)', async () => {
    const ann = await signUp(d(), 'Ann');
    const bob = await signUp(d(), 'Bob');
    const a = await ann.call();
    expect((await a.friends.add({ username: ` @${bob.user.username} ` })).id).toBe(bob.user.id);
    expect((await a.users.lookup({ username: `@${bob.user.username}` })).id).toBe(bob.user.id);
    expect((await refusal(a.friends.add({ username: '@' }))).appCode).toBe('VALIDATION_ERROR');
  });

  it('refuses an unknown username (USERNAME_NOT_FOUND) and the caller themself (VALIDATION_ERROR)', async () => {
    const ann = await signUp(d(), 'Ann');
    const a = await ann.call();
    expect(await refusal(a.friends.add({ username: `nobody_${unknownId().slice(0, 8)}` }))).toMatchObject({
      appCode: 'USERNAME_NOT_FOUND',
      field: 'username',
    });
    expect(await refusal(a.friends.add({ username: ann.user.username }))).toMatchObject({
      appCode: 'VALIDATION_ERROR',
      field: 'username',
    });
    expect(await a.friends.list()).toEqual([]);
  });

  it('removes a friend from the caller’s list only; the other list keeps its entry', async () => {
    const ann = await signUp(d(), 'Ann');
    const bob = await signUp(d(), 'Bob');
    await (await ann.call()).friends.add({ username: bob.user.username });
    await (await bob.call()).friends.add({ username: ann.user.username });
    expect(await (await ann.call()).friends.remove({ id: bob.user.id })).toEqual({ ok: true });
    expect(await (await ann.call()).friends.list()).toEqual([]);
    expect((await (await bob.call()).friends.list()).map((f) => f.id)).toEqual([ann.user.id]);
    // Bob removing Ann from Ann's list is not possible: his call only touches his own rows.
    const cleo = await signUp(d(), 'Cleo');
    await (await ann.call()).friends.add({ username: cleo.user.username });
    await (await bob.call()).friends.remove({ id: cleo.user.id });
    expect((await (await ann.call()).friends.list()).map((f) => f.id)).toEqual([cleo.user.id]);
  });
});

describe('GROUP_INVITE notifications', () => {
  const db = useTestDatabase();
  const d = () => db.current.db;

  /** Ann's group "Trip"; Bob added by username (PENDING) and his notification. */
  async function invited() {
    const ann = await signUp(d(), 'Ann');
    const bob = await signUp(d(), 'Bob');
    const { id: groupId } = await (await ann.call()).groups.create({ name: 'Trip', users: [] });
    const { memberId } = await (await ann.call()).members.add({
      groupId,
      name: 'Bobby',
      username: bob.user.username,
    });
    const [notification] = await (await bob.call()).notifications.list();
    return { ann, bob, groupId, memberId, notification: notification! };
  }

  const seat = async (memberId: string) =>
    (await d().select().from(groupMembers).where(eq(groupMembers.id, memberId)))[0]!;
  const actions = async (groupId: string) =>
    (await d().select().from(groupLogs).where(eq(groupLogs.groupId, groupId))).map((l) => l.action).sort();

  it('is created with the PENDING seat when a user is added by username', async () => {
    const { ann, bob, groupId, memberId, notification } = await invited();
    expect(notification).toEqual({
      id: expect.any(String),
      type: 'GROUP_INVITE',
      payload: { groupName: 'Trip', groupId, senderName: 'Ann', memberId },
    });
    const [row] = await d().select().from(notifications).where(eq(notifications.id, notification.id));
    expect(row).toMatchObject({ userId: bob.user.id, senderUserId: ann.user.id, groupId, memberId });
    expect(row!.resolvedAt).toBeNull();
    expect(await seat(memberId)).toMatchObject({ status: 'PENDING', userId: bob.user.id });
    expect(await actions(groupId)).toEqual(['GROUP_CREATED', 'MEMBER_INVITED']);
    // Only the recipient sees it; adding a seat without an account notifies nobody.
    expect(await (await ann.call()).notifications.list()).toEqual([]);
    await (await ann.call()).members.add({ groupId, name: 'Carl' });
    expect(await (await bob.call()).notifications.list()).toHaveLength(1);
  });

  it('is created for an account added when the group is made, which can then accept; a blocker cannot be added', async () => {
    const ann = await signUp(d(), 'Ann');
    const bob = await signUp(d(), 'Bob');
    const { id: groupId } = await (await ann.call()).groups.create({
      name: 'Flat',
      users: [{ id: bob.user.id, name: 'Bob' }],
    });
    const [notification] = await (await bob.call()).notifications.list();
    expect(notification?.payload).toMatchObject({ groupName: 'Flat', groupId, senderName: 'Ann' });
    await (await bob.call()).notifications.accept({ notificationId: notification!.id });
    expect((await (await bob.call()).groups.list()).map((g) => g.id)).toContain(groupId);

    await d().insert(userBlocks).values({ blockerId: bob.user.id, blockedId: ann.user.id });
    const error = await refusal(
      (await ann.call()).groups.create({ name: 'Another', users: [{ id: bob.user.id, name: 'Bob' }] }),
    );
    expect(error.appCode).toBe('BLOCKED_BY_USER');
  });

  it('is settled when the invited user joins through an invite link instead', async () => {
    const { ann, bob, groupId, memberId } = await invited();
    const { token } = await (await ann.call()).invites.create({ groupId });
    await (await bob.call()).invites.joinNew({ token });
    expect(await seat(memberId)).toMatchObject({ status: 'ACTIVE' });
    expect(await (await bob.call()).notifications.list()).toEqual([]);
    const [row] = await d().select().from(notifications).where(eq(notifications.memberId, memberId));
    expect(row!.resolvedAt).not.toBeNull();
  });

  it('lists the caller’s open notifications newest first', async () => {
    const { ann, bob, notification } = await invited();
    const { id: second } = await (await ann.call()).groups.create({ name: 'Later', users: [] });
    await (await ann.call()).members.add({ groupId: second, name: 'Bob', username: bob.user.username });
    const list = await (await bob.call()).notifications.list();
    expect(list.map((n) => n.payload.groupName)).toEqual(['Later', 'Trip']);
    expect(list[1]!.id).toBe(notification.id);
  });

  it('accept: the seat becomes ACTIVE, the group is the recipient’s, logged MEMBER_JOINED, resolved', async () => {
    const { bob, groupId, memberId, notification } = await invited();
    expect(await (await bob.call()).groups.list()).toEqual([]);
    expect(await (await bob.call()).notifications.accept({ notificationId: notification.id })).toEqual({
      groupId,
    });
    expect(await seat(memberId)).toMatchObject({ status: 'ACTIVE' });
    expect((await (await bob.call()).groups.list()).map((g) => g.id)).toEqual([groupId]);
    expect(await actions(groupId)).toEqual(['GROUP_CREATED', 'MEMBER_INVITED', 'MEMBER_JOINED']);
    expect(await (await bob.call()).notifications.list()).toEqual([]);
    const [row] = await d().select().from(notifications).where(eq(notifications.id, notification.id));
    expect(row!.resolvedAt).toBeInstanceOf(Date);
    // Acting twice: NOT_FOUND, nothing changes.
    const before = await snapshot(d());
    for (const act of ['accept', 'decline', 'block'] as const) {
      expect(
        (await refusal((await bob.call()).notifications[act]({ notificationId: notification.id }))).appCode,
      ).toBe('NOT_FOUND');
    }
    expect(await snapshot(d())).toEqual(before);
  });

  it('decline: the PENDING seat is REMOVED, logged, resolved; the sender may add again', async () => {
    const { ann, bob, groupId, memberId, notification } = await invited();
    await (await bob.call()).notifications.decline({ notificationId: notification.id });
    expect(await seat(memberId)).toMatchObject({ status: 'REMOVED' });
    expect(await actions(groupId)).toEqual(['GROUP_CREATED', 'MEMBER_DECLINED', 'MEMBER_INVITED']);
    expect(await (await bob.call()).notifications.list()).toEqual([]);
    expect((await refusal((await bob.call()).groups.get({ groupId }))).appCode).toBe('GROUP_NOT_FOUND');
    expect(await d().select().from(userBlocks).where(eq(userBlocks.blockerId, bob.user.id))).toEqual([]);
    // No block: Ann can invite Bob again, on his old seat, with a fresh notification.
    const again = await (await ann.call()).members.add({ groupId, name: 'Bob', username: bob.user.username });
    expect(again.memberId).toBe(memberId);
    const list = await (await bob.call()).notifications.list();
    expect(list).toHaveLength(1);
    expect(list[0]!.id).not.toBe(notification.id);
    expect(
      (await refusal((await bob.call()).notifications.accept({ notificationId: notification.id }))).appCode,
    ).toBe('NOT_FOUND');
  });

  it('block: removes the seat, blocks the sender, and the sender adding that user is BLOCKED_BY_USER', async () => {
    const { ann, bob, groupId, memberId, notification } = await invited();
    await (await bob.call()).notifications.block({ notificationId: notification.id });
    expect(await seat(memberId)).toMatchObject({ status: 'REMOVED' });
    expect(await (await bob.call()).notifications.list()).toEqual([]);
    expect(
      await d()
        .select()
        .from(userBlocks)
        .where(and(eq(userBlocks.blockerId, bob.user.id), eq(userBlocks.blockedId, ann.user.id))),
    ).toHaveLength(1);
    expect(await actions(groupId)).toContain('MEMBER_DECLINED');

    const other = (await (await ann.call()).groups.create({ name: 'Other', users: [] })).id;
    const before = await snapshot(d());
    for (const target of [groupId, other]) {
      expect(
        await refusal(
          (await ann.call()).members.add({ groupId: target, name: 'Bob', username: bob.user.username }),
        ),
      ).toMatchObject({ appCode: 'BLOCKED_BY_USER', field: 'username' });
    }
    expect(await snapshot(d())).toEqual(before);
    expect(await d().select().from(notifications).where(eq(notifications.userId, bob.user.id))).toHaveLength(
      1,
    );
    expect(await (await bob.call()).notifications.list()).toEqual([]);

    // The block binds Ann only: another admin of the group may still add Bob.
    const cleo = await signUp(d(), 'Cleo');
    const { memberId: cleoSeat } = await (await ann.call()).members.add({
      groupId,
      name: 'Cleo',
      username: cleo.user.username,
      isAdmin: true,
    });
    const [cleoNote] = await (await cleo.call()).notifications.list();
    await (await cleo.call()).notifications.accept({ notificationId: cleoNote!.id });
    expect(await seat(cleoSeat)).toMatchObject({ status: 'ACTIVE', isAdmin: true });
    await (await cleo.call()).members.add({ groupId, name: 'Bob', username: bob.user.username });
    expect((await (await bob.call()).notifications.list())[0]!.payload).toMatchObject({ senderName: 'Cleo' });
  });

  it('only the recipient may act: anyone else gets NOT_FOUND and nothing changes', async () => {
    const { ann, bob, memberId, notification } = await invited();
    const eve = await signUp(d(), 'Eve');
    const before = await snapshot(d());
    for (const caller of [ann, eve]) {
      expect(await (await caller.call()).notifications.list()).toEqual([]);
      for (const act of ['accept', 'decline', 'block'] as const) {
        expect(
          (await refusal((await caller.call()).notifications[act]({ notificationId: notification.id })))
            .appCode,
        ).toBe('NOT_FOUND');
      }
    }
    expect(
      (await refusal((await bob.call()).notifications.accept({ notificationId: unknownId() }))).appCode,
    ).toBe('NOT_FOUND');
    expect(await snapshot(d())).toEqual(before);
    expect(await d().select().from(userBlocks).where(eq(userBlocks.blockerId, eve.user.id))).toEqual([]);
    expect(await d().select().from(userBlocks).where(eq(userBlocks.blockerId, ann.user.id))).toEqual([]);
    expect(await seat(memberId)).toMatchObject({ status: 'PENDING' });
    expect((await (await bob.call()).notifications.list()).map((n) => n.id)).toEqual([notification.id]);
  });

  it('drops an invitation whose seat was removed by an admin or whose group was deleted', async () => {
    const first = await invited();
    await (await first.ann.call()).members.remove({ groupId: first.groupId, memberId: first.memberId });
    expect(await (await first.bob.call()).notifications.list()).toEqual([]);
    expect(
      (
        await refusal(
          (await first.bob.call()).notifications.accept({ notificationId: first.notification.id }),
        )
      ).appCode,
    ).toBe('NOT_FOUND');
    expect(await seat(first.memberId)).toMatchObject({ status: 'REMOVED' });

    const second = await invited();
    await (await second.ann.call()).groups.delete({ groupId: second.groupId });
    expect(await (await second.bob.call()).notifications.list()).toEqual([]);
    expect(
      (
        await refusal(
          (await second.bob.call()).notifications.accept({ notificationId: second.notification.id }),
        )
      ).appCode,
    ).toBe('NOT_FOUND');
  });

  it('accepts once under concurrency: two accepts at once give one success and one NOT_FOUND', async () => {
    const { bob, groupId, notification } = await invited();
    const results = await Promise.allSettled([
      (await bob.call()).notifications.accept({ notificationId: notification.id }),
      (await bob.call()).notifications.accept({ notificationId: notification.id }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const joined = (await d().select().from(groupLogs).where(eq(groupLogs.groupId, groupId))).filter(
      (l) => l.action === 'MEMBER_JOINED',
    );
    expect(joined).toHaveLength(1);
  });
});
