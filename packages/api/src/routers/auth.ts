import { loginInput, registerInput, updateProfileInput } from '@dolya/domain';
import { verifyLoginLimited } from '../services/password-attempts';
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
  })),

  updateProfile: authedProcedure
    .input(updateProfileInput)
    .mutation(async ({ ctx, input }) => publicUser(await updateProfile(ctx.db, ctx.user.id, input))),
});
