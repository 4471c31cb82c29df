import type { Database } from '@dolya/db';

export interface OAuthProviderConfig {
  clientId: string;
  clientSecret: string;
}

export interface ApiConfig {
  /** Key for hashing session tokens at rest. */
  sessionSecret: string;
  sessionTtlDays: number;
  /** The origin people use (passkey relying party, OAuth redirect URIs). */
  publicUrl?: string;
  /** Google (OpenID Connect); absent when GOOGLE_CLIENT_ID is not set. */
  google?: OAuthProviderConfig & { issuer: string };
  /** Yandex (OAuth 2.0); absent when YANDEX_CLIENT_ID is not set. */
  yandex?: OAuthProviderConfig & { authorizeUrl: string; tokenUrl: string; userInfoUrl: string };
  /** Telegram login widget and mini app; absent when TELEGRAM_BOT_TOKEN is not set. */
  telegram?: { botToken: string; botUsername: string; authMaxAgeSeconds: number };
  /** Sign-in attempts allowed per minute from one address; absent or 0 turns the limit off. */
  signInAttemptsPerMinute?: number;
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
