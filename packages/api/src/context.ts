import type { Database } from '@dolya/db';
import type { TelegramSender } from './telegram/sender';

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
  /**
   * Where mail goes (password reset links): SMTP, or the server's log in development; absent in
   * production without SMTP_URL, and then resetting a forgotten password is not offered.
   */
  mailer?: Mailer;
  /** The exchange rate provider (Frankfurter v2, FX_RATES_URL); absent: rates are only typed. */
  fxRatesUrl?: string;
  /** How long a call to it may take; default 3 s. */
  fxTimeoutMs?: number;
  /** The server's way to send through the bot (reminders, weekly summaries); absent without a bot token. */
  telegramSender?: TelegramSender;
}

/** One message to one person; `link` is the message's one link, which a log mailer writes down. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  link: string;
}

/** Sends mail; it never rejects (a failure is the mailer's to log), so a caller need not wait for it. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export interface AuthUser {
  id: string;
  name: string;
  username: string;
  email: string | null;
  telegramUsername: string | null;
  /** The session the browser signed in with; null when the bot acts for the account. */
  sessionId: string | null;
}

/**
 * Who is calling. A browser without a session is anonymous; with the session cookie it acts as its
 * account. The bot presents BOT_API_SECRET and the Telegram user it acts for, resolved to the linked
 * account (null when that Telegram user has linked none); an update without a sender (a channel
 * post, say) comes without a Telegram user, which only the bot's own procedures accept. Admin
 * scripts present ADMIN_API_TOKEN. Which actor may call which procedure: trpc.ts.
 */
export type Actor =
  | { kind: 'anonymous' }
  | { kind: 'session'; user: AuthUser }
  | { kind: 'bot'; telegramUserId: string; user: AuthUser | null }
  | { kind: 'bot'; telegramUserId: null; user: null }
  | { kind: 'admin' };

/** A browser's actor: its session's account, or anonymous without one. */
export function browserActor(user: AuthUser | null): Actor {
  return user ? { kind: 'session', user } : { kind: 'anonymous' };
}

/** The Dolya account an actor acts as: the session's, or the bot's linked one. */
export function actingUser(actor: Actor): AuthUser | null {
  return actor.kind === 'session' || actor.kind === 'bot' ? actor.user : null;
}

/** How procedures set or clear the session cookie without knowing the HTTP framework. */
export interface SessionCookie {
  set(token: string, expiresAt: Date): void;
  clear(): void;
}

export interface Context {
  db: Database;
  config: ApiConfig;
  actor: Actor;
  /** Always actingUser(actor), kept beside it so procedures read the account directly. */
  user: AuthUser | null;
  sessionToken: string | undefined;
  cookie: SessionCookie;
  ip: string;
}
