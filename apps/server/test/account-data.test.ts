import { describe, expect, it } from 'vitest';
import { client, useServer } from './harness';
import { balancesOf, createGroup, expectError, json, signUp, type User } from './helpers';

describe('Your data over REST (issue 29)', () => {
  const server = useServer();
  const app = () => server.app;

  it('GET /api/account/data downloads the account’s JSON, with each group’s record', async () => {
    const { c, user } = await signUp(app, 'Olya');
    const g = await createGroup(c, ['Bob'], 'Поездка');
    await c.post(`/api/groups/${g.id}/expenses`, { name: 'Dinner', amount: 30, paidById: g.meId });
    const res = await c.get('/api/account/data');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(String(res.headers['content-disposition'])).toMatch(
      /^attachment; filename="dolya-account-.+-\d{4}-\d{2}-\d{2}\.json"; filename\*=UTF-8''/,
    );
    const doc = res.body as {
      profile: { id: string };
      groups: { group: { name: string }; expenses: { name: string }[] }[];
    };
    expect(doc.profile.id).toBe(user.id);
    expect(doc.groups.map((group) => [group.group.name, group.expenses.map((e) => e.name)])).toEqual([
      ['Поездка', ['Dinner']],
    ]);
    expectError(await client(app).get('/api/account/data'), 401, 'UNAUTHORIZED');
  });

  it('POST /api/account/delete: a typed username, LAST_ADMIN while others remain, then the seat stays and the cookie goes', async () => {
    const { c, user } = await signUp(app, 'Anna');
    const { c: bob, user: bobUser } = await signUp(app, 'Bob');
    const g = await createGroup(c, ['Carl'], 'Dacha');
    await c.post(`/api/groups/${g.id}/expenses`, { name: 'Wood', amount: '90.01', paidById: g.meId });
    const solo = await createGroup(c, [], 'Notes');

    expect(json(await c.get('/api/account/deletion-plan'))).toEqual({
      blocking: [{ id: g.id, name: 'Dacha' }],
      deleted: [{ id: solo.id, name: 'Notes' }],
      kept: [],
    });
    expectError(
      await c.post('/api/account/delete', { username: user.username }),
      409,
      'LAST_ADMIN',
      'groups',
    );
    expectError(await c.post('/api/account/delete', {}), 400, 'VALIDATION_ERROR', 'username');

    // Bob joins as an admin; then Anna may go, and her seat stays with the balances.
    await c.post(`/api/groups/${g.id}/members`, { name: 'Bob', username: bobUser.username, isAdmin: false });
    const [invitation] = json<{ id: string }[]>(await bob.get('/api/notifications'));
    expect((await bob.post('/api/notifications/accept', { notificationId: invitation!.id })).status).toBe(
      200,
    );
    const bobSeat = json<{ users: (User & { memberId: string; username: string | null })[] }>(
      await bob.get(`/api/groups/${g.id}`),
    ).users.find((u) => u.username === bobUser.username)!;
    expect((await c.post(`/api/groups/${g.id}/members/${bobSeat.id}/make-admin`)).status).toBe(200);
    const before = await balancesOf(bob, g.id);
    expectError(
      await c.post('/api/account/delete', { username: 'someone_else' }),
      400,
      'VALIDATION_ERROR',
      'username',
    );

    const done = await c.post('/api/account/delete', { username: user.username });
    expect(done.status).toBe(200);
    expect(done.body).toEqual({
      blocking: [],
      deleted: [{ id: solo.id, name: 'Notes' }],
      kept: [{ id: g.id, name: 'Dacha' }],
    });
    expect(c.cookie).toBe('');
    expectError(await c.get('/api/auth/me'), 401, 'UNAUTHORIZED');
    expectError(
      await c.post('/api/auth/login', { email: user.email, password: 'correct horse' }),
      401,
      'INVALID_CREDENTIALS',
    );
    expect(await balancesOf(bob, g.id)).toEqual(before);
    const seat = json<{ users: { memberId: string; name: string; username: string | null }[] }>(
      await bob.get(`/api/groups/${g.id}`),
    ).users.find((u) => u.memberId === g.meId);
    expect(seat).toMatchObject({ name: 'Anna', username: null });
  });
});
