import { sessions, users } from '@dolya/db';
import { usernameSchema } from '@dolya/domain';
import { count, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { resolveSession } from '../src/services/sessions';
import { callerWithToken, refusal } from './fixtures';
import { browser, signUp, testConfig, useTestDatabase } from './harness';

const db = useTestDatabase();
const password = 'correct horse';

async function anonymous() {
  return browser(db.current.db);
}

async function userCount() {
  const [row] = await db.current.db.select({ n: count() }).from(users);
  return row!.n;
}

describe('auth.register', () => {
  it('creates the account, signs it in and answers the public user', async () => {
    const b = await anonymous();
    const user = await (await b.call()).auth.register({
      name: '  Ann  ',
      email: 'Ann.Lee@Example.com',
      password,
      username: 'ann_lee',
    });
    expect(user).toEqual({
      id: expect.any(String),
      name: 'Ann',
      username: 'ann_lee',
      email: 'ann.lee@example.com',
      telegramUsername: null,
    });
    expect(b.token).toBeDefined();
    expect(await (await b.call()).auth.me()).toEqual(user);
    // No password hash or other internals leak.
    expect(Object.keys(user).sort()).toEqual(['email', 'id', 'name', 'telegramUsername', 'username']);
  });

  it('refuses an email already taken, whatever its case, with EMAIL_TAKEN', async () => {
    await (await (await anonymous()).call()).auth.register({ name: 'Bo', email: 'bo@example.com', password });
    const before = await userCount();
    const error = await refusal(
      (await (await anonymous()).call()).auth.register({ name: 'Bo 2', email: 'BO@Example.COM', password }),
    );
    expect(error).toMatchObject({ appCode: 'EMAIL_TAKEN', field: 'email' });
    expect(await userCount()).toBe(before);
  });

  it('refuses a username already taken, whatever its case, with USERNAME_TAKEN', async () => {
    await (await (await anonymous()).call()).auth.register({
      name: 'Kit',
      email: 'kit1@example.com',
      password,
      username: 'Kit_Cat',
    });
    const error = await refusal(
      (await (await anonymous()).call()).auth.register({
        name: 'Kit',
        email: 'kit2@example.com',
        password,
        username: 'kit_cat',
      }),
    );
    expect(error).toMatchObject({ appCode: 'USERNAME_TAKEN', field: 'username' });
  });

  it('generates a free, valid username from the email when none is given', async () => {
    const register = async (email: string, username?: string) =>
      (await (await anonymous()).call()).auth.register({ name: 'Sam', email, password, username });
    await register('taken@example.com', 'SAM');
    const first = await register('sam@one.example');
    const second = await register('sam@two.example');
    const short = await register('jo@example.com');
    const odd = await register('A.B-c+x@example.com');
    const names = [first, second, short, odd].map((u) => u.username);
    // 'sam' is taken (as 'SAM'), so neither gets it, and they do not collide.
    expect(names.map((n) => n.toLowerCase())).not.toContain('sam');
    expect(new Set(names.map((n) => n.toLowerCase())).size).toBe(names.length);
    expect(first.username).toMatch(/^sam\d+$/);
    expect(short.username).toBe('jouser');
    expect(odd.username).toBe('a.bcx');
    for (const name of names) expect(usernameSchema.safeParse(name).success, name).toBe(true);
  });

  it('refuses a short password with VALIDATION_ERROR on the password field, creating nothing', async () => {
    const before = await userCount();
    const error = await refusal(
      (await (await anonymous()).call()).auth.register({
        name: 'Pat',
        email: 'pat@example.com',
        password: '12345',
      }),
    );
    expect(error).toMatchObject({ appCode: 'VALIDATION_ERROR', field: 'password' });
    expect(await userCount()).toBe(before);
  });

  it('refuses an invalid email and a blank name with the field', async () => {
    const call = await (await anonymous()).call();
    expect(await refusal(call.auth.register({ name: 'Pat', email: 'not-an-email', password }))).toMatchObject(
      {
        appCode: 'VALIDATION_ERROR',
        field: 'email',
      },
    );
    expect(
      await refusal(call.auth.register({ name: '   ', email: 'pat2@example.com', password })),
    ).toMatchObject({
      appCode: 'VALIDATION_ERROR',
      field: 'name',
    });
  });
});

describe('auth.login', () => {
  it('signs in with the right password, the email in any case', async () => {
    const { user } = await signUp(db.current.db, 'Lena');
    const b = await anonymous();
    const answer = await (await b.call()).auth.login({
      email: user.email!.toUpperCase(),
      password: 'secret-password',
    });
    expect(answer).toEqual(user);
    expect(await (await b.call()).auth.me()).toEqual(user);
  });

  it('refuses a wrong password and an unknown email alike with INVALID_CREDENTIALS', async () => {
    const { user } = await signUp(db.current.db, 'Lena');
    const b = await anonymous();
    const wrong = await refusal(
      (await b.call()).auth.login({ email: user.email!, password: 'secret-passwor' }),
    );
    const unknown = await refusal(
      (await b.call()).auth.login({ email: 'nobody@example.com', password: 'secret-password' }),
    );
    expect(wrong.appCode).toBe('INVALID_CREDENTIALS');
    expect(unknown.appCode).toBe('INVALID_CREDENTIALS');
    expect(wrong.message).toBe(unknown.message);
    expect(b.token).toBeUndefined();
  });
});

describe('auth.me', () => {
  it('answers the signed-in user, and UNAUTHORIZED without a session', async () => {
    const { user, call } = await signUp(db.current.db, 'Mia');
    expect(await (await call()).auth.me()).toEqual(user);
    expect((await refusal((await (await anonymous()).call()).auth.me())).appCode).toBe('UNAUTHORIZED');
  });
});

describe('auth.logout', () => {
  it('deletes the session: the old token no longer resolves, other sessions live on', async () => {
    const { user, call, browser: first } = await signUp(db.current.db, 'Olga');
    const second = await anonymous();
    await (await second.call()).auth.login({ email: user.email!, password: 'secret-password' });
    const token = first.token!;
    const [before] = await db.current.db.select({ n: count() }).from(sessions);

    expect(await (await call()).auth.logout()).toEqual({ ok: true });

    expect(first.token).toBeUndefined();
    expect(await resolveSession(db.current.db, testConfig, token)).toBeNull();
    const stale = await callerWithToken(db.current.db, token);
    expect((await refusal(stale.auth.me())).appCode).toBe('UNAUTHORIZED');
    const [after] = await db.current.db.select({ n: count() }).from(sessions);
    expect(after!.n).toBe(before!.n - 1);
    expect(await (await second.call()).auth.me()).toEqual(user);
  });
});

describe('auth.updateProfile', () => {
  it('saves name, username and telegramUsername, stripping a leading @', async () => {
    const { call } = await signUp(db.current.db, 'Rita');
    const saved = await (await call()).auth.updateProfile({
      name: '  Rita K ',
      username: 'rita_k',
      telegramUsername: ' @rita_tg ',
    });
    expect(saved).toMatchObject({ name: 'Rita K', username: 'rita_k', telegramUsername: 'rita_tg' });
    expect(await (await call()).auth.me()).toEqual(saved);
    const cleared = await (await call()).auth.updateProfile({
      name: 'Rita',
      username: 'rita_k',
      telegramUsername: '',
    });
    expect(cleared.telegramUsername).toBeNull();
  });

  it("refuses another user's username, whatever its case, with USERNAME_TAKEN and changes nothing", async () => {
    const owner = await signUp(db.current.db, 'Vera');
    await (await owner.call()).auth.updateProfile({ name: 'Vera', username: 'vera_v' });
    const { call, user } = await signUp(db.current.db, 'Other');
    const error = await refusal((await call()).auth.updateProfile({ name: 'Changed', username: 'VERA_V' }));
    expect(error).toMatchObject({ appCode: 'USERNAME_TAKEN', field: 'username' });
    expect(await (await call()).auth.me()).toEqual(user);
  });

  it('lets a user keep their own username or change its case', async () => {
    const { call, user } = await signUp(db.current.db, 'Ivan');
    await expect(
      (await call()).auth.updateProfile({ name: 'Ivan', username: user.username }),
    ).resolves.toMatchObject({
      username: user.username,
    });
    await expect(
      (await call()).auth.updateProfile({ name: 'Ivan', username: user.username.toUpperCase() }),
    ).resolves.toMatchObject({ username: user.username.toUpperCase() });
  });

  it('two accounts claiming one username at once (in any case): one gets it, the other USERNAME_TAKEN', async () => {
    for (let round = 0; round < 3; round++) {
      const first = await signUp(db.current.db, 'Race');
      const second = await signUp(db.current.db, 'Race');
      const wanted = `race_${round}_${Date.now().toString(36)}`;
      const results = await Promise.allSettled([
        (await first.call()).auth.updateProfile({ name: 'First', username: wanted }),
        (await second.call()).auth.updateProfile({ name: 'Second', username: wanted.toUpperCase() }),
      ]);
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const lost = results.find((r) => r.status === 'rejected');
      expect(await refusal(Promise.reject(lost!.reason))).toMatchObject({
        appCode: 'USERNAME_TAKEN',
        field: 'username',
      });
      const owners = await db.current.db
        .select()
        .from(users)
        .where(sql`lower(${users.username}) = ${wanted}`);
      expect(owners).toHaveLength(1);
    }
  });

  it('the database itself keeps usernames unique whatever their case, and never empty', async () => {
    const { user } = await signUp(db.current.db, 'Uma');
    const insert = (username: string | null) =>
      db.current.db.insert(users).values({ name: 'Copy', username: username as string });
    await expect(insert(user.username.toUpperCase())).rejects.toThrow();
    await expect(insert(null)).rejects.toThrow();
  });

  it('refuses a blank name and an invalid username with the field, changing nothing', async () => {
    const { call, user } = await signUp(db.current.db, 'Zoe');
    expect(
      await refusal((await call()).auth.updateProfile({ name: '   ', username: 'zoe_z' })),
    ).toMatchObject({
      appCode: 'VALIDATION_ERROR',
      field: 'name',
    });
    expect(await refusal((await call()).auth.updateProfile({ name: 'Zoe', username: 'a b' }))).toMatchObject({
      appCode: 'VALIDATION_ERROR',
      field: 'username',
    });
    expect(await (await call()).auth.me()).toEqual(user);
  });
});
