import { DomainError } from '@dolya/domain';
import { initTRPC } from '@trpc/server';
import type { Actor, AuthUser, Context } from './context';
import { toAppError } from './error-mapping';
import { AppError } from './errors';

const t = initTRPC.context<Context>().create({
  errorFormatter({ shape, error }) {
    const app = toAppError(error);
    return {
      code: shape.code,
      message: app.message,
      data: {
        code: shape.data.code,
        httpStatus: app.status,
        appCode: app.appCode,
        field: app.field ?? null,
        path: shape.data.path,
      },
    };
  },
});

export const router = t.router;
export const middleware = t.middleware;
export const createCallerFactory = t.createCallerFactory;

/** Domain rule violations thrown inside a procedure become 400s with their own code, not 500s. */
const domainErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok && result.error.cause instanceof DomainError) throw toAppError(result.error.cause);
  return result;
});

/*
 * Who may call what. Every procedure is built from exactly one of the builders below; the actor
 * (context.ts) decides:
 * - publicProcedure: browsers only, signed in or not (sign-in flows, providers, invite preview).
 * - authedProcedure: a signed-in browser session only. Account management (profile, identities,
 *   passkeys, Telegram link, friends, notifications) and running a group (create, settings,
 *   delete, members, invite links) stay with the person at the web or mini app.
 * - userProcedure: a Dolya account, through its session or through the bot acting for its linked
 *   Telegram user. The bot gets what it needs to record expenses and answer about them: reading
 *   groups (members included), balances, categories and logs, and creating, editing and deleting
 *   expenses, and reading their own bot drafts (drafts.get). Every membership and admin rule
 *   inside the services applies as for the web.
 * - botUserProcedure: the bot only, acting for a linked account: the Telegram side of recording
 *   (bot.chat.*, bot.drafts.*). Telegram chat and message ids are the bot's word, so no browser may
 *   bind a chat or plant a draft on a message.
 * - botProcedure: the bot, linked or not, with or without a Telegram user (bot.whoami, so it can
 *   ask an unlinked user to link; bot.updates.*, the inbox, also for updates without a sender).
 * - adminProcedure: admin scripts (ADMIN_API_TOKEN) only; the token opens nothing else.
 * Refusals: no credentials -> UNAUTHORIZED; the bot without a Telegram user outside botProcedure
 * -> VALIDATION_ERROR (x-telegram-user-id); the bot for an unlinked Telegram user on a
 * userProcedure or botUserProcedure -> TELEGRAM_NOT_LINKED; any other actor outside its builders
 * -> FORBIDDEN. The BOT_API_SECRET impersonates any linked account, which is why the bot's list
 * is short.
 */

const base = t.procedure.use(domainErrors);

function forbidden(): never {
  throw new AppError('FORBIDDEN', 'This client may not call this procedure');
}

export const publicProcedure = base.use(({ ctx, next }) => {
  if (ctx.actor.kind === 'bot' || ctx.actor.kind === 'admin') forbidden();
  return next();
});

export const authedProcedure = base.use(({ ctx, next }) => {
  if (ctx.actor.kind === 'bot' || ctx.actor.kind === 'admin') forbidden();
  if (!ctx.user) throw new AppError('UNAUTHORIZED', 'Sign in first');
  return next({ ctx: { ...ctx, user: ctx.user as AuthUser } });
});

/** The bot acting for nobody, or for a Telegram user without an account, is refused an account's procedures. */
function requireLinked(actor: Extract<Actor, { kind: 'bot' }>): void {
  if (actor.telegramUserId === null) {
    throw new AppError(
      'VALIDATION_ERROR',
      'x-telegram-user-id: the Telegram user the bot acts for is required here',
      'x-telegram-user-id',
    );
  }
  if (!actor.user)
    throw new AppError('TELEGRAM_NOT_LINKED', 'This Telegram account is not linked to an account');
}

export const userProcedure = base.use(({ ctx, next }) => {
  const { actor } = ctx;
  if (actor.kind === 'admin') forbidden();
  if (actor.kind === 'bot') requireLinked(actor);
  if (!ctx.user) throw new AppError('UNAUTHORIZED', 'Sign in first');
  return next({ ctx: { ...ctx, user: ctx.user as AuthUser } });
});

export const botUserProcedure = base.use(({ ctx, next }) => {
  const { actor } = ctx;
  if (actor.kind === 'anonymous') throw new AppError('UNAUTHORIZED', 'Sign in first');
  if (actor.kind !== 'bot') forbidden();
  requireLinked(actor);
  if (!ctx.user) throw new AppError('UNAUTHORIZED', 'Sign in first');
  return next({ ctx: { ...ctx, actor, user: ctx.user as AuthUser } });
});

export const botProcedure = base.use(({ ctx, next }) => {
  const { actor } = ctx;
  if (actor.kind === 'anonymous') throw new AppError('UNAUTHORIZED', 'Sign in first');
  if (actor.kind !== 'bot') forbidden();
  return next({ ctx: { ...ctx, actor } });
});

export const adminProcedure = base.use(({ ctx, next }) => {
  if (ctx.actor.kind === 'anonymous') throw new AppError('UNAUTHORIZED', 'Sign in first');
  if (ctx.actor.kind !== 'admin') forbidden();
  return next();
});
