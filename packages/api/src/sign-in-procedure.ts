import { countSignInAttempt } from './services/sign-in-limits';
import { publicProcedure } from './trpc';

/**
 * A public procedure that counts one sign-in attempt of the caller's address before anything else
 * (input checks included). Every call counts, however many a tRPC batch carries.
 */
export const signInProcedure = publicProcedure.use(async ({ ctx, next }) => {
  await countSignInAttempt(ctx.db, ctx.config, ctx.ip);
  return next();
});
