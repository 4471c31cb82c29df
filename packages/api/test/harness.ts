import { type ApiConfig, browserActor, type Context, createCallerFactory } from '@dolya/api';
import { createTestDatabase, type TestDatabase } from '@dolya/db/testing';
import { afterAll, beforeAll } from 'vitest';
import { appRouter } from '../src/routers';
import { resolveSession } from '../src/services/sessions';

const createCaller = createCallerFactory(appRouter);
export const testConfig = { sessionSecret: 'test-secret-test-secret-test-secret', sessionTtlDays: 30 };

/** A fresh migrated database for the current test file (PostgreSQL when reachable, else PGlite). */
export function useTestDatabase(): { readonly current: TestDatabase } {
  const holder = {} as { current: TestDatabase };
  beforeAll(async () => {
    holder.current = await createTestDatabase();
  });
  afterAll(async () => {
    await holder.current?.close();
  });
  return holder;
}

/** A caller that behaves like a browser: it keeps the session cookie the procedures set. */
export async function browser(db: TestDatabase['db'], config: ApiConfig = testConfig) {
  let token: string | undefined;
  const context = async (): Promise<Context> => {
    const resolved = await resolveSession(db, config, token);
    return {
      db,
      config,
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
  };
  return {
    /** A caller bound to the current session state. */
    call: async () => createCaller(await context()),
    get token() {
      return token;
    },
  };
}

let counter = 0;
/** Registers a fresh user and returns a caller signed in as them. */
export async function signUp(db: TestDatabase['db'], name = 'User', config: ApiConfig = testConfig) {
  counter += 1;
  const b = await browser(db, config);
  const suffix = `${Date.now().toString(36)}${counter}`;
  const user = await (await b.call()).auth.register({
    name,
    email: `${name.toLowerCase().replace(/[^a-z]/g, '') || 'user'}${suffix}@example.com`,
    password: 'secret-password',
  });
  return { user, call: b.call, browser: b };
}
