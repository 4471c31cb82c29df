import { passkeys } from '@dolya/db';
import { eq } from 'drizzle-orm';
import type { Context } from '../context';
import {
  authenticationOptions,
  finishAuthentication,
  finishLink,
  finishRegistration,
  linkOptions,
  passkeyStatus,
  registrationOptions,
} from '../services/passkeys';
import {
  authenticationResponseSchema,
  loginOptionsInput,
  registerOptionsInput,
  registerVerifyInput,
  registrationResponseSchema,
} from '../services/passkeys-input';
import { createSession } from '../services/sessions';
import { removeSignInMethods } from '../services/sign-in-methods';
import { publicUser, type UserRow } from '../services/users';
import { signInProcedure } from '../sign-in-procedure';
import { authedProcedure, publicProcedure, router } from '../trpc';

async function signIn(ctx: Context, user: UserRow) {
  const session = await createSession(ctx.db, ctx.config, user.id);
  ctx.cookie.set(session.token, session.expiresAt);
  return publicUser(user);
}

/** Passkeys (WebAuthn): sign-up, sign-in (by username, email or usernameless), linking and unlinking. */
export const passkeyRouter = router({
  registerOptions: signInProcedure
    .input(registerOptionsInput)
    .mutation(({ ctx, input }) => registrationOptions(ctx.db, ctx.config, input, ctx.ip)),

  registerVerify: publicProcedure
    .input(registerVerifyInput)
    .mutation(async ({ ctx, input }) => signIn(ctx, await finishRegistration(ctx.db, ctx.config, input))),

  loginOptions: signInProcedure
    .input(loginOptionsInput)
    .mutation(({ ctx, input }) => authenticationOptions(ctx.db, ctx.config, input, ctx.ip)),

  loginVerify: publicProcedure
    .input(authenticationResponseSchema)
    .mutation(async ({ ctx, input }) => signIn(ctx, await finishAuthentication(ctx.db, ctx.config, input))),

  linkOptions: authedProcedure.mutation(({ ctx }) => linkOptions(ctx.db, ctx.config, ctx.user, ctx.ip)),

  linkVerify: authedProcedure
    .input(registrationResponseSchema)
    .mutation(({ ctx, input }) => finishLink(ctx.db, ctx.config, ctx.user.id, input)),

  linked: authedProcedure.query(({ ctx }) => passkeyStatus(ctx.db, ctx.user.id)),

  /** Removes all of the user's passkeys, unless they are the last way to sign in. */
  unlink: authedProcedure.mutation(async ({ ctx }) => {
    await removeSignInMethods(ctx.db, ctx.user.id, async (tx) => {
      await tx.delete(passkeys).where(eq(passkeys.userId, ctx.user.id));
    });
    return passkeyStatus(ctx.db, ctx.user.id);
  }),
});
