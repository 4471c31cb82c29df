import type { AddressInfo } from 'node:net';
import { createTestDatabase, type TestDatabase } from '@dolya/db/testing';
import { buildApp } from '@dolya/server';
import { loadConfig } from '@dolya/server/config';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { type Io, run } from '../src/cli';

export const ADMIN_TOKEN = 'admin-token-for-the-cli-tests-0123456789';
const ORIGIN = 'http://localhost:3000';

/** The real server (apps/server) on a fresh database, listening on 127.0.0.1 on a free port. */
export function useServer() {
  const holder = {} as { app: FastifyInstance; db: TestDatabase; url: string };
  beforeAll(async () => {
    holder.db = await createTestDatabase();
    const config = loadConfig({
      LOG_LEVEL: 'silent',
      PUBLIC_URL: ORIGIN,
      WEB_DIST: 'none',
      RATE_LIMIT_AUTH_PER_MINUTE: '0',
      // As in the server's and the bot's tests: load shedding off (a busy shared machine answered
      // the first sign-up 503), and no exchange rate provider (nothing calls the internet).
      MAX_EVENT_LOOP_DELAY_MS: '0',
      MAX_HEAP_USED_MB: '0',
      FX_RATES_URL: 'none',
      ADMIN_API_TOKEN: ADMIN_TOKEN,
    });
    holder.app = await buildApp(config, holder.db.db);
    await holder.app.listen({ host: '127.0.0.1', port: 0 });
    holder.url = `http://127.0.0.1:${(holder.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await holder.app?.close();
    await holder.db?.close();
  });
  return holder;
}

export interface Ran {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the CLI's main with captured output, against the given server. */
export async function cli(argv: string[], env: Record<string, string | undefined>): Promise<Ran> {
  let stdout = '';
  let stderr = '';
  const io: Io = {
    env,
    stdout: (text) => {
      stdout += text;
    },
    stderr: (text) => {
      stderr += text;
    },
  };
  const code = await run(argv, io);
  return { code, stdout, stderr };
}

/** A person using the web app, over the REST facade with their session cookie. */
export async function webUser(url: string, name: string, username?: string) {
  let cookie = '';
  const send = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${url}${path}`, {
      method,
      headers: {
        origin: ORIGIN,
        ...(cookie ? { cookie } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const set = res.headers.getSetCookie().find((c) => c.startsWith('dolya_session='));
    if (set) cookie = set.split(';')[0]!;
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined };
  };
  const email = `${name.toLowerCase().replace(/[^a-z]/g, '')}.${crypto.randomUUID().slice(0, 8)}@example.com`;
  const registered = await send('POST', '/api/auth/register', {
    name,
    email,
    password: 'correct horse',
    ...(username ? { username } : {}),
  });
  expect(registered.status).toBe(201);
  return { user: registered.body as { id: string; username: string; email: string }, send };
}
