import { telegramInitData } from '../../lib/telegram/miniapp';

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

let launched = false;

/** Called at start: this page load is Telegram's launch (its URL carried the launch data). */
export function noteLaunch(isLaunch: boolean) {
  launched = isLaunch;
}

/**
 * The launch's link, to follow now: once, and only on the page load Telegram launched. A reload
 * of a later screen (the launch data then comes from storage) stays where it is.
 */
export function takeStartLink(): StartLink | null {
  if (!launched) return null;
  launched = false;
  return parseStartParam(launchStartParam());
}
