import { createHash, createHmac } from 'node:crypto';
import { identities, sessions, users } from '@dolya/db';
import { usernameSchema } from '@dolya/domain';
import { sign, signData } from '@telegram-apps/init-data-node';
import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type ApiConfig, browserActor, type Context, createCallerFactory } from '../src';
import { appRouter } from '../src/routers';
import { resolveSession } from '../src/services/sessions';
import { adminCaller } from './actors';
import { refusal } from './fixtures';
import { testConfig, useTestDatabase } from './harness';

const BOT_TOKEN = '123456789:AAtest-bot-token_for_tests';
const OTHER_TOKEN = '987654321:BBsome-other-bot-token';
const MAX_AGE = 3600;
const config: ApiConfig = {
  ...testConfig,
  telegram: { botToken: BOT_TOKEN, botUsername: 'dolya_test_bot', authMaxAgeSeconds: MAX_AGE },
};

const db = useTestDatabase();
const createCaller = createCallerFactory(appRouter);

/** A browser-like caller that keeps the session cookie the procedures set. */
function browser(withConfig: ApiConfig = config) {
  let token: string | undefined;
  const call = async () => {
    const resolved = await resolveSession(db.current.db, withConfig, token);
    const context: Context = {
      db: db.current.db,
      config: withConfig,
      actor: browserActor(resolved?.user ?? null),
      user: resolved?.user ?? null,
      sessionToken: token,
      ip: '127.0.0.1',
      cookie: {
        set: (value) => {
          token = value;
        },
        clear: () => {
          token = undefined;
        },
      },
    };
    return createCaller(context);
  };
  return {
    call,
    get token() {
      return token;
    },
  };
}

const now = () => Math.floor(Date.now() / 1000);
let nextId = 700_000_000;
const freshId = () => nextId++;

/**
 * Signs a login widget payload as Telegram does (https://core.telegram.org/widgets/login):
 * data-check-string = "key=value" of every field but hash, sorted, joined by "\n";
 * hash = hex HMAC-SHA-256 of it with SHA-256(bot token) as the key.
 */
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
  return {
    id: freshId(),
    first_name: 'Tanya',
    last_name: 'Orlova',
    username: `tanya_${nextId}`,
    photo_url: 'https://t.me/i/userpic/320/tanya.jpg',
    auth_date: now(),
    ...overrides,
  };
}

/** Mini-app init data signed with the library, as the server receives it: the raw pairs. */
function initData(
  user: Record<string, unknown>,
  options: { token?: string; authDate?: Date } = {},
): Record<string, string> {
  const query = sign(
    { user, query_id: 'AAHdF6IQAAAAAN0XohDhrOrc', chat_instance: '-4242', chat_type: 'private' } as never,
    options.token ?? BOT_TOKEN,
    options.authDate ?? new Date(),
  );
  return Object.fromEntries(new URLSearchParams(query));
}

async function userCount() {
  const [row] = await db.current.db.select({ n: count() }).from(users);
  return row!.n;
}

async function telegramIdentities(subject: string) {
  return db.current.db
    .select()
    .from(identities)
    .where(and(eq(identities.provider, 'TELEGRAM'), eq(identities.subject, subject)));
}

async function emailAccount(name = 'Mail') {
  const b = browser();
  const user = await (await b.call()).auth.register({
    name,
    email: `${name.toLowerCase()}-${freshId()}@example.com`,
    password: 'secret-password',
  });
  return { ...b, user };
}

describe('telegram.login (login widget)', () => {
  it('creates the account on first use, signs it in, and signs the same account in later', async () => {
    const fields = widgetUser({ username: 'tanya_orlova' });
    const before = await userCount();
    const first = browser();
    const user = await (await first.call()).telegram.login(signWidget(fields));
    expect(user).toEqual({
      id: expect.any(String),
      name: 'Tanya Orlova',
      username: 'tanya_orlova',
      email: null,
      telegramUsername: 'tanya_orlova',
    });
    expect(await userCount()).toBe(before + 1);
    expect(first.token).toBeDefined();
    expect(await (await first.call()).auth.me()).toEqual(user);
    expect(await telegramIdentities(String(fields.id))).toEqual([
      expect.objectContaining({ userId: user.id, displayName: '@tanya_orlova', email: null }),
    ]);

    // Later, from another browser, with a newer payload (the name changed in Telegram meanwhile).
    const later = browser();
    const again = await (await later.call()).telegram.login(
      signWidget({ ...fields, first_name: 'Tatiana', auth_date: now() }),
    );
    expect(again.id).toBe(user.id);
    expect(await userCount()).toBe(before + 1);
    expect(await telegramIdentities(String(fields.id))).toHaveLength(1);
    expect(later.token).toBeDefined();
    expect(later.token).not.toBe(first.token);
    expect((await (await later.call()).auth.me()).id).toBe(user.id);
  });

  it('accepts the id and auth_date as the strings or the numbers the widget gives', async () => {
    const fields = widgetUser();
    const asStrings = Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, String(v)]));
    const a = await (await browser().call()).telegram.login(signWidget(asStrings));
    const b = await (await browser().call()).telegram.login(signWidget(fields));
    expect(b.id).toBe(a.id);
  });

  it('gives a free, valid username when the Telegram one is taken or missing', async () => {
    const taken = await emailAccount('Owner');
    const clash = await (await browser().call()).telegram.login(
      signWidget(widgetUser({ username: taken.user.username.toUpperCase() })),
    );
    expect(clash.username.toLowerCase()).not.toBe(taken.user.username.toLowerCase());
    expect(clash.telegramUsername).toBe(taken.user.username.toUpperCase());

    const { username: _none, last_name: _last, ...noUsername } = widgetUser({ first_name: 'Пётр' });
    const cyrillic = await (await browser().call()).telegram.login(signWidget(noUsername));
    expect(cyrillic).toMatchObject({ name: 'Пётр', telegramUsername: null });
    for (const user of [clash, cyrillic]) expect(usernameSchema.safeParse(user.username).success).toBe(true);
  });

  it('uses the values exactly as received: unusual characters and fields unknown to us still verify', async () => {
    const fields = widgetUser({
      first_name: ' Zoë & "Co" =+%\\n ',
      last_name: 'O’Brien',
      photo_url: 'https://t.me/i/userpic/320/a+b%2F=.jpg',
      new_widget_field: 'x=y',
    });
    const user = await (await browser().call()).telegram.login(signWidget(fields));
    expect(user.name).toBe('Zoë & "Co" =+%\\n O’Brien');
  });

  describe('refuses with 401 TELEGRAM_AUTH_FAILED, creating nothing and signing nobody in', () => {
    const cases: Record<string, () => Record<string, string | number>> = {
      'a tampered name': () => ({ ...signWidget(widgetUser()), first_name: 'Mallory' }),
      'a tampered id': () => {
        const signed = signWidget(widgetUser());
        return { ...signed, id: Number(signed.id) + 1 };
      },
      'a field added after signing': () => ({ ...signWidget(widgetUser()), username: 'admin' }),
      'a field removed after signing': () => {
        const { photo_url: _photo, ...rest } = signWidget(widgetUser());
        return rest;
      },
      'an expired auth_date': () => signWidget(widgetUser({ auth_date: now() - MAX_AGE - 60 })),
      'an auth_date far in the future': () => signWidget(widgetUser({ auth_date: now() + 3600 })),
      'an auth_date that is no number': () => signWidget(widgetUser({ auth_date: 'yesterday' })),
      'a missing auth_date': () => {
        const { auth_date: _date, ...rest } = widgetUser();
        return signWidget(rest);
      },
      'a missing hash': () => {
        const { hash: _hash, ...rest } = signWidget(widgetUser());
        return rest;
      },
      'an empty hash': () => ({ ...signWidget(widgetUser()), hash: '' }),
      'the hash of another bot': () => signWidget(widgetUser(), OTHER_TOKEN),
      'a hash one character short': () => {
        const signed = signWidget(widgetUser());
        return { ...signed, hash: signed.hash.slice(0, -1) };
      },
      'a hash twice as long': () => {
        const signed = signWidget(widgetUser());
        return { ...signed, hash: signed.hash + signed.hash };
      },
      'the hash in upper case': () => {
        const signed = signWidget(widgetUser());
        return { ...signed, hash: signed.hash.toUpperCase() };
      },
      'a hash with one digit changed': () => {
        const signed = signWidget(widgetUser());
        const last = signed.hash.at(-1) === '0' ? '1' : '0';
        return { ...signed, hash: signed.hash.slice(0, -1) + last };
      },
      'a fractional id': () => signWidget(widgetUser({ id: 1.5 })),
      'no id': () => {
        const { id: _id, ...rest } = widgetUser();
        return signWidget(rest);
      },
      'mini-app init data': () => initData({ id: freshId(), first_name: 'Mini' }),
    };

    it.each(Object.keys(cases))('%s', async (name) => {
      const before = await userCount();
      const b = browser();
      const error = await refusal((await b.call()).telegram.login(cases[name]!() as never));
      expect(error.appCode).toBe('TELEGRAM_AUTH_FAILED');
      expect(error.status).toBe(401);
      expect(b.token).toBeUndefined();
      expect(await userCount()).toBe(before);
    });
  });

  it('still accepts an auth_date a few seconds in the future (clock skew) and just inside the window', async () => {
    await expect(
      (await browser().call()).telegram.login(signWidget(widgetUser({ auth_date: now() + 20 }))),
    ).resolves.toMatchObject({ email: null });
    await expect(
      (await browser().call()).telegram.login(signWidget(widgetUser({ auth_date: now() - MAX_AGE + 60 }))),
    ).resolves.toMatchObject({ email: null });
  });

  it('answers 404 TELEGRAM_DISABLED when no bot is configured, for every Telegram call', async () => {
    const disabled = browser(testConfig);
    const call = await disabled.call();
    const payload = signWidget(widgetUser());
    const pairs = initData({ id: freshId(), first_name: 'Off' });
    for (const attempt of [
      call.telegram.login(payload),
      call.telegram.miniapp(pairs),
      call.telegram.miniappRegister(pairs),
    ]) {
      const error = await refusal(attempt);
      expect({ code: error.appCode, status: error.status }).toEqual({
        code: 'TELEGRAM_DISABLED',
        status: 404,
      });
    }
    const mail = await emailAccount();
    const signedIn = browser(testConfig);
    await (await signedIn.call()).auth.login({ email: mail.user.email!, password: 'secret-password' });
    expect((await refusal((await signedIn.call()).telegram.link(payload))).appCode).toBe('TELEGRAM_DISABLED');
    expect(await telegramIdentities(String(payload.id))).toEqual([]);
  });

  it('creates one account when two first sign-ins of the same Telegram account race', async () => {
    const fields = widgetUser();
    const before = await userCount();
    const [a, b] = await Promise.all([
      (await browser().call()).telegram.login(signWidget(fields)),
      (await browser().call()).telegram.login(signWidget(fields)),
    ]);
    expect(a.id).toBe(b.id);
    expect(await userCount()).toBe(before + 1);
  });

  it('rejects a payload that is not an object of strings and numbers as bad input', async () => {
    const call = await browser().call();
    for (const bad of [null, 'id=1', [1, 2], { id: { nested: true } }]) {
      expect((await refusal(call.telegram.login(bad as never))).appCode).toBe('VALIDATION_ERROR');
    }
  });
});

describe('telegram.miniapp and telegram.miniappRegister (init data)', () => {
  it('answers 404 TELEGRAM_NOT_LINKED for a valid but unknown Telegram account, and signs nobody in', async () => {
    const b = browser();
    const before = await userCount();
    const error = await refusal(
      (await b.call()).telegram.miniapp(initData({ id: freshId(), first_name: 'New' })),
    );
    expect({ code: error.appCode, status: error.status }).toEqual({
      code: 'TELEGRAM_NOT_LINKED',
      status: 404,
    });
    expect(b.token).toBeUndefined();
    expect(await userCount()).toBe(before);
  });

  it('registers once, signs in, then the mini app signs the same account in; registering again is 409', async () => {
    const tgUser = { id: freshId(), first_name: 'Mini', last_name: 'App', username: 'mini_app_user' };
    const registering = browser();
    const before = await userCount();
    const created = await (await registering.call()).telegram.miniappRegister(initData(tgUser));
    expect(created).toMatchObject({
      name: 'Mini App',
      username: 'mini_app_user',
      telegramUsername: 'mini_app_user',
    });
    expect(registering.token).toBeDefined();
    expect((await (await registering.call()).auth.me()).id).toBe(created.id);
    expect(await userCount()).toBe(before + 1);

    const inside = browser();
    const signedIn = await (await inside.call()).telegram.miniapp(initData(tgUser));
    expect(signedIn).toEqual(created);
    expect((await (await inside.call()).auth.me()).id).toBe(created.id);

    const twice = browser();
    const error = await refusal((await twice.call()).telegram.miniappRegister(initData(tgUser)));
    expect({ code: error.appCode, status: error.status }).toEqual({
      code: 'IDENTITY_ALREADY_LINKED',
      status: 409,
    });
    expect(twice.token).toBeUndefined();
    expect(await userCount()).toBe(before + 1);

    // The login widget of the same Telegram account reaches the same account.
    const web = await (await browser().call()).telegram.login(
      signWidget({ id: tgUser.id, first_name: 'Mini', auth_date: now() }),
    );
    expect(web.id).toBe(created.id);
  });

  it('verifies the raw strings: a user JSON with escaped slashes, as Telegram sends it, is accepted', async () => {
    const id = freshId();
    const raw = {
      query_id: 'AAHdF6IQAAAAAN0XohDhrOrc',
      user: `{"id":${id},"first_name":"Ann\\u00e9","last_name":"","username":"annie_${id}","language_code":"en","allows_write_to_pm":true,"photo_url":"https:\\/\\/t.me\\/i\\/userpic\\/320\\/x.svg"}`,
      auth_date: String(now()),
      signature: 'c2lnbmF0dXJl',
    };
    const dataCheckString = Object.entries(raw)
      .map(([k, v]) => `${k}=${v}`)
      .sort()
      .join('\n');
    const pairs = { ...raw, hash: signData(dataCheckString, BOT_TOKEN) };
    // The same pairs after a trip through a query string, as the web sends them.
    const query = new URLSearchParams(pairs).toString();
    const user = await (await browser().call()).telegram.miniappRegister(
      Object.fromEntries(new URLSearchParams(query)),
    );
    expect(user).toMatchObject({ name: 'Anné', username: `annie_${id}` });
    // Re-serialising the user JSON (the escapes vanish) breaks the hash.
    const reserialised = { ...pairs, user: JSON.stringify(JSON.parse(raw.user)) };
    expect((await refusal((await browser().call()).telegram.miniapp(reserialised))).appCode).toBe(
      'TELEGRAM_MINIAPP_AUTH_FAILED',
    );
  });

  const invalid: Record<string, () => Record<string, string>> = {
    'a tampered user': () => {
      const pairs = initData({ id: freshId(), first_name: 'Eve' });
      return { ...pairs, user: pairs.user!.replace('Eve', 'Adam') };
    },
    'another bot’s data': () => initData({ id: freshId(), first_name: 'Eve' }, { token: OTHER_TOKEN }),
    'expired data': () =>
      initData(
        { id: freshId(), first_name: 'Eve' },
        { authDate: new Date(Date.now() - (MAX_AGE + 60) * 1000) },
      ),
    'data from the future': () =>
      initData({ id: freshId(), first_name: 'Eve' }, { authDate: new Date(Date.now() + 3600_000) }),
    'a missing hash': () => {
      const { hash: _hash, ...rest } = initData({ id: freshId(), first_name: 'Eve' });
      return rest;
    },
    'a short hash': () => {
      const pairs = initData({ id: freshId(), first_name: 'Eve' });
      return { ...pairs, hash: pairs.hash!.slice(2) };
    },
    'a widget payload': () => {
      const signed = signWidget(widgetUser());
      return Object.fromEntries(Object.entries(signed).map(([k, v]) => [k, String(v)]));
    },
    'no user in the data': () => {
      const query = sign({ query_id: 'AAH' } as never, BOT_TOKEN, new Date());
      return Object.fromEntries(new URLSearchParams(query));
    },
  };

  it.each(Object.keys(invalid))(
    'refuses %s: 401 TELEGRAM_MINIAPP_AUTH_FAILED / _REGISTER_FAILED',
    async (name) => {
      const before = await userCount();
      const b = browser();
      const signIn = await refusal((await b.call()).telegram.miniapp(invalid[name]!()));
      expect({ code: signIn.appCode, status: signIn.status }).toEqual({
        code: 'TELEGRAM_MINIAPP_AUTH_FAILED',
        status: 401,
      });
      const register = await refusal((await b.call()).telegram.miniappRegister(invalid[name]!()));
      expect({ code: register.appCode, status: register.status }).toEqual({
        code: 'TELEGRAM_MINIAPP_REGISTER_FAILED',
        status: 401,
      });
      expect(b.token).toBeUndefined();
      expect(await userCount()).toBe(before);
    },
  );
});

describe('telegram.link', () => {
  it('links the widget’s Telegram account to an email account; the widget then signs that account in', async () => {
    const mail = await emailAccount('Linker');
    const fields = widgetUser({ username: 'linker_tg' });
    const before = await userCount();
    await expect((await mail.call()).telegram.link(signWidget(fields))).resolves.toEqual({ ok: true });
    expect(await telegramIdentities(String(fields.id))).toEqual([
      expect.objectContaining({ userId: mail.user.id }),
    ]);
    // The empty Telegram username of the profile is filled in.
    expect((await (await mail.call()).auth.me()).telegramUsername).toBe('linker_tg');

    // Linking again to the same account is fine and changes nothing.
    await expect(
      (await mail.call()).telegram.link(signWidget({ ...fields, auth_date: now() })),
    ).resolves.toEqual({
      ok: true,
    });
    expect(await telegramIdentities(String(fields.id))).toHaveLength(1);

    const web = browser();
    const user = await (await web.call()).telegram.login(signWidget({ ...fields, auth_date: now() }));
    expect(user).toMatchObject({ id: mail.user.id, email: mail.user.email });
    expect(await userCount()).toBe(before);

    // And the mini app finds it too.
    const inside = await (await browser().call()).telegram.miniapp(
      initData({ id: fields.id, first_name: 'Linker' }),
    );
    expect(inside.id).toBe(mail.user.id);
  });

  it('keeps a Telegram username the profile already has', async () => {
    const mail = await emailAccount('Keeper');
    await (await mail.call()).auth.updateProfile({
      name: 'Keeper',
      username: mail.user.username,
      telegramUsername: 'chosen_name',
    });
    await (await mail.call()).telegram.link(signWidget(widgetUser({ username: 'other_name' })));
    expect((await (await mail.call()).auth.me()).telegramUsername).toBe('chosen_name');
  });

  it('links with mini-app init data too', async () => {
    const mail = await emailAccount('Inside');
    const id = freshId();
    await (await mail.call()).telegram.link(initData({ id, first_name: 'Inside' }));
    expect((await (await browser().call()).telegram.miniapp(initData({ id, first_name: 'Inside' }))).id).toBe(
      mail.user.id,
    );
  });

  it('is 409 IDENTITY_ALREADY_LINKED when the Telegram account belongs to someone else, and moves nothing', async () => {
    const fields = widgetUser();
    const owner = await (await browser().call()).telegram.login(signWidget(fields));
    const mail = await emailAccount('Thief');
    const error = await refusal(
      (await mail.call()).telegram.link(signWidget({ ...fields, auth_date: now() })),
    );
    expect({ code: error.appCode, status: error.status }).toEqual({
      code: 'IDENTITY_ALREADY_LINKED',
      status: 409,
    });
    expect(await telegramIdentities(String(fields.id))).toEqual([
      expect.objectContaining({ userId: owner.id }),
    ]);
    const emailLinked = await emailAccount('Other');
    const other = widgetUser();
    await (await emailLinked.call()).telegram.link(signWidget(other));
    const again = await refusal(
      (await mail.call()).telegram.link(initData({ id: other.id, first_name: 'X' })),
    );
    expect(again.appCode).toBe('IDENTITY_ALREADY_LINKED');
  });

  it('refuses unverifiable data with TELEGRAM_LINK_FAILED and a signed-out caller with UNAUTHORIZED', async () => {
    const mail = await emailAccount('Careful');
    const fields = widgetUser();
    for (const bad of [
      { ...signWidget(fields), first_name: 'Changed' },
      signWidget(fields, OTHER_TOKEN),
      signWidget({ ...fields, auth_date: now() - MAX_AGE - 60 }),
      { ...initData({ id: fields.id, first_name: 'X' }), hash: 'f'.repeat(64) },
    ]) {
      const error = await refusal((await mail.call()).telegram.link(bad));
      expect(error.appCode).toBe('TELEGRAM_LINK_FAILED');
    }
    expect(await telegramIdentities(String(fields.id))).toEqual([]);
    const anonymous = browser();
    expect((await refusal((await anonymous.call()).telegram.link(signWidget(fields)))).appCode).toBe(
      'UNAUTHORIZED',
    );
    expect(await telegramIdentities(String(fields.id))).toEqual([]);
  });
});

describe('sessions', () => {
  it('a Telegram sign-in creates exactly one session for the account', async () => {
    const fields = widgetUser();
    const user = await (await browser().call()).telegram.login(signWidget(fields));
    const rows = await db.current.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows).toHaveLength(1);
  });
});

describe('a blocked account', () => {
  it('cannot sign in with the login widget nor in the mini app; unblocked, it can', async () => {
    const tgUser = { id: freshId(), first_name: 'Blocked', username: `blocked_${nextId}` };
    const user = await (await browser().call()).telegram.login(signWidget({ ...tgUser, auth_date: now() }));
    await adminCaller(db.current.db).admin.users.block({ userId: user.id });

    const widget = browser();
    const byWidget = await refusal(
      (await widget.call()).telegram.login(signWidget({ ...tgUser, auth_date: now() })),
    );
    const miniApp = browser();
    const inside = await refusal((await miniApp.call()).telegram.miniapp(initData(tgUser)));
    expect([byWidget.appCode, inside.appCode]).toEqual(['ACCOUNT_BLOCKED', 'ACCOUNT_BLOCKED']);
    expect([widget.token, miniApp.token]).toEqual([undefined, undefined]);
    expect(await db.current.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);

    await adminCaller(db.current.db).admin.users.unblock({ userId: user.id });
    expect((await (await miniApp.call()).telegram.miniapp(initData(tgUser))).id).toBe(user.id);
  });
});
