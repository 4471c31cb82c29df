import { createHash, createHmac } from 'node:crypto';
import { sign } from '@telegram-apps/init-data-node';
import { describe, expect, it } from 'vitest';
import { client, useServer } from './harness';
import { expectError, json, PASSWORD, type Response, signUp, type User } from './helpers';

const BOT_TOKEN = '5550001:AAserver-test-bot-token';
const OTHER_TOKEN = '5550002:BBanother-bot-token';
const MAX_AGE = 600;

const now = () => Math.floor(Date.now() / 1000);
let nextId = 900_000_000;
const freshId = () => nextId++;

/** Telegram's documented widget signature: HMAC-SHA-256 of the sorted "key=value" lines, keyed by SHA-256(token). */
function signWidget<T extends Record<string, string | number>>(
  fields: T,
  token = BOT_TOKEN,
): T & { hash: string } {
  const dataCheckString = Object.keys(fields)
    .sort()
    .map((key) => `${key}=${fields[key]}`)
    .join('\n');
  const key = createHash('sha256').update(token).digest();
  return { ...fields, hash: createHmac('sha256', key).update(dataCheckString).digest('hex') };
}

function widgetUser(overrides: Record<string, string | number> = {}) {
  const id = freshId();
  return {
    id,
    first_name: 'Ivan',
    last_name: 'Petrov',
    username: `ivan_${id}`,
    auth_date: now(),
    ...overrides,
  };
}

/** Init data signed by the library, sent as the spec says: Object.fromEntries(new URLSearchParams(initData)). */
function initData(user: Record<string, unknown>, options: { token?: string; authDate?: Date } = {}) {
  const query = sign(
    { user, query_id: 'AAHserver', chat_type: 'private', chat_instance: '-1' } as never,
    options.token ?? BOT_TOKEN,
    options.authDate ?? new Date(),
  );
  return Object.fromEntries(new URLSearchParams(query));
}

function setsSession(res: Response): boolean {
  const header = res.headers['set-cookie'];
  const all = Array.isArray(header) ? header : header ? [header] : [];
  return all.some((c) => /^dolya_session=[^;]+/.test(c));
}

describe('REST Telegram sign-in', () => {
  const server = useServer({
    TELEGRAM_BOT_TOKEN: BOT_TOKEN,
    TELEGRAM_BOT_USERNAME: 'dolya_test_bot',
    TELEGRAM_AUTH_MAX_AGE_SECONDS: String(MAX_AGE),
  });
  const app = () => server.app;

  describe('POST /api/auth/telegram', () => {
    it('200 with the user and a session cookie; the account is created once and found again', async () => {
      const fields = widgetUser({ username: 'ivan_petrov' });
      const c = client(app);
      const res = await c.post('/api/auth/telegram', signWidget(fields));
      expect(res.status).toBe(200);
      const user = json<User>(res);
      expect(user).toEqual({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        name: 'Ivan Petrov',
        username: 'ivan_petrov',
        email: null,
        telegramUsername: 'ivan_petrov',
      });
      expect(setsSession(res)).toBe(true);
      expect(json<User>(await c.get('/api/auth/me'))).toEqual(user);

      const later = client(app);
      const again = await later.post('/api/auth/telegram', signWidget({ ...fields, auth_date: now() }));
      expect(again.status).toBe(200);
      expect(json<User>(again).id).toBe(user.id);
      expect((await later.get('/api/auth/me')).status).toBe(200);
    });

    const refused: Record<string, () => Record<string, string | number>> = {
      'a tampered field': () => ({ ...signWidget(widgetUser()), last_name: 'Sidorov' }),
      'an expired auth_date': () => signWidget(widgetUser({ auth_date: now() - MAX_AGE - 30 })),
      'a missing hash': () => {
        const { hash: _hash, ...rest } = signWidget(widgetUser());
        return rest;
      },
      'the wrong bot token': () => signWidget(widgetUser(), OTHER_TOKEN),
      'a hash of a different length': () => {
        const signed = signWidget(widgetUser());
        return { ...signed, hash: `${signed.hash}00` };
      },
      'an auth_date in the future': () => signWidget(widgetUser({ auth_date: now() + 600 })),
      // Validly signed, but no id the bot could ever act for (issue 31): one rule for every door.
      'a 20-digit id': () => signWidget(widgetUser({ id: '12345678901234567890' })),
      'an id beyond 2^53': () => signWidget(widgetUser({ id: '9007199254740993' })),
    };

    it('cleans a Telegram name of control characters, direction marks and line breaks', async () => {
      const c = client(app);
      const res = await c.post(
        '/api/auth/telegram',
        signWidget(widgetUser({ first_name: 'Mal\u202egnp\u001b[31m', last_name: 'Line\nBreak\u2066' })),
      );
      expect(res.status).toBe(200);
      expect(json<User>(res).name).toBe('Malgnp[31m Line Break');
    });

    it.each(Object.keys(refused))('401 TELEGRAM_AUTH_FAILED for %s, without a cookie', async (name) => {
      const c = client(app);
      const res = await c.post('/api/auth/telegram', refused[name]!());
      expectError(res, 401, 'TELEGRAM_AUTH_FAILED');
      expect(setsSession(res)).toBe(false);
      expect((await c.get('/api/auth/me')).status).toBe(401);
    });

    it('400 VALIDATION_ERROR for a body that is not an object', async () => {
      expectError(await client(app).post('/api/auth/telegram', ['id', 1]), 400, 'VALIDATION_ERROR');
    });

    it('403 for a sign-in posted from a foreign origin (no login CSRF)', async () => {
      const res = await client(app).post('/api/auth/telegram', signWidget(widgetUser()), {
        origin: 'https://evil.example',
      });
      expect(res.status).toBe(403);
      expect(setsSession(res)).toBe(false);
    });
  });

  describe('POST /api/auth/telegram/miniapp and /miniapp/register', () => {
    it('404 TELEGRAM_NOT_LINKED, then 201 on register, then 200 on sign-in; a second register is 409', async () => {
      const tgUser = { id: freshId(), first_name: 'Olga', username: `olga_${nextId}` };
      const pairs = initData(tgUser);

      const first = client(app);
      const missing = await first.post('/api/auth/telegram/miniapp', pairs);
      expectError(missing, 404, 'TELEGRAM_NOT_LINKED');
      expect(setsSession(missing)).toBe(false);

      const registered = await first.post('/api/auth/telegram/miniapp/register', pairs);
      expect(registered.status).toBe(201);
      const user = json<User>(registered);
      expect(user).toMatchObject({ name: 'Olga', username: tgUser.username, email: null });
      expect(setsSession(registered)).toBe(true);
      expect(json<User>(await first.get('/api/auth/me')).id).toBe(user.id);

      const inside = client(app);
      const signedIn = await inside.post('/api/auth/telegram/miniapp', initData(tgUser));
      expect(signedIn.status).toBe(200);
      expect(json<User>(signedIn)).toEqual(user);
      expect(setsSession(signedIn)).toBe(true);

      const twice = await client(app).post('/api/auth/telegram/miniapp/register', initData(tgUser));
      expectError(twice, 409, 'IDENTITY_ALREADY_LINKED');
      expect(setsSession(twice)).toBe(false);
    });

    it('401 TELEGRAM_MINIAPP_AUTH_FAILED / TELEGRAM_MINIAPP_REGISTER_FAILED for bad init data', async () => {
      const tampered = initData({ id: freshId(), first_name: 'Eve' });
      tampered.user = tampered.user!.replace('Eve', 'Bob');
      const bad = [
        tampered,
        initData({ id: freshId(), first_name: 'Eve' }, { token: OTHER_TOKEN }),
        initData(
          { id: freshId(), first_name: 'Eve' },
          { authDate: new Date(Date.now() - (MAX_AGE + 30) * 1000) },
        ),
        (() => {
          const { hash: _hash, ...rest } = initData({ id: freshId(), first_name: 'Eve' });
          return rest;
        })(),
      ];
      for (const pairs of bad) {
        expectError(
          await client(app).post('/api/auth/telegram/miniapp', pairs),
          401,
          'TELEGRAM_MINIAPP_AUTH_FAILED',
        );
        expectError(
          await client(app).post('/api/auth/telegram/miniapp/register', pairs),
          401,
          'TELEGRAM_MINIAPP_REGISTER_FAILED',
        );
      }
    });

    it('refuses a validly signed 20-digit Telegram id: no account the bot could not act for', async () => {
      const pairs = initData({ id: Number('12345678901234567890'), first_name: 'Eve' });
      expectError(
        await client(app).post('/api/auth/telegram/miniapp/register', pairs),
        401,
        'TELEGRAM_MINIAPP_REGISTER_FAILED',
      );
    });

    it('400 for values that are not raw strings', async () => {
      const pairs = { ...initData({ id: freshId(), first_name: 'Eve' }), auth_date: now() };
      expectError(
        await client(app).post('/api/auth/telegram/miniapp', pairs),
        400,
        'VALIDATION_ERROR',
        'auth_date',
      );
    });
  });

  describe('POST /api/auth/telegram/link', () => {
    it('204 for an email account; again 204; the widget then signs in the same account', async () => {
      const { c, user, email } = await signUp(app, 'Linda');
      const fields = widgetUser();
      const res = await c.post('/api/auth/telegram/link', signWidget(fields));
      expect(res.status).toBe(204);
      expect(res.body).toBeUndefined();
      expect(
        (await c.post('/api/auth/telegram/link', signWidget({ ...fields, auth_date: now() }))).status,
      ).toBe(204);

      const web = client(app);
      const signedIn = await web.post('/api/auth/telegram', signWidget({ ...fields, auth_date: now() }));
      expect(signedIn.status).toBe(200);
      expect(json<User>(signedIn)).toMatchObject({ id: user.id, email });
      // The password still works too.
      expect((await client(app).post('/api/auth/login', { email, password: PASSWORD })).status).toBe(200);
    });

    it('409 IDENTITY_ALREADY_LINKED when the Telegram account belongs to another user', async () => {
      const fields = widgetUser();
      const owner = json<User>(await client(app).post('/api/auth/telegram', signWidget(fields)));
      const { c } = await signUp(app, 'Mallory');
      const res = await c.post('/api/auth/telegram/link', signWidget({ ...fields, auth_date: now() }));
      expectError(res, 409, 'IDENTITY_ALREADY_LINKED');
      expect(
        json<User>(await client(app).post('/api/auth/telegram', signWidget({ ...fields, auth_date: now() })))
          .id,
      ).toBe(owner.id);
    });

    it('links with mini-app init data as well', async () => {
      const { c, user } = await signUp(app, 'Mina');
      const tgUser = { id: freshId(), first_name: 'Mina' };
      expect((await c.post('/api/auth/telegram/link', initData(tgUser))).status).toBe(204);
      expect(json<User>(await client(app).post('/api/auth/telegram/miniapp', initData(tgUser))).id).toBe(
        user.id,
      );
    });

    it('400 TELEGRAM_LINK_FAILED for unverifiable data, 401 UNAUTHORIZED when signed out', async () => {
      const { c } = await signUp(app, 'Tess');
      expectError(
        await c.post('/api/auth/telegram/link', signWidget(widgetUser(), OTHER_TOKEN)),
        400,
        'TELEGRAM_LINK_FAILED',
      );
      expectError(
        await client(app).post('/api/auth/telegram/link', signWidget(widgetUser())),
        401,
        'UNAUTHORIZED',
      );
    });
  });
});

describe('REST Telegram sign-in without a bot configured', () => {
  const server = useServer();
  const app = () => server.app;

  it('answers 404 TELEGRAM_DISABLED on every call, and the providers say telegram: null', async () => {
    const payload = signWidget(widgetUser());
    const pairs = initData({ id: freshId(), first_name: 'Off' });
    expectError(await client(app).post('/api/auth/telegram', payload), 404, 'TELEGRAM_DISABLED');
    expectError(await client(app).post('/api/auth/telegram/miniapp', pairs), 404, 'TELEGRAM_DISABLED');
    expectError(
      await client(app).post('/api/auth/telegram/miniapp/register', pairs),
      404,
      'TELEGRAM_DISABLED',
    );
    const { c } = await signUp(app, 'Nobot');
    expectError(await c.post('/api/auth/telegram/link', payload), 404, 'TELEGRAM_DISABLED');
    expect(json<{ telegram: unknown }>(await client(app).get('/api/auth/providers')).telegram).toBeNull();
  });
});
