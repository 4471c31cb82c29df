import { groupMembers } from '@dolya/db';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { client, useServer } from './harness';
import {
  type Balances,
  type Category,
  type Client,
  createGroup,
  expectError,
  type Group,
  json,
  type LogEntry,
  NIL_UUID,
  signUp,
  type User,
} from './helpers';

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

describe('REST groups', () => {
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

  it("a client's temporary member ids make seats without an account", async () => {
    const created = await ann.c.post('/api/groups', {
      name: 'Temp ids',
      currency: 'RUB',
      users: [
        { id: 'tmp-1', name: 'Dasha', share: 2 },
        { id: 'f0000000-0000-4000-8000-000000000000', name: 'Egor' },
      ],
    });
    expect(created.status).toBe(201);
    const group = json<Group>(await ann.c.get(`/api/groups/${json<{ id: string }>(created).id}`));
    expect(group.users.map((u) => [u.name, u.id, u.share, u.membershipStatus])).toEqual([
      ['Ann', ann.user.id, 1, 'ACTIVE'],
      ['Dasha', null, 2, 'ACTIVE'],
      ['Egor', null, 1, 'ACTIVE'],
    ]);
  });

  /** A group of Ann's where Bob holds an active, non-admin seat (accepted in the database until invites exist). */
  async function groupWithBob(name = 'Flat') {
    const created = await ann.c.post('/api/groups', {
      name,
      currency: 'EUR',
      users: [
        { id: ann.user.id, name: 'Ann', email: ann.user.email, isCurrentUser: true, isAdmin: true, share: 1 },
        {
          id: bob.user.id,
          name: 'Bob',
          email: bob.user.email,
          isCurrentUser: false,
          isAdmin: false,
          share: 1,
        },
        { id: null, name: 'Carl', email: null, isCurrentUser: false, isAdmin: false, share: 1 },
      ],
    });
    expect(created.status).toBe(201);
    const { id } = json<{ id: string }>(created);
    await server.db.db
      .update(groupMembers)
      .set({ status: 'ACTIVE' })
      .where(and(eq(groupMembers.groupId, id), eq(groupMembers.userId, bob.user.id)));
    return id;
  }

  describe('POST /api/groups and GET /api/groups', () => {
    it('answers 201 {id}; the list shows the group with its members in the documented shape', async () => {
      const res = await ann.c.post('/api/groups', {
        name: '  Summer trip  ',
        currency: 'eur',
        users: [
          {
            id: ann.user.id,
            name: 'Ann',
            email: ann.user.email,
            isCurrentUser: true,
            isAdmin: true,
            share: 1,
          },
          { id: null, name: 'Mia', email: null, isCurrentUser: false, isAdmin: false, share: 2 },
          { name: 'Ned', isCurrentUser: false, isAdmin: false },
        ],
      });
      expect(res.status).toBe(201);
      expect(Object.keys(res.body as object)).toEqual(['id']);
      const { id } = json<{ id: string }>(res);

      const list = await ann.c.get('/api/groups');
      expect(list.status).toBe(200);
      const group = json<Group[]>(list).find((g) => g.id === id);
      expect(group).toEqual({
        id,
        name: 'Summer trip',
        currency: 'EUR',
        timeZone: 'Europe/Moscow',
        createdAt: expect.stringMatching(ISO),
        lastActivity: expect.stringMatching(ISO),
        users: [
          {
            id: ann.user.id,
            memberId: expect.stringMatching(/^[0-9a-f-]{36}$/),
            name: 'Ann',
            username: ann.user.username,
            isAdmin: true,
            registered: true,
            membershipStatus: 'ACTIVE',
            share: 1,
            isCurrentUser: true,
            telegramUsername: null,
          },
          {
            id: null,
            memberId: expect.stringMatching(/^[0-9a-f-]{36}$/),
            name: 'Mia',
            username: null,
            isAdmin: false,
            registered: false,
            membershipStatus: 'ACTIVE',
            share: 2,
            isCurrentUser: false,
            telegramUsername: null,
          },
          {
            id: null,
            memberId: expect.stringMatching(/^[0-9a-f-]{36}$/),
            name: 'Ned',
            username: null,
            isAdmin: false,
            registered: false,
            membershipStatus: 'ACTIVE',
            share: 1,
            isCurrentUser: false,
            telegramUsername: null,
          },
        ],
      });
      const memberIds = group!.users.map((u) => u.memberId);
      expect(new Set(memberIds).size).toBe(3);
    });

    it('makes the creator an admin even when the body leaves them out, and defaults the currency to RUB', async () => {
      const res = await ann.c.post('/api/groups', { name: 'Bare' });
      expect(res.status).toBe(201);
      const group = json<Group>(await ann.c.get(`/api/groups/${json<{ id: string }>(res).id}`));
      expect(group.currency).toBe('RUB');
      expect(group.users).toEqual([
        expect.objectContaining({ id: ann.user.id, isAdmin: true, share: 1, isCurrentUser: true }),
      ]);
    });

    it('adds an existing account as a PENDING seat that does not yet see the group', async () => {
      const { c: dora, user } = await signUp(app, 'Dora');
      const res = await ann.c.post('/api/groups', {
        name: 'Invited',
        currency: 'USD',
        users: [
          { id: user.id, name: 'Dora', email: user.email, isCurrentUser: false, isAdmin: true, share: 1 },
        ],
      });
      expect(res.status).toBe(201);
      const { id } = json<{ id: string }>(res);
      const group = json<Group>(await ann.c.get(`/api/groups/${id}`));
      expect(group.users.find((u) => u.id === user.id)).toMatchObject({
        membershipStatus: 'PENDING',
        isAdmin: false, // only the creator starts as admin
        username: user.username,
        registered: true,
      });
      expect(json<Group[]>(await dora.get('/api/groups'))).toEqual([]);
      expectError(await dora.get(`/api/groups/${id}`), 404, 'GROUP_NOT_FOUND');
    });

    it('each user lists only the groups they are an active member of', async () => {
      const id = await groupWithBob('Listed');
      expect(json<Group[]>(await bob.c.get('/api/groups')).map((g) => g.id)).toContain(id);
      expect(json<Group[]>(await olga.c.get('/api/groups')).map((g) => g.id)).not.toContain(id);
      const seen = json<Group[]>(await bob.c.get('/api/groups')).find((g) => g.id === id)!;
      expect(seen.users.find((u) => u.isCurrentUser)).toMatchObject({
        id: bob.user.id,
        name: 'Bob',
        isAdmin: false,
      });
      expect(seen.users.filter((u) => u.isCurrentUser)).toHaveLength(1);
    });

    it('400 VALIDATION_ERROR naming the field for a missing name, an unknown currency, a negative share', async () => {
      const before = json<Group[]>(await ann.c.get('/api/groups')).length;
      expectError(await ann.c.post('/api/groups', { currency: 'EUR' }), 400, 'VALIDATION_ERROR', 'name');
      expectError(await ann.c.post('/api/groups', { name: '  ' }), 400, 'VALIDATION_ERROR', 'name');
      expectError(
        await ann.c.post('/api/groups', { name: 'G', currency: 'ZZZ' }),
        400,
        'VALIDATION_ERROR',
        'currency',
      );
      expectError(
        await ann.c.post('/api/groups', { name: 'G', users: [{ name: 'X', share: -1 }] }),
        400,
        'VALIDATION_ERROR',
        'users.0.share',
      );
      expectError(
        await ann.c.post('/api/groups', { name: 'G', users: [{ name: '' }] }),
        400,
        'VALIDATION_ERROR',
        'users.0.name',
      );
      expect(json<Group[]>(await ann.c.get('/api/groups'))).toHaveLength(before);
    });

    it('401 UNAUTHORIZED when signed out', async () => {
      const c = client(app);
      expectError(await c.get('/api/groups'), 401, 'UNAUTHORIZED');
      expectError(await c.post('/api/groups', { name: 'G' }), 401, 'UNAUTHORIZED');
    });
  });

  describe('GET /api/groups/{id}', () => {
    it('answers the same group the list shows', async () => {
      const { id } = await createGroup(ann.c, ['Zed']);
      const one = await ann.c.get(`/api/groups/${id}`);
      expect(one.status).toBe(200);
      const listed = json<Group[]>(await ann.c.get('/api/groups')).find((g) => g.id === id);
      expect(json<Group>(one)).toEqual(listed);
    });

    it('404 GROUP_NOT_FOUND for a group that does not exist', async () => {
      expectError(await ann.c.get(`/api/groups/${NIL_UUID}`), 404, 'GROUP_NOT_FOUND');
      expectError(
        await ann.c.get('/api/groups/4b0f1a5e-9c1d-4a7e-8f00-123456789abc'),
        404,
        'GROUP_NOT_FOUND',
      );
    });
  });

  describe('PUT /api/groups/{id}', () => {
    it('an admin renames (trimmed), changes currency and default shares by memberId or account id', async () => {
      const { id, group, meId, seat } = await createGroup(ann.c, ['Kim', 'Lou']);
      const res = await ann.c.put(`/api/groups/${id}`, {
        name: '  Renamed  ',
        currency: 'usd',
        users: [
          { id: null, memberId: seat('Kim'), share: 3 },
          { id: ann.user.id, memberId: null, share: 2 },
          { id: null, memberId: seat('Lou'), share: 0 },
        ],
      });
      expect(res.status).toBe(200);
      const updated = json<Group>(res);
      expect(updated).toMatchObject({ id, name: 'Renamed', currency: 'USD' });
      const shares = Object.fromEntries(updated.users.map((u) => [u.memberId, u.share]));
      expect(shares).toEqual({ [meId]: 2, [seat('Kim')]: 3, [seat('Lou')]: 0 });
      expect(json<Group>(await ann.c.get(`/api/groups/${id}`))).toEqual(updated);
      expect(updated.createdAt).toBe(group.createdAt);

      const logs = json<LogEntry[]>(await ann.c.get(`/api/groups/${id}/logs`));
      expect(logs[0]).toMatchObject({ action: 'GROUP_UPDATED', actor: { id: meId, name: 'Ann' } });
      expect(logs[0]!.message).toContain('Renamed');
    });

    it('a groupId in the body cannot redirect the update to another group', async () => {
      const a = await createGroup(ann.c, [], 'Path group');
      const b = await createGroup(ann.c, [], 'Body group');
      const res = await ann.c.put(`/api/groups/${a.id}`, { groupId: b.id, name: 'Changed' });
      expect(res.status).toBe(200);
      expect(json<Group>(res).id).toBe(a.id);
      expect(json<Group>(await ann.c.get(`/api/groups/${a.id}`)).name).toBe('Changed');
      expect(json<Group>(await ann.c.get(`/api/groups/${b.id}`)).name).toBe('Body group');
    });

    it('ignores a blank name', async () => {
      const { id } = await createGroup(ann.c, [], 'Keep me');
      const res = await ann.c.put(`/api/groups/${id}`, { name: '   ', currency: 'EUR', users: [] });
      expect(res.status).toBe(200);
      expect(json<Group>(res).name).toBe('Keep me');
    });

    it('400 INVALID_MEMBER for a seat of another group; 400 VALIDATION_ERROR for a negative share', async () => {
      const { id } = await createGroup(ann.c, ['Kim']);
      const other = await createGroup(ann.c, ['Stranger']);
      expectError(
        await ann.c.put(`/api/groups/${id}`, { users: [{ memberId: other.seat('Stranger'), share: 2 }] }),
        400,
        'INVALID_MEMBER',
        'users',
      );
      expectError(
        await ann.c.put(`/api/groups/${id}`, { users: [{ memberId: NIL_UUID, share: -1 }] }),
        400,
        'VALIDATION_ERROR',
        'users.0.share',
      );
      expectError(
        await ann.c.put(`/api/groups/${id}`, { currency: 'NOPE' }),
        400,
        'VALIDATION_ERROR',
        'currency',
      );
    });

    it('403 FORBIDDEN for a member who is not an admin; nothing changes', async () => {
      const id = await groupWithBob();
      const before = json<Group>(await ann.c.get(`/api/groups/${id}`));
      expectError(
        await bob.c.put(`/api/groups/${id}`, { name: 'Hijacked', currency: 'USD' }),
        403,
        'FORBIDDEN',
      );
      expect(json<Group>(await ann.c.get(`/api/groups/${id}`))).toEqual(before);
    });
  });

  describe('DELETE /api/groups/{id}', () => {
    it('403 FORBIDDEN for a member who is not an admin; the group stays', async () => {
      const id = await groupWithBob();
      expectError(await bob.c.delete(`/api/groups/${id}`), 403, 'FORBIDDEN');
      expect((await ann.c.get(`/api/groups/${id}`)).status).toBe(200);
      expect((await bob.c.get(`/api/groups/${id}`)).status).toBe(200);
    });

    it('an admin deletes: 204 with no body; then the group is gone for every member and every path', async () => {
      const id = await groupWithBob('Doomed');
      const res = await ann.c.delete(`/api/groups/${id}`);
      expect(res.status).toBe(204);
      expect(res.raw.body).toBe('');
      for (const who of [ann.c, bob.c]) {
        expect(json<Group[]>(await who.get('/api/groups')).map((g) => g.id)).not.toContain(id);
        expectError(await who.get(`/api/groups/${id}`), 404, 'GROUP_NOT_FOUND');
        expectError(await who.get(`/api/groups/${id}/expenses`), 404, 'GROUP_NOT_FOUND');
        expectError(await who.get(`/api/groups/${id}/balances`), 404, 'GROUP_NOT_FOUND');
      }
      expectError(await ann.c.delete(`/api/groups/${id}`), 404, 'GROUP_NOT_FOUND');
      expectError(await ann.c.put(`/api/groups/${id}`, { name: 'Back' }), 404, 'GROUP_NOT_FOUND');
    });
  });

  describe('a member who is not an admin', () => {
    it('reads the group, its categories, logs, balances and expenses', async () => {
      const id = await groupWithBob();
      for (const path of ['', '/categories', '/logs', '/balances', '/expenses']) {
        expect((await bob.c.get(`/api/groups/${id}${path}`)).status, path).toBe(200);
      }
    });
  });

  describe('an outsider', () => {
    it('gets 404 GROUP_NOT_FOUND on every group path, and changes nothing', async () => {
      const id = await groupWithBob();
      const carl = json<Group>(await ann.c.get(`/api/groups/${id}`)).users.find((u) => u.name === 'Carl')!;
      const before = json<Group>(await ann.c.get(`/api/groups/${id}`));
      const o = olga.c;
      expectError(await o.get(`/api/groups/${id}`), 404, 'GROUP_NOT_FOUND');
      expectError(await o.put(`/api/groups/${id}`, { name: 'Mine' }), 404, 'GROUP_NOT_FOUND');
      expectError(await o.delete(`/api/groups/${id}`), 404, 'GROUP_NOT_FOUND');
      expectError(await o.get(`/api/groups/${id}/categories`), 404, 'GROUP_NOT_FOUND');
      expectError(await o.get(`/api/groups/${id}/logs`), 404, 'GROUP_NOT_FOUND');
      expectError(await o.get(`/api/groups/${id}/balances`), 404, 'GROUP_NOT_FOUND');
      expectError(await o.get(`/api/groups/${id}/expenses`), 404, 'GROUP_NOT_FOUND');
      expectError(
        await o.post(`/api/groups/${id}/expenses`, {
          name: 'Sneaky',
          amount: 10,
          paidById: carl.memberId,
          splitMethod: 'shares',
          sharesInput: { [carl.memberId]: 1 },
        }),
        404,
        'GROUP_NOT_FOUND',
      );
      expect(json<Group>(await ann.c.get(`/api/groups/${id}`))).toEqual({
        ...before,
        lastActivity: expect.any(String),
      });
      expect(json<unknown[]>(await ann.c.get(`/api/groups/${id}/expenses`))).toEqual([]);
    });

    it('gets the same 404 for a group id that does not exist, so ids cannot be probed', async () => {
      for (const path of ['', '/categories', '/logs', '/balances', '/expenses']) {
        expectError(await olga.c.get(`/api/groups/${NIL_UUID}${path}`), 404, 'GROUP_NOT_FOUND');
      }
    });
  });

  describe('signed out', () => {
    it('every group path answers 401 UNAUTHORIZED', async () => {
      const { id } = await createGroup(ann.c);
      const c = client(app);
      for (const path of ['', '/categories', '/logs', '/balances', '/expenses']) {
        expectError(await c.get(`/api/groups/${id}${path}`), 401, 'UNAUTHORIZED');
      }
      expectError(await c.put(`/api/groups/${id}`, { name: 'X' }), 401, 'UNAUTHORIZED');
      expectError(await c.delete(`/api/groups/${id}`), 401, 'UNAUTHORIZED');
      expectError(await c.post(`/api/groups/${id}/expenses`, { amount: 1 }), 401, 'UNAUTHORIZED');
    });
  });

  describe('GET /api/groups/{id}/categories', () => {
    it('lists the default categories with id, name and Russian name, in a stable order', async () => {
      const { id } = await createGroup(ann.c);
      const res = await ann.c.get(`/api/groups/${id}/categories`);
      expect(res.status).toBe(200);
      const categories = json<Category[]>(res);
      expect(categories[0]).toEqual({ id: 'general', name: 'General', nameRu: 'Общее' });
      expect(categories).toContainEqual({ id: 'food', name: 'Food & drink', nameRu: 'Еда и напитки' });
      for (const c of categories) expect(Object.keys(c).sort()).toEqual(['id', 'name', 'nameRu']);
      expect(new Set(categories.map((c) => c.id)).size).toBe(categories.length);
    });
  });

  describe('GET /api/groups/{id}/logs', () => {
    it('lists events newest first with date, action, message and the acting member', async () => {
      const { id, meId, seat } = await createGroup(ann.c, ['Pia'], 'Logged');
      const created = await ann.c.post(`/api/groups/${id}/expenses`, {
        name: 'Pizza',
        amount: 12.5,
        paidById: seat('Pia'),
        splitMethod: 'shares',
        sharesInput: { [meId]: 1, [seat('Pia')]: 1 },
      });
      expect(created.status).toBe(201);
      const res = await ann.c.get(`/api/groups/${id}/logs`);
      expect(res.status).toBe(200);
      const logs = json<LogEntry[]>(res);
      expect(logs.map((l) => l.action)).toEqual(['EXPENSE_CREATED', 'GROUP_CREATED']);
      expect(logs[1]).toEqual({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        date: expect.stringMatching(ISO),
        action: 'GROUP_CREATED',
        message: expect.stringContaining('Logged'),
        details: { name: 'Logged', currency: 'EUR' },
        actor: { id: meId, name: 'Ann' },
      });
      expect(logs[0]!.message).toContain('Pizza');
      expect(logs[0]!.message).toContain('12.50');
      expect(Date.parse(logs[0]!.date)).toBeGreaterThanOrEqual(Date.parse(logs[1]!.date));
    });
  });

  describe('GET /api/groups/{id}/balances', () => {
    it('an empty group: the currency, total 0, every member at zero, no debts', async () => {
      const { id, meId, seat } = await createGroup(ann.c, ['Quinn'], 'Quiet', 'GBP');
      const res = await ann.c.get(`/api/groups/${id}/balances`);
      expect(res.status).toBe(200);
      const zero = { paid: 0, owed: 0, settlementsPaid: 0, settlementsReceived: 0, net: 0 };
      expect(json<Balances>(res)).toEqual({
        currency: 'GBP',
        total: 0,
        members: [
          { memberId: meId, name: 'Ann', ...zero, removed: false },
          { memberId: seat('Quinn'), name: 'Quinn', ...zero, removed: false },
        ],
        debts: [],
      });
    });
  });
});
