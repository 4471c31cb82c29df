import type { AddressInfo } from 'node:net';
import { identities } from '@dolya/db';
import { createTestDatabase, type TestDatabase } from '@dolya/db/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { ORIGIN, useServer } from './harness';

/**
 * The bot and admin scripts over real HTTP: the server listens on 127.0.0.1 on a fresh database,
 * and every request goes through fetch, as the bot's and the admin CLI's tRPC clients send them.
 */
const BOT_SECRET = 'bot-secret-for-tests-0123456789abcdef';
const ADMIN_TOKEN = 'admin-token-for-tests-0123456789abcdef';

let app: FastifyInstance;
let database: TestDatabase;
let base: string;

beforeAll(async () => {
  database = await createTestDatabase();
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    PUBLIC_URL: ORIGIN,
    WEB_DIST: 'none',
    RATE_LIMIT_AUTH_PER_MINUTE: '0',
    // Off, as in the harness: a busy test machine's event loop lags (load-shedding.test.ts tests it).
    MAX_EVENT_LOOP_DELAY_MS: '0',
    MAX_HEAP_USED_MB: '0',
    BOT_API_SECRET: BOT_SECRET,
    ADMIN_API_TOKEN: ADMIN_TOKEN,
  });
  app = await buildApp(config, database.db);
  await app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

interface Answer {
  status: number;
  body: unknown;
  cookie: string | undefined;
}

async function send(method: string, path: string, headers: Record<string, string>, body?: unknown) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('dolya_session='));
  return {
    status: res.status,
    body: text ? JSON.parse(text) : undefined,
    cookie: cookie?.split(';')[0],
  } as Answer;
}

const query = (path: string, input: unknown, headers: Record<string, string>) =>
  send(
    'GET',
    `/trpc/${path}${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`}`,
    headers,
  );
const mutate = (path: string, input: unknown, headers: Record<string, string>) =>
  send('POST', `/trpc/${path}`, headers, input ?? {});

const bot = (telegramUserId: string, secret = BOT_SECRET) => ({
  authorization: `Bearer ${secret}`,
  'x-telegram-user-id': telegramUserId,
});
const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };
const browser = (cookie?: string) => ({ origin: ORIGIN, ...(cookie ? { cookie } : {}) });

const data = <T>(answer: Answer) => {
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return (answer.body as { result: { data: T } }).result.data;
};
const appCode = (answer: Answer) =>
  [answer.status, (answer.body as { error: { data: { appCode: string } } }).error.data.appCode] as const;

let telegramIds = 800_000_000;

/** A person with a web session (REST sign-up), a group with one seat more, and a linked Telegram id. */
async function person(name: string) {
  const email = `${name.toLowerCase()}.${Date.now().toString(36)}${telegramIds}@example.com`;
  const signUp = await send('POST', '/api/auth/register', browser(), {
    name,
    email,
    password: 'correct horse',
  });
  expect(signUp.status).toBe(201);
  const user = signUp.body as { id: string; username: string };
  const cookie = signUp.cookie!;
  const created = await send('POST', '/api/groups', browser(cookie), {
    name: `${name}'s trip`,
    users: [{ name: 'Pal' }],
  });
  const groupId = (created.body as { id: string }).id;
  const group = (await send('GET', `/api/groups/${groupId}`, browser(cookie))).body as {
    users: { memberId: string; isCurrentUser: boolean }[];
  };
  const telegramId = String(++telegramIds);
  await database.db.insert(identities).values({ userId: user.id, provider: 'TELEGRAM', subject: telegramId });
  return { user, cookie, groupId, seat: group.users.find((u) => u.isCurrentUser)!.memberId, telegramId };
}

describe('the bot: Authorization: Bearer BOT_API_SECRET and x-telegram-user-id', () => {
  it('acts as the linked account: lists its groups, records an expense, reads balances', async () => {
    const ann = await person('Ann');
    const groups = data<{ id: string }[]>(await query('groups.list', undefined, bot(ann.telegramId)));
    expect(groups.map((g) => g.id)).toEqual([ann.groupId]);
    const created = data<{ id: string }>(
      await mutate(
        'expenses.create',
        { groupId: ann.groupId, name: 'From the bot', amountCents: 1250, paidById: ann.seat },
        bot(ann.telegramId),
      ),
    );
    const listed = (await send('GET', `/api/groups/${ann.groupId}/expenses`, browser(ann.cookie))).body as {
      id: string;
      createdById: string;
    }[];
    expect(listed.find((e) => e.id === created.id)).toMatchObject({ createdById: ann.seat });
    expect(
      data<{ members: unknown[] }>(await query('balances.get', { groupId: ann.groupId }, bot(ann.telegramId)))
        .members,
    ).toHaveLength(2);
    expect(data(await query('bot.whoami', undefined, bot(ann.telegramId)))).toMatchObject({
      linked: true,
      user: { id: ann.user.id, username: ann.user.username },
    });
  });

  it('is refused in a group the account is not in, and everything but its short list', async () => {
    const ann = await person('Ann');
    const bob = await person('Bob');
    expect(appCode(await query('groups.get', { groupId: ann.groupId }, bot(bob.telegramId)))).toEqual([
      404,
      'GROUP_NOT_FOUND',
    ]);
    expect(appCode(await query('auth.me', undefined, bot(bob.telegramId)))).toEqual([403, 'FORBIDDEN']);
    expect(appCode(await mutate('groups.delete', { groupId: bob.groupId }, bot(bob.telegramId)))).toEqual([
      403,
      'FORBIDDEN',
    ]);
    expect(appCode(await query('admin.stats', undefined, bot(bob.telegramId)))).toEqual([403, 'FORBIDDEN']);
  });

  it('for an unlinked Telegram user: TELEGRAM_NOT_LINKED, and bot.whoami says so', async () => {
    expect(appCode(await query('groups.list', undefined, bot('123456789012')))).toEqual([
      404,
      'TELEGRAM_NOT_LINKED',
    ]);
    expect(data(await query('bot.whoami', undefined, bot('123456789012')))).toEqual({
      linked: false,
      telegramUserId: '123456789012',
    });
  });

  it('without a Telegram user id: 400 VALIDATION_ERROR', async () => {
    const answer = await query('bot.whoami', undefined, { authorization: `Bearer ${BOT_SECRET}` });
    expect(appCode(answer)).toEqual([400, 'VALIDATION_ERROR']);
  });

  it('without a Telegram user id: the inbox works, an account’s procedures answer 400', async () => {
    const senderless = { authorization: `Bearer ${BOT_SECRET}` };
    const updateId = ++telegramIds;
    const update = { update_id: updateId, channel_post: { message_id: 1, text: 'hi' } };
    expect(data(await mutate('bot.updates.record', { updateId, update }, senderless))).toEqual({
      fresh: true,
    });
    expect(data(await mutate('bot.updates.record', { updateId, update }, senderless))).toEqual({
      fresh: false,
    });
    expect(data(await mutate('bot.updates.done', { updateId }, senderless))).toEqual({ ok: true });
    const ann = await person('Ann');
    for (const answer of [
      await query('groups.list', undefined, senderless),
      await query('bot.chat.get', { chatId: '-100123' }, senderless),
      await mutate(
        'expenses.create',
        { groupId: ann.groupId, name: 'x', amountCents: 100, paidById: ann.seat },
        senderless,
      ),
    ]) {
      expect(appCode(answer)).toEqual([400, 'VALIDATION_ERROR']);
    }
    // A browser session is no bot, whatever it sends.
    expect(appCode(await mutate('bot.updates.record', { updateId, update }, browser(ann.cookie)))).toEqual([
      403,
      'FORBIDDEN',
    ]);
  });

  it('turns a message into a draft and saves it once, however often Save is sent', async () => {
    const ann = await person('Ann');
    const input = {
      chatId: ann.telegramId,
      messageId: '17',
      groupId: ann.groupId,
      proposal: {
        name: 'Пицца',
        amountCents: 120000,
        payerId: ann.seat,
        participantIds: [ann.seat],
        sourceText: 'пицца 1200',
      },
    };
    const created = data<{ draft: { id: string }; created: boolean }>(
      await mutate('bot.drafts.create', input, bot(ann.telegramId)),
    );
    expect(created.created).toBe(true);
    expect(
      data<{ created: boolean }>(await mutate('bot.drafts.create', input, bot(ann.telegramId))).created,
    ).toBe(false);
    const saves = await Promise.all(
      [1, 2, 3].map(() => mutate('bot.drafts.save', { draftId: created.draft.id }, bot(ann.telegramId))),
    );
    const outcomes = saves.map((answer) => data<{ outcome: string }>(answer).outcome).sort();
    expect(outcomes).toEqual(['already_saved', 'already_saved', 'saved']);
    const listed = (await send('GET', `/api/groups/${ann.groupId}/expenses`, browser(ann.cookie)))
      .body as unknown[];
    expect(listed).toHaveLength(1);
    // The web reads the draft (prefill), but may not save it through the bot's procedure.
    expect(
      data<{ status: string }>(await query('drafts.get', { draftId: created.draft.id }, browser(ann.cookie)))
        .status,
    ).toBe('saved');
    expect(
      appCode(await mutate('bot.drafts.save', { draftId: created.draft.id }, browser(ann.cookie))),
    ).toEqual([403, 'FORBIDDEN']);
  });

  it('works through the REST facade too', async () => {
    const ann = await person('Ann');
    const groups = await send('GET', '/api/groups', bot(ann.telegramId));
    expect(groups.status).toBe(200);
    expect((groups.body as { id: string }[]).map((g) => g.id)).toEqual([ann.groupId]);
  });
});

describe('secrets from a browser are ignored', () => {
  it('with an Origin header the bot secret counts for nothing: anonymous, or the session cookie', async () => {
    const ann = await person('Ann');
    const withOrigin = { ...bot(ann.telegramId), origin: ORIGIN };
    expect(appCode(await query('groups.list', undefined, withOrigin))).toEqual([401, 'UNAUTHORIZED']);
    expect(appCode(await query('admin.stats', undefined, { ...admin, origin: ORIGIN }))).toEqual([
      401,
      'UNAUTHORIZED',
    ]);
    const asSession = { ...withOrigin, cookie: ann.cookie };
    expect(data<unknown[]>(await query('groups.list', undefined, asSession))).toHaveLength(1);
    // The session is no bot.
    expect(appCode(await query('bot.whoami', undefined, asSession))).toEqual([403, 'FORBIDDEN']);
    expect(
      appCode(
        await query('groups.list', undefined, { ...bot(ann.telegramId), 'sec-fetch-site': 'same-origin' }),
      ),
    ).toEqual([401, 'UNAUTHORIZED']);
  });
});

describe('a wrong bearer', () => {
  it('answers 401 UNAUTHORIZED on tRPC and REST, even with a valid cookie', async () => {
    const ann = await person('Ann');
    for (const authorization of [
      'Bearer wrong',
      `Bearer ${BOT_SECRET}x`,
      `Bearer ${ADMIN_TOKEN.slice(1)}`,
      'Bearer ',
    ]) {
      expect(appCode(await query('groups.list', undefined, { authorization, cookie: ann.cookie }))).toEqual([
        401,
        'UNAUTHORIZED',
      ]);
    }
    const rest = await send('GET', '/api/groups', { authorization: 'Bearer wrong' });
    expect(rest).toMatchObject({ status: 401, body: { code: 'UNAUTHORIZED' } });
  });

  it('leaves other schemes (a proxy’s Basic auth) alone', async () => {
    const ann = await person('Ann');
    const answer = await query('groups.list', undefined, {
      authorization: 'Basic dXNlcjpwYXNz',
      cookie: ann.cookie,
    });
    expect(data<unknown[]>(answer)).toHaveLength(1);
  });
});

describe('an admin script: Authorization: Bearer ADMIN_API_TOKEN', () => {
  it('calls the admin procedures, queries and mutations', async () => {
    const ann = await person('Ann');
    expect(data<{ users: number }>(await query('admin.stats', undefined, admin)).users).toBeGreaterThan(0);
    expect(data(await mutate('admin.users.block', { userId: ann.user.id }, admin))).toMatchObject({
      sessionsEnded: 1,
    });
    expect(appCode(await query('groups.list', undefined, browser(ann.cookie)))).toEqual([
      401,
      'UNAUTHORIZED',
    ]);
    expect(appCode(await query('groups.list', undefined, bot(ann.telegramId)))).toEqual([
      403,
      'ACCOUNT_BLOCKED',
    ]);
    data(await mutate('admin.users.unblock', { userId: ann.user.id }, admin));
  });

  it('is refused everything else with 403 FORBIDDEN, even with a session cookie beside it', async () => {
    const ann = await person('Ann');
    expect(appCode(await query('groups.list', undefined, { ...admin, cookie: ann.cookie }))).toEqual([
      403,
      'FORBIDDEN',
    ]);
    expect(appCode(await mutate('auth.logout', undefined, admin))).toEqual([403, 'FORBIDDEN']);
    expect(await send('GET', `/api/groups/${ann.groupId}`, admin)).toMatchObject({
      status: 403,
      body: { code: 'FORBIDDEN' },
    });
  });
});

describe('Idempotency-Key on the REST creates', () => {
  it('POST /api/groups, /api/groups/{id}/expenses and /api/groups/{id}/members answer a retry with the first result', async () => {
    const ann = await person('Ann');
    const headers = (key: string) => ({ ...browser(ann.cookie), 'idempotency-key': key });
    const groupBody = { name: 'Once', users: [{ name: 'Pal' }] };
    const g1 = await send('POST', '/api/groups', headers('group-key-1'), groupBody);
    const g2 = await send('POST', '/api/groups', headers('group-key-1'), groupBody);
    expect([g1.status, g2.status]).toEqual([201, 201]);
    expect(g2.body).toEqual(g1.body);
    const mine = (await send('GET', '/api/groups', browser(ann.cookie))).body as { name: string }[];
    expect(mine.filter((g) => g.name === 'Once')).toHaveLength(1);

    const expense = { name: 'Lunch', amount: 30, paidById: ann.seat };
    const e1 = await send('POST', `/api/groups/${ann.groupId}/expenses`, headers('expense-key-1'), expense);
    const e2 = await send('POST', `/api/groups/${ann.groupId}/expenses`, headers('expense-key-1'), expense);
    expect([e1.status, e2.status, e2.body]).toEqual([201, 201, e1.body]);
    const expenses = (await send('GET', `/api/groups/${ann.groupId}/expenses`, browser(ann.cookie)))
      .body as unknown[];
    expect(expenses).toHaveLength(1);

    const seat = { name: 'Zoe', isAdmin: false };
    const m1 = await send('POST', `/api/groups/${ann.groupId}/members`, headers('member-key-1'), seat);
    const m2 = await send('POST', `/api/groups/${ann.groupId}/members`, headers('member-key-1'), seat);
    expect([m1.status, m2.status, m2.body]).toEqual([201, 201, m1.body]);
  });

  it('answers 409 CONFLICT for the key with another body, and 400 for a malformed key', async () => {
    const ann = await person('Ann');
    const headers = (key: string) => ({ ...browser(ann.cookie), 'idempotency-key': key });
    await send('POST', '/api/groups', headers('conflict-key'), { name: 'First' });
    const conflict = await send('POST', '/api/groups', headers('conflict-key'), { name: 'Second' });
    expect(conflict).toMatchObject({ status: 409, body: { code: 'CONFLICT', field: 'idempotencyKey' } });
    const bad = await send('POST', '/api/groups', headers('short'), { name: 'Third' });
    expect(bad).toMatchObject({ status: 400, body: { code: 'VALIDATION_ERROR', field: 'idempotencyKey' } });
  });
});

describe('configuration of the two secrets', () => {
  it('fails fast naming the variable when a secret is shorter than 32 characters or both are the same', () => {
    expect(() => loadConfig({ BOT_API_SECRET: 'short' })).toThrow(
      /BOT_API_SECRET: use at least 32 characters/,
    );
    expect(() => loadConfig({ ADMIN_API_TOKEN: 'short' })).toThrow(
      /ADMIN_API_TOKEN: use at least 32 characters/,
    );
    expect(() => loadConfig({ BOT_API_SECRET: BOT_SECRET, ADMIN_API_TOKEN: BOT_SECRET })).toThrow(
      /ADMIN_API_TOKEN: must differ from BOT_API_SECRET/,
    );
    expect(loadConfig({ BOT_API_SECRET: '', ADMIN_API_TOKEN: '' })).toMatchObject({
      botApiSecret: undefined,
      adminApiToken: undefined,
    });
  });

  describe('a server without them', () => {
    const server = useServer();
    it('refuses any bearer with 401: a missing secret disables its client', async () => {
      for (const authorization of [`Bearer ${BOT_SECRET}`, `Bearer ${ADMIN_TOKEN}`]) {
        const res = await server.app.inject({
          method: 'GET',
          url: '/api/groups',
          headers: { authorization },
        });
        expect(res.statusCode).toBe(401);
      }
    });
  });
});
