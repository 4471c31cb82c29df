import { z } from 'zod';

/**
 * A Telegram user id: a positive integer that Telegram keeps within 52 bits, so it is exact as a
 * JavaScript number. One rule for every door a Telegram id comes in by (the login widget, the
 * mini app's init data, the bot acting for a user), so an account is never made for an id the
 * bot could not act for.
 */
export function isTelegramUserId(value: string | number): boolean {
  const text = String(value);
  return /^[1-9][0-9]{0,15}$/.test(text) && Number.isSafeInteger(Number(text));
}

/** A Telegram user id as decimal text; a JSON number is taken too. */
export const telegramUserIdSchema = z
  .union([z.string(), z.number()])
  .transform(String)
  .refine(isTelegramUserId, 'a Telegram user id: a positive integer below 2^53');
