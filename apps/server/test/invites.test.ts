import { groupMembers, invites } from '@dolya/db';
import { and, eq, isNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { client, useServer } from './harness';
import {
  balancesOf,
  type Client,
  createGroup,
  expectError,
  expensesOf,
  type Group,
  json,
  type LogEntry,
  NIL_UUID,
  signUp,
  type User,
} from './helpers';

interface Invite {
  token: string;
  expiresAt: string | null;
  ttlSeconds: number | null;
}

interface Preview {
  groupId: string;
  groupName: string;
  users: { memberId: string; id: string | null; name: string; username: string | null }[];
  alreadyMember: boolean;
}

describe('REST invites', () => {
  const server = useServer();
  const app = () => server.app;

  let ann: { c: Client; user: User };
  let bob: { c: Client; user: User };

  beforeAll(async () => {
    ann = await signUp(app, 'Ann');
    bob = await signUp(app, 'Bob');
  });

  const adminUrl = (groupId: string) => `/api/invites/group/${groupId}`;

  /** Ann's group with seats Carl and Dina, and a live link without expiry. */
  async function invited() {
    const g = await createGroup(ann.c, ['Carl', 'Dina']);
    const res = await ann.c.post(adminUrl(g.id));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return { ...g, token: json<Invite>(res).token };
  }

  async function expire(token: string) {
    await server.db.db
      .update(invites)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invites.token, token));
  }

  describe('admin link management', () => {
    it('creates, reads and revokes the one live link (201, 200, 204)', async () => {
      const g = await createGroup(ann.c, ['Carl']);
      const none = await ann.c.get(adminUrl(g.id));
      expect(none.status).toBe(204);
      expect(none.raw.body).toBe('');

      const created = await ann.c.post(adminUrl(g.id));
      expect(created.status).toBe(201);
      const invite = json<Invite>(created);
      expect(invite).toEqual({
        token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
        expiresAt: null,
        ttlSeconds: null,
      });

      const read = await ann.c.get(adminUrl(g.id));
      expect(read.status).toBe(200);
      expect(read.body).toEqual(invite);

      const timed = await ann.c.post(adminUrl(g.id), { ttlSeconds: 86400 });
      expect(timed.status).toBe(201);
      expect(json<Invite>(timed).ttlSeconds).toBe(86400);
      expect(new Date(json<Invite>(timed).expiresAt!).getTime()).toBeGreaterThan(Date.now() + 86_000_000);
      // The previous link stopped working: one live link per group.
      expectError(await ann.c.get(`/api/invites/${invite.token}`), 410, 'INVITE_INVALID');
      const live = await server.db.db
        .select()
        .from(invites)
        .where(and(eq(invites.groupId, g.id), isNull(invites.revokedAt)));
      expect(live.map((r) => r.token)).toEqual([json<Invite>(timed).token]);

      const zero = await ann.c.post(adminUrl(g.id), { ttlSeconds: 0 });
      expect(json<Invite>(zero).expiresAt).toBeNull();

      const revoked = await ann.c.delete(adminUrl(g.id));
      expect(revoked.status).toBe(204);
      expect((await ann.c.get(adminUrl(g.id))).status).toBe(204);
      expectError(await ann.c.get(`/api/invites/${json<Invite>(zero).token}`), 410, 'INVITE_INVALID');
      expect((await ann.c.delete(adminUrl(g.id))).status).toBe(204);

      const logs = json<LogEntry[]>(await ann.c.get(`/api/groups/${g.id}/logs`)).map((l) => l.action);
      expect(logs).toEqual(expect.arrayContaining(['INVITE_CREATED', 'INVITE_REVOKED']));
      // The secret never lands in the activity log.
      expect((await ann.c.get(`/api/groups/${g.id}/logs`)).raw.body).not.toContain(invite.token);
    });

    it('is for admins only: 403 for a member, 404 for an outsider, 401 signed out', async () => {
      const g = await invited();
      // Bob becomes an ordinary ACTIVE member.
      await ann.c.post(`/api/groups/${g.id}/members`, { name: 'Bob', username: bob.user.username });
      await server.db.db
        .update(groupMembers)
        .set({ status: 'ACTIVE' })
        .where(and(eq(groupMembers.groupId, g.id), eq(groupMembers.userId, bob.user.id)));
      const eve = await signUp(app, 'Eve');
      const guest = client(app);
      for (const [c, status, code] of [
        [bob.c, 403, 'FORBIDDEN'],
        [eve.c, 404, 'GROUP_NOT_FOUND'],
        [guest, 401, 'UNAUTHORIZED'],
      ] as const) {
        expectError(await c.post(adminUrl(g.id)), status, code);
        expectError(await c.get(adminUrl(g.id)), status, code);
        expectError(await c.delete(adminUrl(g.id)), status, code);
      }
      expect((await ann.c.get(`/api/invites/${g.token}`)).status).toBe(200);
    });

    it('refuses a bad lifetime or group id with 400', async () => {
      const g = await createGroup(ann.c);
      expectError(
        await ann.c.post(adminUrl(g.id), { ttlSeconds: -5 }),
        400,
        'VALIDATION_ERROR',
        'ttlSeconds',
      );
      expectError(
        await ann.c.post(adminUrl(g.id), { ttlSeconds: 'soon' }),
        400,
        'VALIDATION_ERROR',
        'ttlSeconds',
      );
      expectError(await ann.c.post(adminUrl('not-a-uuid')), 400, 'VALIDATION_ERROR', 'groupId');
      expectError(await ann.c.get(adminUrl(NIL_UUID)), 404, 'GROUP_NOT_FOUND');
    });
  });

  describe('GET /api/invites/{inviteToken}', () => {
    it('previews the group for members, other users and guests', async () => {
      const g = await invited();
      const mine = json<Preview>(await ann.c.get(`/api/invites/${g.token}`));
      expect(mine).toEqual({
        groupId: g.id,
        groupName: 'Trip',
        users: [
          { memberId: g.meId, id: ann.user.id, name: 'Ann', username: ann.user.username },
          { memberId: g.seat('Carl'), id: null, name: 'Carl', username: null },
          { memberId: g.seat('Dina'), id: null, name: 'Dina', username: null },
        ],
        alreadyMember: true,
      });
      const theirs = await bob.c.get(`/api/invites/${g.token}`);
      expect(theirs.status).toBe(200);
      expect(json<Preview>(theirs)).toEqual({ ...mine, alreadyMember: false });
      const guest = await client(app).get(`/api/invites/${g.token}`);
      expect(guest.status).toBe(200);
      expect(json<Preview>(guest)).toEqual({ ...mine, alreadyMember: false });
    });

    it('answers 410 INVITE_INVALID for an unknown or expired link', async () => {
      const g = await invited();
      expectError(await bob.c.get('/api/invites/made-up-token'), 410, 'INVITE_INVALID');
      await expire(g.token);
      expectError(await bob.c.get(`/api/invites/${g.token}`), 410, 'INVITE_INVALID');
      expectError(await client(app).get(`/api/invites/${g.token}`), 410, 'INVITE_INVALID');
      expect((await ann.c.get(adminUrl(g.id))).status).toBe(204);
    });
  });

  describe('POST /api/invites/{inviteToken}/claim/{memberId}', () => {
    it('makes the seat the caller’s, who then sees its expenses with unchanged balances', async () => {
      const g = await invited();
      const carl = g.seat('Carl');
      const expense = await ann.c.post(`/api/groups/${g.id}/expenses`, {
        name: 'Taxi',
        amount: 30,
        paidById: carl,
        splitMethod: 'shares',
        sharesInput: { [g.meId]: 1, [carl]: 1, [g.seat('Dina')]: 1 },
      });
      expect(expense.status, JSON.stringify(expense.body)).toBe(201);
      const before = await balancesOf(ann.c, g.id);

      const carlos = await signUp(app, 'Carlos');
      expectError(await carlos.c.get(`/api/groups/${g.id}`), 404, 'GROUP_NOT_FOUND');
      const claimed = await carlos.c.post(`/api/invites/${g.token}/claim/${carl}`);
      expect(claimed.status).toBe(200);
      expect(claimed.body).toEqual({ groupId: g.id });

      const group = json<Group>(await carlos.c.get(`/api/groups/${g.id}`));
      expect(group.users.find((u) => u.isCurrentUser)).toMatchObject({
        memberId: carl,
        id: carlos.user.id,
        name: 'Carl',
        username: carlos.user.username,
        membershipStatus: 'ACTIVE',
      });
      const expenses = await expensesOf(carlos.c, g.id);
      expect(expenses.map((e) => e.paidById)).toEqual([carl]);
      expect(await balancesOf(carlos.c, g.id)).toEqual(before);
      expect(json<Preview>(await carlos.c.get(`/api/invites/${g.token}`)).alreadyMember).toBe(true);
      const logs = json<LogEntry[]>(await ann.c.get(`/api/groups/${g.id}/logs`)).map((l) => l.action);
      expect(logs).toContain('SEAT_CLAIMED');

      // The seat is gone for everyone else now.
      expectError(await bob.c.post(`/api/invites/${g.token}/claim/${carl}`), 409, 'SEAT_TAKEN');
      expectError(await bob.c.post(`/api/invites/${g.token}/claim/${g.meId}`), 409, 'SEAT_TAKEN');
    });

    it('answers 409 CONFLICT for a caller already in the group, 410 for a bad link, 404 for a stranger seat', async () => {
      const g = await invited();
      expectError(await ann.c.post(`/api/invites/${g.token}/claim/${g.seat('Carl')}`), 409, 'CONFLICT');
      expectError(await bob.c.post(`/api/invites/made-up/claim/${g.seat('Carl')}`), 410, 'INVITE_INVALID');
      expectError(
        await bob.c.post(`/api/invites/${g.token}/claim/${NIL_UUID}`),
        404,
        'NOT_FOUND',
        'memberId',
      );
      expectError(
        await client(app).post(`/api/invites/${g.token}/claim/${g.seat('Carl')}`),
        401,
        'UNAUTHORIZED',
      );
      await server.db.db.update(invites).set({ revokedAt: new Date() }).where(eq(invites.token, g.token));
      expectError(await bob.c.post(`/api/invites/${g.token}/claim/${g.seat('Carl')}`), 410, 'INVITE_INVALID');
      const [seat] = await server.db.db
        .select()
        .from(groupMembers)
        .where(eq(groupMembers.id, g.seat('Carl')));
      expect(seat?.userId).toBeNull();
    });

    it('lets one of two simultaneous claims of a seat win; the other gets 409 SEAT_TAKEN', async () => {
      const g = await invited();
      const one = await signUp(app, 'One');
      const two = await signUp(app, 'Two');
      const url = `/api/invites/${g.token}/claim/${g.seat('Dina')}`;
      const results = await Promise.all([one.c.post(url), two.c.post(url)]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
      const loser = results.find((r) => r.status === 409)!;
      expectError(loser, 409, 'SEAT_TAKEN');
      const [seat] = await server.db.db
        .select()
        .from(groupMembers)
        .where(eq(groupMembers.id, g.seat('Dina')));
      const winner = results[0]!.status === 200 ? one : two;
      expect(seat?.userId).toBe(winner.user.id);
    });
  });

  describe('POST /api/invites/{inviteToken}/join-new', () => {
    it('adds the caller as a new ACTIVE member; repeating is harmless', async () => {
      const g = await invited();
      const eve = await signUp(app, 'Eve');
      const joined = await eve.c.post(`/api/invites/${g.token}/join-new`);
      expect(joined.status).toBe(200);
      expect(joined.body).toEqual({ groupId: g.id });
      const group = json<Group>(await eve.c.get(`/api/groups/${g.id}`));
      expect(group.users).toHaveLength(4);
      expect(group.users.find((u) => u.isCurrentUser)).toMatchObject({
        name: 'Eve',
        share: 1,
        membershipStatus: 'ACTIVE',
        isAdmin: false,
      });
      expect((await eve.c.post(`/api/invites/${g.token}/join-new`)).body).toEqual({ groupId: g.id });
      expect(json<Group>(await eve.c.get(`/api/groups/${g.id}`)).users).toHaveLength(4);
      const logs = json<LogEntry[]>(await ann.c.get(`/api/groups/${g.id}/logs`)).map((l) => l.action);
      expect(logs.filter((a) => a === 'MEMBER_JOINED')).toHaveLength(1);
    });

    it('answers 410 for an unknown or expired link and 401 signed out', async () => {
      const g = await invited();
      expectError(await bob.c.post('/api/invites/made-up/join-new'), 410, 'INVITE_INVALID');
      expectError(await client(app).post(`/api/invites/${g.token}/join-new`), 401, 'UNAUTHORIZED');
      await expire(g.token);
      expectError(await bob.c.post(`/api/invites/${g.token}/join-new`), 410, 'INVITE_INVALID');
      expectError(await bob.c.get(`/api/groups/${g.id}`), 404, 'GROUP_NOT_FOUND');
    });
  });
});
