import { createTestDatabase, type TestDatabase } from '@dolya/db/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { client, testConfig, useServer } from './harness';
import { signUp } from './helpers';
import { startSmtpStandIn } from './smtp-stand-in';

type Smtp = Awaited<ReturnType<typeof startSmtpStandIn>>;

/** A tRPC mutation as the web app posts it; answers status and the data or the error's code. */
async function mutate(c: ReturnType<typeof client>, path: string, input: unknown) {
  const res = await c.post(`/trpc/${path}`, input);
  const body = res.body as { result?: { data: unknown }; error?: { data?: { appCode?: string } } };
  return { status: res.status, data: body.result?.data, code: body.error?.data?.appCode };
}

describe('password reset by mail through SMTP_URL (an SMTP stand-in on 127.0.0.1)', () => {
  let smtp: Smtp;
  let app: FastifyInstance;
  let db: TestDatabase;

  beforeAll(async () => {
    smtp = await startSmtpStandIn();
    db = await createTestDatabase();
    app = await buildApp(
      testConfig({ SMTP_URL: smtp.smtpUrl, MAIL_FROM: 'Dolya <robot@dolya.test>' }),
      db.db,
    );
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
    await smtp?.close();
  });

  it('sends a Russian or English mail with a one-time link that sets the password and signs in', async () => {
    const ann = await signUp(() => app, 'Ann');
    const guest = client(() => app);
    expect(json(await guest.get('/trpc/auth.providers'))).toMatchObject({ passwordReset: true });
    expect(
      await mutate(guest, 'auth.requestPasswordReset', { email: ann.email, language: 'en' }),
    ).toMatchObject({
      status: 200,
      data: { ok: true },
    });
    const mail = await smtp.message(1);
    expect(mail.from?.value).toEqual([{ name: 'Dolya', address: 'robot@dolya.test' }]);
    expect(mail.to && 'text' in mail.to ? mail.to.text : '').toBe(ann.email);
    expect(mail.subject).toBe('Reset your Dolya password');
    const link = /http:\/\/localhost:3000\/reset-password#token=([\w-]+)/.exec(mail.text ?? '');
    expect(link, mail.text).not.toBeNull();
    expect(mail.html).toContain(link![0]);
    const token = link![1]!;
    const reset = await mutate(guest, 'auth.resetPassword', { token, newPassword: 'a new password' });
    expect(reset).toMatchObject({ status: 200, data: { id: ann.user.id } });
    expect((await guest.get('/api/auth/me')).status).toBe(200);
    expect((await ann.c.get('/api/auth/me')).status).toBe(401);
    expect(
      await mutate(
        client(() => app),
        'auth.resetPassword',
        { token, newPassword: 'again and again' },
      ),
    ).toMatchObject({
      status: 410,
      code: 'RESET_LINK_INVALID',
    });
    const login = await client(() => app).post('/api/auth/login', {
      email: ann.email,
      password: 'a new password',
    });
    expect(login.status).toBe(200);

    await mutate(guest, 'auth.requestPasswordReset', { email: ann.email, language: 'ru' });
    const russian = await smtp.message(2);
    expect(russian.subject).toBe('Сброс пароля в Доле');
    expect(russian.text).toContain('Здравствуйте, Ann!');
  });
});

describe('password reset without SMTP_URL', () => {
  const lines: string[] = [];
  const holder = {} as { app: FastifyInstance; db: TestDatabase };
  beforeAll(async () => {
    holder.db = await createTestDatabase();
    holder.app = await buildApp(testConfig({ LOG_LEVEL: 'info' }), holder.db.db, {
      logStream: { write: (line) => lines.push(line) },
    });
  });
  afterAll(async () => {
    await holder.app?.close();
    await holder.db?.close();
  });

  it('writes the link to the server log in development and tests', async () => {
    const ann = await signUp(() => holder.app, 'Ann');
    await mutate(
      client(() => holder.app),
      'auth.requestPasswordReset',
      { email: ann.email },
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    const line = lines.map((l) => JSON.parse(l)).find((l) => typeof l.link === 'string');
    expect(line).toMatchObject({
      to: ann.email,
      msg: expect.stringContaining('mail not sent (no SMTP_URL)'),
    });
    expect(line.link).toMatch(/^http:\/\/localhost:3000\/reset-password#token=[\w-]{43}$/);
  });
});

describe('password reset in production without SMTP_URL', () => {
  const server = useServer({
    NODE_ENV: 'production',
    SESSION_SECRET: '9f1c2b7e4a6d8f0e3b5c7a9d1e2f4a6b8c0d2e4f6a8b0c1d3e5f7a9b2c4d6e8f',
    PUBLIC_URL: 'https://dolya.example',
    SEED_DEMO: 'false',
  });

  it('is not offered: providers say so and the request is 404 PASSWORD_RESET_UNAVAILABLE', async () => {
    const guest = client(() => server.app);
    const providers = await server.app.inject({ method: 'GET', url: '/trpc/auth.providers' });
    expect(JSON.parse(providers.body).result.data).toMatchObject({ passwordReset: false });
    const res = await server.app.inject({
      method: 'POST',
      url: '/trpc/auth.requestPasswordReset',
      headers: { origin: 'https://dolya.example', 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'x@example.com' }),
    });
    expect(res.statusCode).toBe(404);
    expect(JSON.parse(res.body).error.data.appCode).toBe('PASSWORD_RESET_UNAVAILABLE');
    void guest;
  });
});

function json(res: { body: unknown }) {
  return (res.body as { result: { data: unknown } }).result.data;
}
