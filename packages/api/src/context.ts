import type { Database } from '@dolya/db';

export interface ApiConfig {
  /** Key for hashing session tokens at rest. */
  sessionSecret: string;
  sessionTtlDays: number;
}

export interface AuthUser {
  id: string;
  name: string;
  username: string;
  email: string | null;
  telegramUsername: string | null;
  sessionId: string;
}

/** How procedures set or clear the session cookie without knowing the HTTP framework. */
export interface SessionCookie {
  set(token: string, expiresAt: Date): void;
  clear(): void;
}

export interface Context {
  db: Database;
  config: ApiConfig;
  user: AuthUser | null;
  sessionToken: string | undefined;
  cookie: SessionCookie;
  ip: string;
}
