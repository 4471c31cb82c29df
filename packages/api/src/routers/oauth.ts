import { z } from 'zod';
import { confirmOAuth } from '../services/oauth';
import { publicUser } from '../services/users';
import { publicProcedure, router } from '../trpc';

/**
 * OAuth sign-in (Google, Yandex). The browser legs (start, callback) are GET navigations served by
 * the server's REST routes through services/oauth; only the sign-up confirmation is a procedure.
 */
export const oauthRouter = router({
  /** Creates the account of a pending OAuth sign-up and signs in; OAUTH_CONFIRM_FAILED when the token is bad or used. */
  confirm: publicProcedure
    .input(z.object({ token: z.string().min(1).max(200) }))
    .mutation(async ({ ctx, input }) => {
      const { user, redirect } = await confirmOAuth(ctx, input.token);
      return { user: publicUser(user), redirect };
    }),
});
