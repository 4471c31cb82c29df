import { telegramInitData } from './miniapp';

/**
 * Where a `startapp` link asks the mini app to open (https://t.me/<bot>/<app>?startapp=...).
 * Telegram allows only [A-Za-z0-9_-] there; ids are UUIDs (dashes allowed) and invite tokens
 * base64url.
 */
export type StartLink =
  | { kind: 'group'; groupId: string }
  | { kind: 'draft'; draftId: string }
  | { kind: 'invite'; token: string };

const START_LINK = /^(group|draft|invite)_([A-Za-z0-9_-]{1,200})$/;

/** The link a start parameter names, or null for anything else (nothing to open then). */
export function parseStartParam(value: string | null | undefined): StartLink | null {
  const match = START_LINK.exec(value ?? '');
  if (!match) return null;
  const [, kind, id] = match as unknown as [string, 'group' | 'draft' | 'invite', string];
  if (kind === 'group') return { kind, groupId: id };
  if (kind === 'draft') return { kind, draftId: id };
  return { kind, token: id };
}

/** The start parameter of this launch, as signed in its init data (Telegram puts it there too). */
export function launchStartParam(): string | null {
  return new URLSearchParams(telegramInitData()).get('start_param');
}

/** Marks which launch's link was followed, so a reload of the page does not follow it again. */
const FOLLOWED_KEY = 'dolya.startLinkFollowed';

/**
 * The link to follow now: once per launch. A launch is told apart by its init data's signature,
 * which Telegram makes afresh every time the app is opened, so the same link opened again later
 * in the same tab is followed again.
 */
export function takeStartLink(storage: Storage = sessionStorage): StartLink | null {
  const link = parseStartParam(launchStartParam());
  if (!link) return null;
  const launch = new URLSearchParams(telegramInitData()).get('hash') ?? telegramInitData();
  try {
    if (storage.getItem(FOLLOWED_KEY) === launch) return null;
    storage.setItem(FOLLOWED_KEY, launch);
  } catch {
    // Without storage a reload may follow the link again; that is all.
  }
  return link;
}
