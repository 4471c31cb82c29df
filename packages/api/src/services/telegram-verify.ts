import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { isTelegramUserId, telegramUserIdSchema } from '@dolya/domain';
import { signData, validate } from '@telegram-apps/init-data-node';
import { z } from 'zod';

/** How far in the future an auth_date may lie (the clocks of Telegram and this server differ a little). */
export const AUTH_DATE_SKEW_SECONDS = 60;

/** The Telegram account a verified payload speaks for. */
export interface TelegramProfile {
  /** Telegram's user id, as a decimal string: the identity's subject. */
  id: string;
  firstName: string;
  lastName: string | undefined;
  username: string | undefined;
}

export type TelegramRefusal =
  | 'missing_hash'
  | 'bad_hash'
  | 'bad_auth_date'
  | 'expired'
  | 'from_the_future'
  | 'bad_user';

/** Why a payload was refused; the procedures turn it into their own catalogue code. */
export class TelegramVerificationError extends Error {
  constructor(readonly reason: TelegramRefusal) {
    super(`Telegram data refused: ${reason}`);
    this.name = 'TelegramVerificationError';
  }
}

/** The login widget payload as sent: the raw values, numbers only where the widget gives numbers. */
export type WidgetPayload = Record<string, string | number>;

const HEX_HASH = /^[0-9a-f]{64}$/;

/**
 * Checks a login widget payload (https://core.telegram.org/widgets/login#checking-authorization):
 * the data-check-string is every received field but `hash`, as `key=value` lines sorted by key,
 * and the hash is its HMAC-SHA-256 keyed by SHA-256 of the bot token. The values are used exactly as
 * received; a JSON number (the widget's id and auth_date) is written back as its integer digits.
 */
export function verifyWidgetPayload(
  payload: WidgetPayload,
  botToken: string,
  maxAgeSeconds: number,
  now: number = Date.now(),
): TelegramProfile {
  const fields = new Map<string, string>();
  for (const [key, value] of Object.entries(payload)) {
    if (typeof value === 'number') {
      // Only integers are ever numbers in the widget's payload; anything else cannot be written
      // back to the exact text Telegram signed.
      if (!Number.isSafeInteger(value)) throw new TelegramVerificationError('bad_hash');
      fields.set(key, String(value));
    } else fields.set(key, value);
  }
  const hash = fields.get('hash');
  if (!hash) throw new TelegramVerificationError('missing_hash');
  fields.delete('hash');

  const dataCheckString = [...fields.keys()]
    .sort(byCodePoint)
    .map((key) => `${key}=${fields.get(key)}`)
    .join('\n');
  const secret = createHash('sha256').update(botToken).digest();
  const expected = createHmac('sha256', secret).update(dataCheckString).digest('hex');
  if (!sameHex(expected, hash)) throw new TelegramVerificationError('bad_hash');

  checkAuthDate(fields.get('auth_date'), maxAgeSeconds, now);

  const id = fields.get('id');
  const firstName = fields.get('first_name');
  if (!id || !isTelegramUserId(id) || firstName === undefined)
    throw new TelegramVerificationError('bad_user');
  return {
    id,
    firstName,
    lastName: fields.get('last_name') || undefined,
    username: fields.get('username') || undefined,
  };
}

const miniAppUser = z.object({
  id: telegramUserIdSchema,
  first_name: z.string().default(''),
  last_name: z.string().optional(),
  username: z.string().optional(),
});

/**
 * Checks mini-app init data (https://core.telegram.org/bots/webapps#validating-data-received-via-the-mini-app):
 * the pairs exactly as the client read them from `Telegram.WebApp.initData`, never re-encoded. The hash
 * is HMAC-SHA-256 keyed by HMAC-SHA-256("WebAppData", bot token), computed by @telegram-apps/init-data-node.
 */
export function verifyMiniAppData(
  pairs: Record<string, string>,
  botToken: string,
  maxAgeSeconds: number,
  now: number = Date.now(),
): TelegramProfile {
  const hash = pairs.hash;
  if (!hash) throw new TelegramVerificationError('missing_hash');
  const params = new URLSearchParams(Object.entries(pairs));

  // The library compares the hash with `!==`; compare it here in constant time first.
  const dataCheckString = [...params.entries()]
    .filter(([key]) => key !== 'hash')
    .map(([key, value]) => `${key}=${value}`)
    .sort(byCodePoint)
    .join('\n');
  if (!sameHex(signData(dataCheckString, botToken), hash)) throw new TelegramVerificationError('bad_hash');

  checkAuthDate(pairs.auth_date, maxAgeSeconds, now);
  try {
    // The library's own check (signature, auth_date, expiry) must agree.
    validate(params, botToken, { expiresIn: maxAgeSeconds });
  } catch {
    throw new TelegramVerificationError('bad_hash');
  }

  let user: z.infer<typeof miniAppUser>;
  try {
    user = miniAppUser.parse(JSON.parse(pairs.user ?? ''));
  } catch {
    throw new TelegramVerificationError('bad_user');
  }
  return {
    id: String(user.id),
    firstName: user.first_name,
    lastName: user.last_name || undefined,
    username: user.username || undefined,
  };
}

/** Looks like mini-app init data (raw strings with a `user` JSON field) rather than a widget payload (an `id`). */
export function isMiniAppData(payload: WidgetPayload): payload is Record<string, string> {
  const values = Object.values(payload);
  return typeof payload.user === 'string' && !('id' in payload) && values.every((v) => typeof v === 'string');
}

function checkAuthDate(raw: string | undefined, maxAgeSeconds: number, now: number) {
  if (!raw || !/^[0-9]{1,12}$/.test(raw)) throw new TelegramVerificationError('bad_auth_date');
  const ageSeconds = now / 1000 - Number(raw);
  if (ageSeconds > maxAgeSeconds) throw new TelegramVerificationError('expired');
  if (ageSeconds < -AUTH_DATE_SKEW_SECONDS) throw new TelegramVerificationError('from_the_future');
}

/** Constant-time comparison of our lower-case hex digest with what the client sent. */
function sameHex(expected: string, received: string): boolean {
  if (!HEX_HASH.test(received)) return false;
  return timingSafeEqual(Buffer.from(expected, 'hex'), Buffer.from(received, 'hex'));
}

function byCodePoint(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
