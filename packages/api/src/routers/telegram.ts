import { z } from 'zod';
import type { Context } from '../context';
import { AppError, type ErrorCode } from '../errors';
import { createSession } from '../services/sessions';
import {
  createTelegramAccount,
  findTelegramUser,
  linkTelegram,
  signInOrCreate,
  telegramConfig,
} from '../services/telegram';
import {
  isMiniAppData,
  type TelegramProfile,
  TelegramVerificationError,
  verifyMiniAppData,
  verifyWidgetPayload,
  type WidgetPayload,
} from '../services/telegram-verify';
import { publicUser, type UserRow } from '../services/users';
import { authedProcedure, publicProcedure, router } from '../trpc';

const fieldName = z.string().max(64);
const limited = <T extends z.ZodType<Record<string, unknown>>>(schema: T) =>
  schema.refine((value) => Object.keys(value).length <= 32, 'Too many fields');

/** The login widget's payload (id, first_name, last_name?, username?, photo_url?, auth_date, hash). */
const widgetInput = limited(z.record(fieldName, z.union([z.string().max(2048), z.number()])));
/** Mini-app init data as `Object.fromEntries(new URLSearchParams(initData))`: raw strings only. */
const initDataInput = limited(z.record(fieldName, z.string().max(8192)));

type Bot = ReturnType<typeof telegramConfig>;

/** A verified Telegram account, or the procedure's own failure code (the reason stays in the log). */
function verified(code: ErrorCode, check: () => TelegramProfile): TelegramProfile {
  try {
    return check();
  } catch (error) {
    if (error instanceof TelegramVerificationError)
      throw new AppError(code, 'Telegram data could not be verified');
    throw error;
  }
}

const widget = (bot: Bot, payload: WidgetPayload) => () =>
  verifyWidgetPayload(payload, bot.botToken, bot.authMaxAgeSeconds);
const miniApp = (bot: Bot, pairs: Record<string, string>) => () =>
  verifyMiniAppData(pairs, bot.botToken, bot.authMaxAgeSeconds);

async function signIn(ctx: Context, user: UserRow) {
  const session = await createSession(ctx.db, ctx.config, user.id);
  ctx.cookie.set(session.token, session.expiresAt);
  return publicUser(user);
}

export const telegramRouter = router({
  /** The login widget: signs in, creating the account on first use. */
  login: publicProcedure.input(widgetInput).mutation(async ({ ctx, input }) => {
    const bot = telegramConfig(ctx.config);
    const profile = verified('TELEGRAM_AUTH_FAILED', widget(bot, input));
    return signIn(ctx, await signInOrCreate(ctx.db, profile));
  }),

  /** Inside the mini app: signs in the linked account; 404 TELEGRAM_NOT_LINKED when there is none. */
  miniapp: publicProcedure.input(initDataInput).mutation(async ({ ctx, input }) => {
    const bot = telegramConfig(ctx.config);
    const profile = verified('TELEGRAM_MINIAPP_AUTH_FAILED', miniApp(bot, input));
    const user = await findTelegramUser(ctx.db, profile.id);
    if (!user) throw new AppError('TELEGRAM_NOT_LINKED', 'This Telegram account is not linked to an account');
    return signIn(ctx, user);
  }),

  /** Inside the mini app: a new account for this Telegram account (after the user confirmed). */
  miniappRegister: publicProcedure.input(initDataInput).mutation(async ({ ctx, input }) => {
    const bot = telegramConfig(ctx.config);
    const profile = verified('TELEGRAM_MINIAPP_REGISTER_FAILED', miniApp(bot, input));
    return signIn(ctx, await createTelegramAccount(ctx.db, profile));
  }),

  /** Links a Telegram account (widget payload or mini-app init data) to the signed-in account. */
  link: authedProcedure.input(widgetInput).mutation(async ({ ctx, input }) => {
    const bot = telegramConfig(ctx.config);
    const profile = verified(
      'TELEGRAM_LINK_FAILED',
      isMiniAppData(input) ? miniApp(bot, input) : widget(bot, input),
    );
    await linkTelegram(ctx.db, ctx.user.id, profile);
    return { ok: true as const };
  }),
});
