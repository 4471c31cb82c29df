import { createTestDatabase, type TestDatabase } from '@dolya/db/testing';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';

export const ORIGIN = 'http://localhost:3000';

/**
 * The server's configuration for tests: quiet, API only, on ORIGIN. The per-IP limit on sign-in
 * attempts is off unless a test turns it on (rate-limit.test.ts); so is load shedding, which a busy
 * test machine would otherwise trip (load-shedding.test.ts).
 */
export function testConfig(env: Record<string, string> = {}) {
  return loadConfig({
    LOG_LEVEL: 'silent',
    PUBLIC_URL: ORIGIN,
    WEB_DIST: 'none',
    RATE_LIMIT_AUTH_PER_MINUTE: '0',
    MAX_EVENT_LOOP_DELAY_MS: '0',
    MAX_HEAP_USED_MB: '0',
    // Nothing calls the internet: a test that needs rates points this at its stand-in provider.
    FX_RATES_URL: 'none',
    ...env,
  });
}

/** The real server on a fresh database, driven through Fastify's inject (no socket needed). */
export function useServer(env: Record<string, string> = {}) {
  const holder = {} as { app: FastifyInstance; db: TestDatabase };
  beforeAll(async () => {
    holder.db = await createTestDatabase();
    const config = testConfig(env);
    holder.app = await buildApp(config, holder.db.db);
  });
  afterAll(async () => {
    await holder.app?.close();
    await holder.db?.close();
  });
  return holder;
}

/** A cookie-keeping client, like a browser on our own origin. */
export function client(app: () => FastifyInstance) {
  let cookie = '';
  const request = async (
    method: InjectOptions['method'],
    url: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ) => {
    const res = await app().inject({
      method,
      url,
      headers: {
        origin: ORIGIN,
        ...(cookie ? { cookie } : {}),
        ...(payload !== undefined ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      ...(payload !== undefined ? { payload: JSON.stringify(payload) } : {}),
    });
    const set = res.cookies.find((c) => c.name === 'dolya_session');
    if (set)
      cookie =
        set.value && new Date(set.expires ?? Date.now() + 1000) > new Date()
          ? `dolya_session=${set.value}`
          : '';
    return {
      status: res.statusCode,
      body: res.body ? safeJson(res.body) : undefined,
      headers: res.headers,
      raw: res,
    };
  };
  return {
    get: (url: string, headers?: Record<string, string>) => request('GET', url, undefined, headers),
    post: (url: string, payload?: unknown, headers?: Record<string, string>) =>
      request('POST', url, payload, headers),
    put: (url: string, payload?: unknown, headers?: Record<string, string>) =>
      request('PUT', url, payload, headers),
    delete: (url: string, headers?: Record<string, string>) => request('DELETE', url, undefined, headers),
    get cookie() {
      return cookie;
    },
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
