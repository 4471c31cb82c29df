import { groupMembers, userBlocks } from '@dolya/db';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { client, useServer } from './harness';
import {
  type Balances,
  type Client,
  createGroup,
  type Expense,
  expectError,
  type Group,
  json,
  type LogEntry,
  NIL_UUID,
  type Response,
  signUp,
  type User,
} from './helpers';

describe('REST members', () => {
  const server = useServer();
  const app = () => server.app;

  let ann: { c: Client; user: User };
  let bob: { c: Client; user: User };
  let olga: { c: Client; user: User };

  beforeAll(async () => {
    ann = await signUp(app, 'Ann');
    bob = await signUp(app, 'Bob');
    olga = await signUp(app, 'Olga');
  });

  const members = (groupId: string) => `/api/groups/${groupId}/members`;

  async function groupOf(c: Client, groupId: string): Promise<Group> {
    const res = await c.get(`/api/groups/${groupId}`);
    expect(res.status).toBe(200);
    return json<Group>(res);
  }

  async function expectCreated(res: Response) {
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(Object.keys(res.body as object)).toEqual(['memberId']);
    return json<{ memberId: string }>(res).memberId;
  }

  /** Ann's group with seats Carl and Dina, and Bob added by username and accepted (ACTIVE, no admin). */
  async function groupWithBob() {
    const g = await createGroup(ann.c, ['Carl', 'Dina']);
    const bobSeat = await expectCreated(
      await ann.c.post(members(g.id), { name: 'Bob', username: bob.user.username, isAdmin: false }),
    );
    await server.db.db
      .update(groupMembers)
      .set({ status: 'ACTIVE' })
      .where(and(eq(groupMembers.groupId, g.id), eq(groupMembers.userId, bob.user.id)));
    return { id: g.id, ann: g.meId, carl: g.seat('Carl'), dina: g.seat('Dina'), bob: bobSeat };
  }

  describe('POST /api/groups/{id}/members', () => {
    it('{name, isAdmin}: 201 {memberId}, a seat without an account', async () => {
      const g = await createGroup(ann.c);
      const memberId = await expectCreated(await ann.c.post(members(g.id), { name: 'Mia', isAdmin: false }));
      expect((await groupOf(ann.c, g.id)).users.find((u) => u.memberId === memberId)).toEqual({
        id: null,
        memberId,
        name: 'Mia',
        username: null,
        isAdmin: false,
        registered: false,
        membershipStatus: 'ACTIVE',
        share: 1,
        isCurrentUser: false,
        telegramUsername: null,
      });
    });

    it('{name, username, isAdmin: false}: 201 {memberId}, a PENDING member linked to that account', async () => {
      const g = await createGroup(ann.c);
      const { user: dora, c: doraC } = await signUp(app, 'Dora');
      const memberId = await expectCreated(
        await ann.c.post(members(g.id), { name: 'Dora', username: dora.username, isAdmin: false }),
      );
      expect((await groupOf(ann.c, g.id)).users.find((u) => u.memberId === memberId)).toMatchObject({
        id: dora.id,
        username: dora.username,
        registered: true,
        membershipStatus: 'PENDING',
        isAdmin: false,
      });
      expectError(await doraC.get(`/api/groups/${g.id}`), 404, 'GROUP_NOT_FOUND');
    });

    it('404 USERNAME_NOT_FOUND, 409 CONFLICT for someone already in the group', async () => {
      const g = await groupWithBob();
      expectError(
        await ann.c.post(members(g.id), { name: 'Ghost', username: 'no_such_user_here', isAdmin: false }),
        404,
        'USERNAME_NOT_FOUND',
        'username',
      );
      expectError(
        await ann.c.post(members(g.id), { name: 'Bob', username: bob.user.username, isAdmin: false }),
        409,
        'CONFLICT',
        'username',
      );
      expect((await groupOf(ann.c, g.id)).users).toHaveLength(4);
    });

    it('403 BLOCKED_BY_USER when the user blocked the adder', async () => {
      const g = await createGroup(ann.c);
      const { user: zoe } = await signUp(app, 'Zoe');
      await server.db.db.insert(userBlocks).values({ blockerId: zoe.id, blockedId: ann.user.id });
      const res = await ann.c.post(members(g.id), { name: 'Zoe', username: zoe.username, isAdmin: false });
      expect(res.status).toBe(403);
      expect(res.raw.body).toContain('BLOCKED_BY_USER');
      expectError(res, 403, 'BLOCKED_BY_USER', 'username');
      expect((await groupOf(ann.c, g.id)).users).toHaveLength(1);
    });

    it('400 VALIDATION_ERROR for a bad body, adding nothing', async () => {
      const g = await createGroup(ann.c);
      const url = members(g.id);
      expectError(await ann.c.post(url, { isAdmin: false }), 400, 'VALIDATION_ERROR', 'name');
      expectError(await ann.c.post(url, { name: '   ', isAdmin: false }), 400, 'VALIDATION_ERROR', 'name');
      expectError(await ann.c.post(url, { name: 'Boss', isAdmin: true }), 400, 'VALIDATION_ERROR', 'isAdmin');
      expectError(await ann.c.post(url, { name: 'Mia', isAdmin: 'yes' }), 400, 'VALIDATION_ERROR', 'isAdmin');
      expectError(await ann.c.post(url, [{ name: 'Mia' }]), 400, 'VALIDATION_ERROR');
      const badJson = await ann.c.post(url, undefined, { 'content-type': 'application/json' });
      expect(badJson.status).toBe(400);
      const broken = await app().inject({
        method: 'POST',
        url,
        headers: {
          origin: 'http://localhost:3000',
          cookie: ann.c.cookie,
          'content-type': 'application/json',
        },
        payload: '{"name": ',
      });
      expect(broken.statusCode).toBe(400);
      expect(broken.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
      expect((await groupOf(ann.c, g.id)).users).toHaveLength(1);
    });
  });

  describe('DELETE /api/groups/{id}/members/{userId} and /members/by-member/{memberId}', () => {
    it('204 with no body on both paths; the removed member loses access but stays in expenses and stats', async () => {
      const g = await groupWithBob();
      const created = await ann.c.post(`/api/groups/${g.id}/expenses`, {
        name: 'Taxi',
        amount: 30,
        paidById: g.bob,
        participants: [g.ann, g.bob, g.carl],
      });
      expect(created.status).toBe(201);

      const byUser = await ann.c.delete(`${members(g.id)}/${bob.user.id}`);
      expect(byUser.status).toBe(204);
      expect(byUser.raw.body).toBe('');
      const byMember = await ann.c.delete(`${members(g.id)}/by-member/${g.dina}`);
      expect(byMember.status).toBe(204);
      expect(byMember.raw.body).toBe('');

      expect((await groupOf(ann.c, g.id)).users.map((u) => u.name)).toEqual(['Ann', 'Carl']);
      expectError(await bob.c.get(`/api/groups/${g.id}`), 404, 'GROUP_NOT_FOUND');
      expectError(await bob.c.get(`/api/groups/${g.id}/expenses`), 404, 'GROUP_NOT_FOUND');
      expect(json<Group[]>(await bob.c.get('/api/groups')).map((x) => x.id)).not.toContain(g.id);

      const [expense] = json<Expense[]>(await ann.c.get(`/api/groups/${g.id}/expenses`));
      expect(expense).toMatchObject({ paidById: g.bob, memberNames: { [g.bob]: 'Bob' } });
      const stats = json<Balances>(await ann.c.get(`/api/groups/${g.id}/balances`));
      expect(stats.members.map((m) => [m.name, m.net, m.removed])).toEqual([
        ['Ann', -10, false],
        ['Carl', -10, false],
        ['Bob', 20, true],
      ]);
    });

    it('403 for self-removal, 404 NOT_FOUND for a seat not in the group, 400 for an id that is no id', async () => {
      const g = await groupWithBob();
      expectError(await ann.c.delete(`${members(g.id)}/${ann.user.id}`), 403, 'FORBIDDEN');
      expectError(await ann.c.delete(`${members(g.id)}/by-member/${g.ann}`), 403, 'FORBIDDEN');
      expectError(await ann.c.delete(`${members(g.id)}/${olga.user.id}`), 404, 'NOT_FOUND', 'userId');
      expectError(await ann.c.delete(`${members(g.id)}/by-member/${NIL_UUID}`), 404, 'NOT_FOUND', 'memberId');
      expectError(await ann.c.delete(`${members(g.id)}/not-a-uuid`), 400, 'VALIDATION_ERROR', 'userId');
      expectError(await ann.c.delete(`${members(g.id)}/by-member/42`), 400, 'VALIDATION_ERROR', 'memberId');
      expect((await groupOf(ann.c, g.id)).users).toHaveLength(4);
    });
  });

  describe('POST /api/groups/{id}/members/{userId}/make-admin and /revoke-admin', () => {
    it('200 {ok: true}; the new admin may manage members; revoking the last admin is 409 LAST_ADMIN', async () => {
      const g = await groupWithBob();
      const made = await ann.c.post(`${members(g.id)}/${bob.user.id}/make-admin`);
      expect(made.status).toBe(200);
      expect(made.body).toEqual({ ok: true });
      expect((await groupOf(ann.c, g.id)).users.find((u) => u.id === bob.user.id)?.isAdmin).toBe(true);
      await expectCreated(await bob.c.post(members(g.id), { name: 'Eve', isAdmin: false }));

      const revoked = await bob.c.post(`${members(g.id)}/${ann.user.id}/revoke-admin`);
      expect(revoked.status).toBe(200);
      expect(revoked.body).toEqual({ ok: true });

      const last = await bob.c.post(`${members(g.id)}/${bob.user.id}/revoke-admin`);
      expectError(last, 409, 'LAST_ADMIN');
      expect(last.body).toEqual({
        code: 'LAST_ADMIN',
        message: expect.any(String),
        requestId: last.headers['x-request-id'],
      });
      const admins = (await groupOf(bob.c, g.id)).users.filter((u) => u.isAdmin).map((u) => u.name);
      expect(admins).toEqual(['Bob']);

      const logs = json<LogEntry[]>(await ann.c.get(`/api/groups/${g.id}/logs`));
      expect(logs.slice(0, 3).map((l) => l.action)).toEqual([
        'ADMIN_REVOKED',
        'MEMBER_ADDED',
        'ADMIN_GRANTED',
      ]);
    });

    it('a PENDING member with an account can be made admin', async () => {
      const g = await createGroup(ann.c);
      const { user: pia } = await signUp(app, 'Pia');
      await expectCreated(
        await ann.c.post(members(g.id), { name: 'Pia', username: pia.username, isAdmin: false }),
      );
      const made = await ann.c.post(`${members(g.id)}/${pia.id}/make-admin`);
      expect(made.status).toBe(200);
      expect((await groupOf(ann.c, g.id)).users.find((u) => u.id === pia.id)).toMatchObject({
        isAdmin: true,
        membershipStatus: 'PENDING',
      });
    });

    it('404 NOT_FOUND for an account that holds no seat here', async () => {
      const g = await createGroup(ann.c);
      expectError(
        await ann.c.post(`${members(g.id)}/${olga.user.id}/make-admin`),
        404,
        'NOT_FOUND',
        'userId',
      );
    });
  });

  describe('refusals', () => {
    /** Every admin-only call, each with a well-formed input. */
    function adminCalls(g: Awaited<ReturnType<typeof groupWithBob>>) {
      return [
        (c: Client) => c.post(members(g.id), { name: 'Eve', isAdmin: false }),
        (c: Client) => c.post(members(g.id), { name: 'Olga', username: olga.user.username, isAdmin: false }),
        (c: Client) => c.delete(`${members(g.id)}/by-member/${g.carl}`),
        (c: Client) => c.delete(`${members(g.id)}/${ann.user.id}`),
        (c: Client) => c.post(`${members(g.id)}/${bob.user.id}/make-admin`),
        (c: Client) => c.post(`${members(g.id)}/${ann.user.id}/revoke-admin`),
        (c: Client) => c.put(`/api/groups/${g.id}`, { name: 'Hijacked', currency: 'USD' }),
        (c: Client) => c.delete(`/api/groups/${g.id}`),
      ];
    }

    it('403 FORBIDDEN for every admin action of an ordinary member; nothing changes', async () => {
      const g = await groupWithBob();
      const before = await groupOf(ann.c, g.id);
      for (const call of adminCalls(g)) expectError(await call(bob.c), 403, 'FORBIDDEN');
      expect(await groupOf(ann.c, g.id)).toEqual(before);
    });

    it('404 GROUP_NOT_FOUND for an outsider, and for a group that does not exist', async () => {
      const g = await groupWithBob();
      const before = await groupOf(ann.c, g.id);
      for (const call of adminCalls(g)) expectError(await call(olga.c), 404, 'GROUP_NOT_FOUND');
      expect(await groupOf(ann.c, g.id)).toEqual(before);
      for (const call of adminCalls({ ...g, id: NIL_UUID })) {
        expectError(await call(ann.c), 404, 'GROUP_NOT_FOUND');
      }
    });

    it('401 UNAUTHORIZED without a session', async () => {
      const g = await groupWithBob();
      const anonymous = client(app);
      for (const call of adminCalls(g)) expectError(await call(anonymous), 401, 'UNAUTHORIZED');
    });
  });
});
