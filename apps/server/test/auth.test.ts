import { describe, expect, it } from 'vitest';
import { client, useServer } from './harness';
import { expectError, json, PASSWORD, type Response, signUp, type User } from './helpers';

function sessionCookieHeader(res: Response): string {
  const header = res.headers['set-cookie'];
  const all = Array.isArray(header) ? header : header ? [header] : [];
  const cookie = all.find((c) => c.startsWith('dolya_session='));
  if (!cookie) throw new Error(`no session cookie in ${JSON.stringify(all)}`);
  return cookie;
}

describe('REST auth', () => {
  const server = useServer();
  const app = () => server.app;

  describe('POST /api/auth/register', () => {
    it('answers 201 with the public user and sets an httpOnly, SameSite=Lax, Path=/ session cookie', async () => {
      const c = client(app);
      const res = await c.post('/api/auth/register', {
        name: 'Regina',
        email: 'Regina@Example.com',
        password: 'secret1',
      });
      expect(res.status).toBe(201);
      const user = json<User>(res);
      expect(user).toEqual({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        name: 'Regina',
        username: 'regina',
        email: 'regina@example.com',
        telegramUsername: null,
      });
      const cookie = sessionCookieHeader(res);
      expect(cookie).toMatch(/; HttpOnly/i);
      expect(cookie).toMatch(/; SameSite=Lax/);
      expect(cookie).toMatch(/; Path=\/(;|$)/);
      expect(cookie).not.toMatch(/; Secure/i); // PUBLIC_URL is http here
      expect(cookie).toMatch(/^dolya_session=[A-Za-z0-9_-]{20,};/);

      const me = await c.get('/api/auth/me');
      expect(me.status).toBe(200);
      expect(json<User>(me)).toEqual(user);
    });

    it('keeps a chosen username', async () => {
      const res = await client(app).post('/api/auth/register', {
        name: 'Chooser',
        email: 'chooser@example.com',
        password: 'secret1',
        username: 'Chooser_1',
      });
      expect(res.status).toBe(201);
      expect(json<User>(res).username).toBe('Chooser_1');
    });

    it('409 EMAIL_TAKEN for an email already registered, whatever its case, and sets no cookie', async () => {
      const { email } = await signUp(app, 'Emma');
      const res = await client(app).post('/api/auth/register', {
        name: 'Other',
        email: email.toUpperCase(),
        password: 'secret1',
      });
      expectError(res, 409, 'EMAIL_TAKEN', 'email');
      expect(res.headers['set-cookie']).toBeUndefined();
    });

    it('409 USERNAME_TAKEN for a username already used, whatever its case', async () => {
      await signUp(app, 'Ursula', { username: 'ursula_taken' });
      const res = await client(app).post('/api/auth/register', {
        name: 'Other',
        email: 'other-ursula@example.com',
        password: 'secret1',
        username: 'URSULA_TAKEN',
      });
      expectError(res, 409, 'USERNAME_TAKEN', 'username');
    });

    it('400 VALIDATION_ERROR naming the field for a bad email, a short password, a blank name, a bad username', async () => {
      const c = client(app);
      const base = { name: 'Val', email: 'val@example.com', password: 'secret1' };
      expectError(
        await c.post('/api/auth/register', { ...base, email: 'not-an-email' }),
        400,
        'VALIDATION_ERROR',
        'email',
      );
      expectError(
        await c.post('/api/auth/register', { ...base, password: '12345' }),
        400,
        'VALIDATION_ERROR',
        'password',
      );
      expectError(
        await c.post('/api/auth/register', { ...base, name: '   ' }),
        400,
        'VALIDATION_ERROR',
        'name',
      );
      expectError(
        await c.post('/api/auth/register', { ...base, username: 'a b' }),
        400,
        'VALIDATION_ERROR',
        'username',
      );
      const { email: _omitted, ...noEmail } = base;
      expectError(await c.post('/api/auth/register', noEmail), 400, 'VALIDATION_ERROR', 'email');
      // None of these created the account.
      expect(
        (await c.post('/api/auth/login', { email: 'val@example.com', password: 'secret1' })).status,
      ).toBe(401);
    });
  });

  describe('POST /api/auth/login', () => {
    it('answers 200 with the user and a fresh session cookie; the email is case-insensitive', async () => {
      const { user, email } = await signUp(app, 'Lena');
      const c = client(app);
      const res = await c.post('/api/auth/login', { email: email.toUpperCase(), password: PASSWORD });
      expect(res.status).toBe(200);
      expect(json<User>(res)).toEqual(user);
      const cookie = sessionCookieHeader(res);
      expect(cookie).toMatch(/; HttpOnly/i);
      expect(cookie).toMatch(/; SameSite=Lax/);
      expect(cookie).toMatch(/; Path=\//);
      expect(json<User>(await c.get('/api/auth/me')).id).toBe(user.id);
    });

    it('401 INVALID_CREDENTIALS for a wrong password and for an unknown email, with no cookie', async () => {
      const { email } = await signUp(app, 'Wrong');
      const c = client(app);
      const wrong = await c.post('/api/auth/login', { email, password: 'not the password' });
      expectError(wrong, 401, 'INVALID_CREDENTIALS');
      expect(wrong.headers['set-cookie']).toBeUndefined();
      const unknown = await c.post('/api/auth/login', { email: 'nobody@example.com', password: PASSWORD });
      expectError(unknown, 401, 'INVALID_CREDENTIALS');
      expect(json<{ message: string }>(unknown).message).toBe(json<{ message: string }>(wrong).message);
      expectError(await c.get('/api/auth/me'), 401, 'UNAUTHORIZED');
    });

    it('400 VALIDATION_ERROR when a field is missing', async () => {
      const c = client(app);
      expectError(
        await c.post('/api/auth/login', { email: 'a@example.com' }),
        400,
        'VALIDATION_ERROR',
        'password',
      );
      expectError(
        await c.post('/api/auth/login', { email: '', password: 'x' }),
        400,
        'VALIDATION_ERROR',
        'email',
      );
    });
  });

  describe('GET /api/auth/me', () => {
    it('401 UNAUTHORIZED when signed out', async () => {
      expectError(await client(app).get('/api/auth/me'), 401, 'UNAUTHORIZED');
    });

    it('401 UNAUTHORIZED with a forged or an absurdly long cookie', async () => {
      const c = client(app);
      expectError(
        await c.get('/api/auth/me', { cookie: 'dolya_session=forged-token-value' }),
        401,
        'UNAUTHORIZED',
      );
      expectError(
        await c.get('/api/auth/me', { cookie: `dolya_session=${'a'.repeat(5000)}` }),
        401,
        'UNAUTHORIZED',
      );
    });
  });

  describe('PUT /api/auth/me', () => {
    it('updates name, username and messenger username (a leading @ dropped) and answers the user', async () => {
      const { c, user } = await signUp(app, 'Petra');
      const res = await c.put('/api/auth/me', {
        name: '  Petra P.  ',
        username: 'petra_p',
        telegramUsername: '@petra_tg',
      });
      expect(res.status).toBe(200);
      expect(json<User>(res)).toEqual({
        ...user,
        name: 'Petra P.',
        username: 'petra_p',
        telegramUsername: 'petra_tg',
      });
      expect(json<User>(await c.get('/api/auth/me'))).toEqual(json<User>(res));

      // Keeping one's own username is not a conflict; an empty messenger username clears it.
      const again = await c.put('/api/auth/me', { name: 'Petra', username: 'PETRA_P', telegramUsername: '' });
      expect(again.status).toBe(200);
      expect(json<User>(again)).toMatchObject({ name: 'Petra', username: 'PETRA_P', telegramUsername: null });
    });

    it("409 USERNAME_TAKEN for someone else's username, whatever its case; nothing changes", async () => {
      await signUp(app, 'Owner', { username: 'owner_name' });
      const { c, user } = await signUp(app, 'Taker');
      const res = await c.put('/api/auth/me', {
        name: 'Changed',
        username: 'Owner_Name',
        telegramUsername: null,
      });
      expectError(res, 409, 'USERNAME_TAKEN', 'username');
      expect(json<User>(await c.get('/api/auth/me'))).toEqual(user);
    });

    it('400 VALIDATION_ERROR for a blank name or a bad username', async () => {
      const { c, user } = await signUp(app, 'Blank');
      expectError(
        await c.put('/api/auth/me', { name: '   ', username: user.username, telegramUsername: null }),
        400,
        'VALIDATION_ERROR',
        'name',
      );
      expectError(
        await c.put('/api/auth/me', { name: 'Blank', username: 'x', telegramUsername: null }),
        400,
        'VALIDATION_ERROR',
        'username',
      );
      expect(json<User>(await c.get('/api/auth/me'))).toEqual(user);
    });

    it('401 UNAUTHORIZED when signed out', async () => {
      expectError(
        await client(app).put('/api/auth/me', { name: 'X', username: 'xxx', telegramUsername: null }),
        401,
        'UNAUTHORIZED',
      );
    });
  });

  describe('POST /api/auth/logout', () => {
    it('answers 200, clears the cookie, and the old cookie no longer works', async () => {
      const { c } = await signUp(app, 'Leaver');
      const oldCookie = c.cookie;
      expect(oldCookie).toMatch(/^dolya_session=./);

      const res = await c.post('/api/auth/logout');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ ok: true });
      const cleared = sessionCookieHeader(res);
      expect(cleared).toMatch(/^dolya_session=;/);
      expect(cleared).toMatch(/Expires=Thu, 01 Jan 1970 00:00:00 GMT|Max-Age=0/);
      expect(cleared).toMatch(/; Path=\//);
      expect(c.cookie).toBe('');

      expectError(await c.get('/api/auth/me'), 401, 'UNAUTHORIZED');
      // Replaying the cookie captured before logging out does not bring the session back.
      expectError(await client(app).get('/api/auth/me', { cookie: oldCookie }), 401, 'UNAUTHORIZED');
      expectError(await client(app).get('/api/groups', { cookie: oldCookie }), 401, 'UNAUTHORIZED');
    });

    it('answers 200 when already signed out', async () => {
      const res = await client(app).post('/api/auth/logout');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ ok: true });
    });
  });
});
