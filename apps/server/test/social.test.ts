import { userBlocks } from '@dolya/db';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { client, useServer } from './harness';
import {
  type Client,
  createGroup,
  expectError,
  type Group,
  json,
  NIL_UUID,
  signUp,
  type User,
} from './helpers';

interface Friend {
  id: string;
  name: string;
  username: string;
  telegramUsername: string | null;
}
interface Notification {
  id: string;
  type: string;
  payload: { groupName: string; groupId: string; senderName: string; memberId: string };
}

describe('REST users and friends', () => {
  const server = useServer();
  const app = () => server.app;
  let ann: { c: Client; user: User };
  let bob: { c: Client; user: User };

  beforeAll(async () => {
    ann = await signUp(app, 'Ann');
    bob = await signUp(app, 'Bob');
  });

  it('GET /api/users/lookup finds a user case-insensitively (200) or answers 404 USERNAME_NOT_FOUND', async () => {
    const res = await ann.c.get(
      `/api/users/lookup?username=${encodeURIComponent(bob.user.username.toUpperCase())}`,
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: bob.user.id,
      name: 'Bob',
      username: bob.user.username,
      telegramUsername: null,
    });
    expectError(
      await ann.c.get('/api/users/lookup?username=nobody_here_42'),
      404,
      'USERNAME_NOT_FOUND',
      'username',
    );
    expect((await ann.c.get('/api/users/lookup')).status).toBe(400);
    expect((await client(app).get(`/api/users/lookup?username=${bob.user.username}`)).status).toBe(401);
  });

  it('GET/POST/DELETE /api/friends keep the caller’s own list', async () => {
    const cleo = await signUp(app, 'Cleo');
    expect(await cleo.c.get('/api/friends')).toMatchObject({ status: 200, body: [] });

    const added = await cleo.c.post('/api/friends', { username: `  ${bob.user.username} ` });
    expect(added.status).toBe(201);
    expect(added.body).toEqual({
      id: bob.user.id,
      name: 'Bob',
      username: bob.user.username,
      telegramUsername: null,
    });
    const again = await cleo.c.post('/api/friends', { username: bob.user.username.toUpperCase() });
    expect([200, 201]).toContain(again.status);
    expect(again.body).toEqual(added.body);

    const list = await cleo.c.get('/api/friends');
    expect(list.status).toBe(200);
    expect(json<Friend[]>(list)).toEqual([added.body]);
    // Bob's list is his own.
    expect(json<Friend[]>(await bob.c.get('/api/friends'))).not.toContainEqual(
      expect.objectContaining({ id: cleo.user.id }),
    );

    expectError(
      await cleo.c.post('/api/friends', { username: 'nobody_here_42' }),
      404,
      'USERNAME_NOT_FOUND',
      'username',
    );
    expectError(
      await cleo.c.post('/api/friends', { username: cleo.user.username }),
      400,
      'VALIDATION_ERROR',
      'username',
    );
    expect((await cleo.c.post('/api/friends', {})).status).toBe(400);

    await bob.c.post('/api/friends', { username: cleo.user.username });
    const removed = await cleo.c.delete(`/api/friends/${bob.user.id}`);
    expect(removed.status).toBe(204);
    expect(removed.body).toBeUndefined();
    expect(await cleo.c.get('/api/friends')).toMatchObject({ status: 200, body: [] });
    expect(json<Friend[]>(await bob.c.get('/api/friends')).map((f) => f.id)).toEqual([cleo.user.id]);
    expect((await cleo.c.delete('/api/friends/not-a-uuid')).status).toBe(400);
    expect((await client(app).get('/api/friends')).status).toBe(401);
    expect((await client(app).post('/api/friends', { username: bob.user.username })).status).toBe(401);
  });
});

describe('REST notifications', () => {
  const server = useServer();
  const app = () => server.app;

  async function invited() {
    const ann = await signUp(app, 'Ann');
    const bob = await signUp(app, 'Bob');
    const g = await createGroup(ann.c, [], 'Trip');
    const add = await ann.c.post(`/api/groups/${g.id}/members`, {
      name: 'Bob',
      username: bob.user.username,
      isAdmin: false,
    });
    expect(add.status).toBe(201);
    const { memberId } = json<{ memberId: string }>(add);
    const list = await bob.c.get('/api/notifications');
    expect(list.status).toBe(200);
    const [notification] = json<Notification[]>(list);
    return { ann, bob, groupId: g.id, memberId, notification: notification! };
  }

  async function statusOf(c: Client, groupId: string, memberId: string) {
    const group = json<Group>(await c.get(`/api/groups/${groupId}`));
    return group.users.find((u) => u.memberId === memberId)?.membershipStatus;
  }

  it('GET /api/notifications lists the GROUP_INVITE made by adding a user by username', async () => {
    const { ann, groupId, memberId, notification } = await invited();
    expect(notification).toEqual({
      id: expect.any(String),
      type: 'GROUP_INVITE',
      payload: { groupName: 'Trip', groupId, senderName: 'Ann', memberId },
    });
    expect(await ann.c.get('/api/notifications')).toMatchObject({ status: 200, body: [] });
    expect((await client(app).get('/api/notifications')).status).toBe(401);
  });

  it('POST /api/notifications/accept activates the seat and removes the notification; twice is 404', async () => {
    const { ann, bob, groupId, memberId, notification } = await invited();
    const res = await bob.c.post('/api/notifications/accept', { notificationId: notification.id });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ groupId });
    expect(await statusOf(ann.c, groupId, memberId)).toBe('ACTIVE');
    expect(json<Group[]>(await bob.c.get('/api/groups')).map((g) => g.id)).toEqual([groupId]);
    expect(await bob.c.get('/api/notifications')).toMatchObject({ status: 200, body: [] });
    const logs = json<{ action: string }[]>(await ann.c.get(`/api/groups/${groupId}/logs`));
    expect(logs.map((l) => l.action)).toContain('MEMBER_JOINED');
    expectError(
      await bob.c.post('/api/notifications/accept', { notificationId: notification.id }),
      404,
      'NOT_FOUND',
    );
  });

  it('POST /api/notifications/decline removes the seat; only the recipient may act (404 for others)', async () => {
    const { ann, bob, groupId, memberId, notification } = await invited();
    for (const action of ['accept', 'decline', 'block']) {
      expectError(
        await ann.c.post(`/api/notifications/${action}`, { notificationId: notification.id }),
        404,
        'NOT_FOUND',
      );
    }
    expectError(
      await bob.c.post('/api/notifications/decline', { notificationId: NIL_UUID }),
      404,
      'NOT_FOUND',
    );
    expect((await bob.c.post('/api/notifications/decline', {})).status).toBe(400);
    expect(
      (await client(app).post('/api/notifications/decline', { notificationId: notification.id })).status,
    ).toBe(401);
    expect(await statusOf(ann.c, groupId, memberId)).toBe('PENDING');

    const res = await bob.c.post('/api/notifications/decline', { notificationId: notification.id });
    expect(res.status).toBe(200);
    expect(await statusOf(ann.c, groupId, memberId)).toBeUndefined(); // removed seats are not listed
    expect(await bob.c.get('/api/notifications')).toMatchObject({ status: 200, body: [] });
    expectError(
      await bob.c.post('/api/notifications/decline', { notificationId: notification.id }),
      404,
      'NOT_FOUND',
    );
  });

  it('POST /api/notifications/block blocks the sender: adding that user again is 403 BLOCKED_BY_USER', async () => {
    const { ann, bob, groupId, notification } = await invited();
    const res = await bob.c.post('/api/notifications/block', { notificationId: notification.id });
    expect(res.status).toBe(200);
    expect(await bob.c.get('/api/notifications')).toMatchObject({ status: 200, body: [] });
    const rows = await server.db.db
      .select()
      .from(userBlocks)
      .where(and(eq(userBlocks.blockerId, bob.user.id), eq(userBlocks.blockedId, ann.user.id)));
    expect(rows).toHaveLength(1);
    const again = await ann.c.post(`/api/groups/${groupId}/members`, {
      name: 'Bob',
      username: bob.user.username,
      isAdmin: false,
    });
    expectError(again, 403, 'BLOCKED_BY_USER', 'username');
    expect(JSON.stringify(again.body)).toContain('BLOCKED_BY_USER');
  });
});
