import { users } from '@dolya/db';
import {
  changePasswordInput,
  loginInput,
  registerInput,
  requestPasswordResetInput,
  resetPasswordInput,
  updateProfileInput,
} from '@dolya/domain';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { verifyLoginLimited } from '../services/password-attempts';
import { requestPasswordReset, resetLinkValid, resetPassword } from '../services/password-reset';
import { changePassword, passwordStatus, removePassword } from '../services/passwords';
import { createSession, deleteSession } from '../services/sessions';
import { publicUser, registerUser, updateProfile } from '../services/users';
import { signInProcedure } from '../sign-in-procedure';
import { authedProcedure, publicProcedure, router } from '../trpc';

export const authRouter = router({
  register: signInProcedure.input(registerInput).mutation(async ({ ctx, input }) => {
    const user = await registerUser(ctx.db, input);
    const session = await createSession(ctx.db, ctx.config, user.id);
    ctx.cookie.set(session.token, session.expiresAt);
    return publicUser(user);
  }),

  login: signInProcedure.input(loginInput).mutation(async ({ ctx, input }) => {
    const user = await verifyLoginLimited(ctx.db, input.email, input.password, ctx.ip);
    const session = await createSession(ctx.db, ctx.config, user.id);
    ctx.cookie.set(session.token, session.expiresAt);
    return publicUser(user);
  }),

  logout: publicProcedure.mutation(async ({ ctx }) => {
    if (ctx.sessionToken) await deleteSession(ctx.db, ctx.config, ctx.sessionToken);
    ctx.cookie.clear();
    return { ok: true };
  }),

  me: authedProcedure.query(({ ctx }) => publicUser(ctx.user)),

  /** Which sign-in methods this server offers; the web hides the others. */
  providers: publicProcedure.query(({ ctx }) => ({
    google: !!ctx.config.google,
    yandex: !!ctx.config.yandex,
    telegram: ctx.config.telegram ? { botUsername: ctx.config.telegram.botUsername } : null,
    passkey: true,
    /** A forgotten password can be reset by mail (production needs SMTP_URL for it). */
    passwordReset: !!ctx.config.mailer,
  })),

  /** The email-and-password sign-in method: whether a password is set, and the email it goes with. */
  passwordStatus: authedProcedure.query(({ ctx }) => passwordStatus(ctx.db, ctx.user.id)),

  /** A new password (with the current one), or the first; the account's other sessions end. */
  changePassword: authedProcedure
    .input(changePasswordInput)
    .mutation(({ ctx, input }) =>
      changePassword(ctx.db, { userId: ctx.user.id, sessionId: ctx.user.sessionId, ip: ctx.ip }, input),
    ),

  /** Stops signing in with the password; refused when it is the last way to sign in. */
  removePassword: authedProcedure.mutation(({ ctx }) => removePassword(ctx.db, ctx.user.id)),

  /** Mails a reset link to the account with that email, if any; the answer is the same either way. */
  requestPasswordReset: signInProcedure
    .input(requestPasswordResetInput)
    .mutation(({ ctx, input }) => requestPasswordReset(ctx.db, ctx.config, input)),

  /** Whether a reset link still works (the page says so before a password is typed). */
  checkResetLink: publicProcedure
    .input(z.object({ token: z.string().min(1).max(200) }))
    .query(async ({ ctx, input }) => ({ valid: await resetLinkValid(ctx.db, input.token) })),

  /** A new password with a reset link, which is used up; every session ends and the caller is signed in. */
  resetPassword: signInProcedure.input(resetPasswordInput).mutation(async ({ ctx, input }) => {
    const { userId } = await resetPassword(ctx.db, input);
    const session = await createSession(ctx.db, ctx.config, userId);
    ctx.cookie.set(session.token, session.expiresAt);
    const [user] = await ctx.db.select().from(users).where(eq(users.id, userId));
    return publicUser(user!);
  }),

  updateProfile: authedProcedure
    .input(updateProfileInput)
    .mutation(async ({ ctx, input }) => publicUser(await updateProfile(ctx.db, ctx.user.id, input))),
});
