/** Invite links (spec §2, §5, §9): pure helpers shared by the settings section and /invite/{token}. */
import type { ErrorCode, RouterOutputs } from '../../lib/api-types';

export const SECONDS_PER_DAY = 86_400;
/** How long the "copied" confirmation shows (spec §9). */
export const COPY_FEEDBACK_MS = 900;
/** Pause before re-creating a link whose validation failed (spec §5, §9). */
export const RECREATE_DELAY_MS = 150;
/** Pause after joining or claiming before going to the group (spec §5). */
export const JOIN_NAVIGATE_DELAY_MS = 300;
/** Member names on the invite page are cut to this many characters plus an ellipsis (spec §9). */
export const NAME_LIMIT = 15;
export const INVITE_HINT_COOKIE = 'dolyaInviteHintSeen';
export const INVITE_HINT_MAX_AGE = 365 * SECONDS_PER_DAY;

/**
 * The lifetime field (days) as ttlSeconds: floored, never below 0; empty, 0 or not a number means
 * "never expires", which is sent as no ttlSeconds at all (undefined).
 */
export function lifetimeToTtlSeconds(days: string): number | undefined {
  const text = days.trim();
  if (text === '') return undefined;
  const value = Number(text.replace(',', '.'));
  if (!Number.isFinite(value)) return undefined;
  const whole = Math.max(0, Math.floor(value));
  return whole === 0 ? undefined : whole * SECONDS_PER_DAY;
}

export function inviteUrl(origin: string, token: string): string {
  return `${origin}/invite/${encodeURIComponent(token)}`;
}

/** Cuts a name to NAME_LIMIT characters (not UTF-16 units) plus '…'. */
export function truncateName(name: string, limit = NAME_LIMIT): string {
  const chars = Array.from(name);
  return chars.length > limit ? `${chars.slice(0, limit).join('')}…` : name;
}

export function isHintDismissed(cookie: string = document.cookie): boolean {
  return cookie.split(';').some((part) => part.trim().startsWith(`${INVITE_HINT_COOKIE}=`));
}

export function dismissHint(doc: Document = document) {
  doc.cookie = `${INVITE_HINT_COOKIE}=1; max-age=${INVITE_HINT_MAX_AGE}; path=/; samesite=lax`;
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export type InviteLink = Pick<RouterOutputs['invites']['create'], 'token' | 'expiresAt'>;

export interface InviteApi {
  create(ttlSeconds?: number): Promise<InviteLink>;
  revoke(): Promise<unknown>;
  /** Resolves when the token is a live invite; rejects with the API error otherwise. */
  validate(token: string): Promise<unknown>;
  /** The API code of a failed call, e.g. 'INVITE_INVALID'. */
  codeOf(error: unknown): ErrorCode | undefined;
}

/**
 * Refresh (spec §5): revoke the old link (a failure is not fatal), create one with no expiry and
 * validate it; if that says INVITE_INVALID, wait 150 ms, revoke and create again.
 */
export async function refreshInvite(api: InviteApi): Promise<InviteLink> {
  await api.revoke().catch(() => undefined);
  const fresh = await api.create();
  try {
    await api.validate(fresh.token);
    return fresh;
  } catch (error) {
    if (api.codeOf(error) !== 'INVITE_INVALID') return fresh;
  }
  await sleep(RECREATE_DELAY_MS);
  await api.revoke().catch(() => undefined);
  return api.create();
}
