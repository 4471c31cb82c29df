import type { AddressInfo } from 'node:net';
import { type Database, identities } from '@dolya/db';
import { createTestDatabase, type TestDatabase } from '@dolya/db/testing';
import { buildApp } from '@dolya/server';
import { loadConfig } from '@dolya/server/config';
import type { FastifyInstance } from 'fastify';

export const BOT_API_SECRET = 'bot-api-secret-for-the-worker-tests-0123456789';
const ORIGIN = 'http://localhost:3000';

export interface DolyaServer {
  url: string;
  db: Database;
  /** The database's connection string (a second instance's pool opens it too); undefined on PGlite. */
  databaseUrl: string | undefined;
  /** A person signed up through the REST API, as a browser does, with a web session. */
  signUp(name: string): Promise<Person>;
  close(): Promise<void>;
}

export interface Person {
  userId: string;
  name: string;
  /** The browser: REST calls with the session cookie from our own origin. */
  web: WebClient;
  /** Links a Telegram id to the account, as the Telegram sign-in does (a TELEGRAM identity). */
  linkTelegram(telegramId: number): Promise<void>;
  /** A group made through the REST API, with seats without accounts for the other names. */
  createGroup(name: string, others: string[], currency?: string): Promise<GroupInfo>;
  /** An invite link to a group this person administers (its token). */
  invite(groupId: string): Promise<string>;
  /** Takes a seat of a group through an invite link, as the invite page does. */
  claimSeat(inviteToken: string, memberId: string): Promise<void>;
}

export interface GroupInfo {
  id: string;
  name: string;
  /** The member id of the seat with this name. */
  seat(name: string): string;
}

export interface WebClient {
  get<T>(path: string): Promise<T>;
  post<T>(path: string, body?: unknown): Promise<T>;
}

/** The real Dolya server (buildApp) on a fresh PostgreSQL database, listening on 127.0.0.1. */
export async function startDolyaServer(env: Record<string, string> = {}): Promise<DolyaServer> {
  const database: TestDatabase = await createTestDatabase();
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    PUBLIC_URL: ORIGIN,
    WEB_DIST: 'none',
    RATE_LIMIT_AUTH_PER_MINUTE: '0',
    // Load shedding off, as in the server's own tests: a busy test machine must not look overloaded.
    MAX_EVENT_LOOP_DELAY_MS: '0',
    MAX_HEAP_USED_MB: '0',
    // Nothing calls the internet: a test that needs rates points this at its stand-in provider.
    FX_RATES_URL: 'none',
    BOT_API_SECRET,
    ...env,
  });
  const app: FastifyInstance = await buildApp(config, database.db);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  let people = 0;

  async function signUp(name: string): Promise<Person> {
    const cookieJar = { value: '' };
    const web = webClient(url, cookieJar);
    const email = `person${++people}.${Date.now().toString(36)}@example.com`;
    const user = await web.post<{ id: string }>('/api/auth/register', {
      name,
      email,
      password: 'correct horse',
    });
    return {
      userId: user.id,
      name,
      web,
      linkTelegram: async (telegramId) => {
        await database.db
          .insert(identities)
          .values({ userId: user.id, provider: 'TELEGRAM', subject: String(telegramId) });
      },
      createGroup: async (groupName, others, currency = 'RUB') => {
        const { id } = await web.post<{ id: string }>('/api/groups', {
          name: groupName,
          currency,
          users: others.map((other) => ({ name: other })),
        });
        const group = await web.get<{ users: { memberId: string; name: string }[] }>(`/api/groups/${id}`);
        const seats = new Map(group.users.map((u) => [u.name, u.memberId]));
        const seat = (seatName: string) => {
          const memberId = seats.get(seatName);
          if (!memberId) throw new Error(`No seat "${seatName}" in ${groupName}`);
          return memberId;
        };
        return { id, name: groupName, seat };
      },
      invite: async (groupId) => (await web.post<{ token: string }>(`/api/invites/group/${groupId}`)).token,
      claimSeat: async (inviteToken, memberId) => {
        await web.post(`/api/invites/${inviteToken}/claim/${memberId}`);
      },
    };
  }

  return {
    url,
    db: database.db,
    databaseUrl: database.url,
    signUp,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

function webClient(base: string, jar: { value: string }): WebClient {
  async function send<T>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: {
        origin: ORIGIN,
        ...(jar.value ? { cookie: jar.value } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith('dolya_session='));
    if (cookie) jar.value = cookie.split(';')[0]!;
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  }
  return { get: (path) => send('GET', path), post: (path, body) => send('POST', path, body) };
}
