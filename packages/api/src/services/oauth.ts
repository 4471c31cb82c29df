import { randomBytes, timingSafeEqual } from 'node:crypto';
import { authChallenges, type Database, identities, users } from '@dolya/db';
import { cleanExternalName } from '@dolya/domain';
import { and, eq, lt } from 'drizzle-orm';
import * as client from 'openid-client';
import type { Context } from '../context';
import { uniqueViolation } from '../error-mapping';
import { AppError } from '../errors';
import {
  type ExternalIdentity,
  IDENTITY_PROVIDER,
  type OAuthProvider,
  providerClient,
} from './oauth-providers';
import { safeRedirect } from './safe-redirect';
import { createSession, deleteSession, hashToken } from './sessions';
import { findUserByEmail, freeUsername, type UserRow } from './users';

export type OAuthMode = 'signin' | 'link';

const STATE_PURPOSE = 'oauth-state';
const PENDING_PURPOSE = 'oauth-pending';
const STATE_TTL_MS = 10 * 60 * 1000;
const PENDING_TTL_MS = 15 * 60 * 1000;
export const OAUTH_STATE_MAX_AGE_SECONDS = STATE_TTL_MS / 1000;

/** Where each mode lands when no redirect target was given, and where its failures are shown. */
const HOME: Record<OAuthMode, string> = { signin: '/', link: '/account' };
const ERROR_PAGE: Record<OAuthMode, string> = { signin: '/login', link: '/account' };

/**
 * The `oauth_error` values a callback can end with: OAUTH_STATE_INVALID (missing, foreign, reused or
 * expired state), OAUTH_DENIED (the provider answered with an error, e.g. the person cancelled),
 * OAUTH_FAILED (code exchange or user info failed), IDENTITY_ALREADY_LINKED and UNAUTHORIZED (link
 * mode only), ACCOUNT_BLOCKED (sign-in to an account an admin blocked).
 */
export type OAuthErrorCode =
  | 'ACCOUNT_BLOCKED'
  | 'OAUTH_STATE_INVALID'
  | 'OAUTH_DENIED'
  | 'OAUTH_FAILED'
  | 'IDENTITY_ALREADY_LINKED'
  | 'UNAUTHORIZED';

interface StatePayload {
  provider: OAuthProvider;
  mode: OAuthMode;
  redirect: string;
  codeVerifier: string;
  nonce?: string;
}

interface PendingPayload {
  provider: OAuthProvider;
  subject: string;
  email: string | null;
  name: string | null;
  redirect: string;
}

function callbackUri(ctx: Context, provider: OAuthProvider): string {
  if (!ctx.config.publicUrl) throw new Error('publicUrl is not configured');
  return new URL(`/api/oauth/${provider}/callback`, ctx.config.publicUrl).href;
}

function errorLocation(mode: OAuthMode, code: OAuthErrorCode, redirect?: string): string {
  const query = new URLSearchParams({ oauth_error: code });
  // A failed sign-in keeps the target, so a second try still ends where the person wanted to go.
  if (mode === 'signin' && redirect && redirect !== HOME.signin) query.set('redirect', redirect);
  return `${ERROR_PAGE[mode]}?${query}`;
}

async function storeSecret(
  ctx: Context,
  purpose: string,
  secret: string,
  ttlMs: number,
  payload: object,
  userId: string | null = null,
) {
  const now = new Date();
  const { db } = ctx;
  // Expired secrets of earlier, abandoned flows go on the way.
  await db.delete(authChallenges).where(lt(authChallenges.expiresAt, now));
  await db.insert(authChallenges).values({
    purpose,
    secretHash: hashToken(ctx.config, secret),
    userId,
    payload: payload as Record<string, unknown>,
    expiresAt: new Date(now.getTime() + ttlMs),
  });
}

/** Single use: the row is deleted as it is read (expired or not; the caller checks `expired`). */
async function takeSecret(ctx: Context, purpose: string, secret: string) {
  if (!secret || secret.length > 200) return undefined;
  const [row] = await ctx.db
    .delete(authChallenges)
    .where(
      and(eq(authChallenges.purpose, purpose), eq(authChallenges.secretHash, hashToken(ctx.config, secret))),
    )
    .returning();
  return row && { ...row, expired: row.expiresAt.getTime() <= Date.now() };
}

export interface OAuthStart {
  /** Where to send the browser. */
  location: string;
  /** Set when the browser goes to the provider: bind it to the browser (httpOnly cookie). */
  state?: string;
}

/**
 * Begins a sign-in or link flow: state, PKCE verifier (and an ID token nonce for OpenID Connect)
 * are stored for 10 minutes, and the browser is sent to the provider. 404 when the provider is not
 * configured; link mode without a session goes to /login and back.
 */
export async function startOAuth(
  ctx: Context,
  provider: OAuthProvider,
  mode: OAuthMode,
  requestedRedirect: unknown,
): Promise<OAuthStart> {
  const redirect = safeRedirect(requestedRedirect, HOME[mode]);
  if (mode === 'link' && !ctx.user) {
    return { location: `/login?${new URLSearchParams({ redirect })}` };
  }
  let provided: Awaited<ReturnType<typeof providerClient>>;
  try {
    provided = await providerClient(ctx.config, provider);
  } catch {
    // The provider's discovery document could not be read.
    return { location: errorLocation(mode, 'OAUTH_FAILED', redirect) };
  }
  if (!provided) throw new AppError('NOT_FOUND', 'This sign-in provider is not configured');

  const state = client.randomState();
  const codeVerifier = client.randomPKCECodeVerifier();
  const nonce = provided.usesNonce ? client.randomNonce() : undefined;
  const payload: StatePayload = { provider, mode, redirect, codeVerifier, ...(nonce ? { nonce } : {}) };
  await storeSecret(ctx, STATE_PURPOSE, state, STATE_TTL_MS, payload, ctx.user?.id ?? null);
  const url = provided.authorizationUrl({
    redirectUri: callbackUri(ctx, provider),
    state,
    codeChallenge: await client.calculatePKCECodeChallenge(codeVerifier),
    ...(nonce ? { nonce } : {}),
  });
  return { location: url.href, state };
}

function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * The provider sent the browser back. The state must match the browser's cookie and a stored,
 * unexpired, unused flow of this provider; then the code is exchanged (with the PKCE verifier) and
 * the identity read. Always answers with a same-site location to send the browser to.
 */
export async function finishOAuth(
  ctx: Context,
  provider: OAuthProvider,
  query: URLSearchParams,
  cookieState: string | undefined,
): Promise<string> {
  const state = query.get('state') ?? '';
  if (!state || !cookieState || !sameSecret(state, cookieState)) {
    return errorLocation('signin', 'OAUTH_STATE_INVALID');
  }
  const row = await takeSecret(ctx, STATE_PURPOSE, state);
  const flow = row?.payload as StatePayload | undefined;
  if (!row || !flow || flow.provider !== provider) return errorLocation('signin', 'OAUTH_STATE_INVALID');
  const mode: OAuthMode = flow.mode === 'link' ? 'link' : 'signin';
  const redirect = safeRedirect(flow.redirect, HOME[mode]);
  const fail = (code: OAuthErrorCode) => errorLocation(mode, code, redirect);
  // Took longer than 10 minutes at the provider: start again (on the page the flow began from).
  if (row.expired) return fail('OAUTH_STATE_INVALID');

  if (query.has('error')) return fail('OAUTH_DENIED');
  let identity: ExternalIdentity;
  try {
    const provided = await providerClient(ctx.config, provider);
    if (!provided) throw new AppError('NOT_FOUND', 'This sign-in provider is not configured');
    const callbackUrl = new URL(callbackUri(ctx, provider));
    callbackUrl.search = query.toString();
    identity = await provided.identity(callbackUrl, {
      state,
      codeVerifier: flow.codeVerifier,
      ...(flow.nonce ? { nonce: flow.nonce } : {}),
    });
  } catch {
    return fail('OAUTH_FAILED');
  }

  if (mode === 'link') {
    if (!ctx.user || !row.userId || ctx.user.id !== row.userId) return fail('UNAUTHORIZED');
    const outcome = await linkIdentity(ctx.db, ctx.user.id, provider, identity);
    return outcome === 'linked' ? redirect : fail('IDENTITY_ALREADY_LINKED');
  }

  const owner = await identityOwner(ctx.db, provider, identity.subject);
  if (owner) {
    await refreshIdentity(ctx.db, provider, identity);
    try {
      await signIn(ctx, owner);
    } catch (error) {
      if (error instanceof AppError && error.appCode === 'ACCOUNT_BLOCKED') return fail('ACCOUNT_BLOCKED');
      throw error;
    }
    return redirect;
  }
  const token = randomBytes(32).toString('base64url');
  const pending: PendingPayload = { provider, ...identity, redirect };
  await storeSecret(ctx, PENDING_PURPOSE, token, PENDING_TTL_MS, pending);
  return `/login?${new URLSearchParams({ oauth_pending: '1', oauth_token: token })}`;
}

async function identityOwner(
  db: Database,
  provider: OAuthProvider,
  subject: string,
): Promise<string | undefined> {
  const [row] = await db
    .select({ userId: identities.userId })
    .from(identities)
    .where(and(eq(identities.provider, IDENTITY_PROVIDER[provider]), eq(identities.subject, subject)))
    .limit(1);
  return row?.userId;
}

/** The provider's current email and name shown in the linked-accounts list. */
async function refreshIdentity(db: Database, provider: OAuthProvider, identity: ExternalIdentity) {
  await db
    .update(identities)
    .set({ email: identity.email, displayName: cleanExternalName(identity.name ?? '') || identity.email })
    .where(
      and(eq(identities.provider, IDENTITY_PROVIDER[provider]), eq(identities.subject, identity.subject)),
    );
}

function identityRow(userId: string, provider: OAuthProvider, identity: ExternalIdentity) {
  return {
    userId,
    provider: IDENTITY_PROVIDER[provider],
    subject: identity.subject,
    email: identity.email,
    displayName: cleanExternalName(identity.name ?? '') || identity.email,
  };
}

/** 'linked' when the identity is (now or already) this user's; 'taken' when it is someone else's. */
async function linkIdentity(
  db: Database,
  userId: string,
  provider: OAuthProvider,
  identity: ExternalIdentity,
): Promise<'linked' | 'taken'> {
  const owner = await identityOwner(db, provider, identity.subject);
  if (owner) return owner === userId ? 'linked' : 'taken';
  try {
    await db.insert(identities).values(identityRow(userId, provider, identity));
    return 'linked';
  } catch (error) {
    if (uniqueViolation(error) === undefined) throw error;
    // Linked a moment ago by a parallel request: whoever won decides.
    return (await identityOwner(db, provider, identity.subject)) === userId ? 'linked' : 'taken';
  }
}

async function signIn(ctx: Context, userId: string) {
  // A session this browser had before (another account) ends: the cookie now names the new one.
  if (ctx.sessionToken) await deleteSession(ctx.db, ctx.config, ctx.sessionToken);
  const session = await createSession(ctx.db, ctx.config, userId);
  ctx.cookie.set(session.token, session.expiresAt);
}

function confirmFailed(): AppError {
  return new AppError('OAUTH_CONFIRM_FAILED', 'The sign-up link is invalid or expired; sign in again');
}

/**
 * The person agreed to create an account for a pending sign-up: the account (name from the
 * provider, a free username, the email when no one has it), its identity and a session. Single use;
 * an unknown, used or expired token is OAUTH_CONFIRM_FAILED.
 */
export async function confirmOAuth(
  ctx: Context,
  token: string,
): Promise<{ user: UserRow; redirect: string }> {
  const row = await takeSecret(ctx, PENDING_PURPOSE, token);
  const pending = row?.payload as PendingPayload | undefined;
  if (!row || row.expired || !pending?.subject || !pending.provider) throw confirmFailed();
  const identity: ExternalIdentity = { subject: pending.subject, email: pending.email, name: pending.name };
  const redirect = safeRedirect(pending.redirect, HOME.signin);

  // Signed up meanwhile through another pending link of the same person: sign in to that account.
  const owner = await identityOwner(ctx.db, pending.provider, identity.subject);
  const user = owner
    ? await userById(ctx.db, owner)
    : await createAccount(ctx.db, pending.provider, identity);
  if (!user) throw confirmFailed();
  await signIn(ctx, user.id);
  return { user, redirect };
}

async function userById(db: Database, id: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return user;
}

function displayNameFor(identity: ExternalIdentity): string {
  const name = cleanExternalName(identity.name ?? '').slice(0, 100);
  return name || identity.email?.split('@')[0]?.slice(0, 100) || 'User';
}

async function createAccount(
  db: Database,
  provider: OAuthProvider,
  identity: ExternalIdentity,
): Promise<UserRow | undefined> {
  let email = identity.email && !(await findUserByEmail(db, identity.email)) ? identity.email : null;
  const hint = identity.email?.split('@')[0] || identity.name || 'user';
  for (let attempt = 0; ; attempt++) {
    const username = await freeUsername(db, hint);
    try {
      return await db.transaction(async (tx) => {
        const [user] = await tx
          .insert(users)
          .values({ name: displayNameFor(identity), username, email })
          .returning();
        await tx.insert(identities).values(identityRow(user!.id, provider, identity));
        return user!;
      });
    } catch (error) {
      const constraint = uniqueViolation(error);
      if (constraint === undefined || attempt >= 3) throw error;
      if (constraint.includes('identities')) {
        const owner = await identityOwner(db, provider, identity.subject);
        return owner ? userById(db, owner) : undefined;
      }
      // Someone took the email or the free username a moment ago.
      if (constraint.includes('email')) email = null;
    }
  }
}
