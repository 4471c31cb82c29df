import { z } from 'zod';
import { accountDataFile } from '../services/account-data';
import { deleteAccount, deletionPlan } from '../services/account-deletion';
import { authedProcedure, router } from '../trpc';

/** "Your data" on the account page (issue 29): take it all, or delete the account. */
export const accountRouter = router({
  /** Everything held about the caller, as a JSON file (account-data.ts). */
  data: authedProcedure.query(({ ctx }) => accountDataFile(ctx.db, ctx.user.id)),
  /** What deleting would do to each group: refused (last admin), deleted (nobody else), or the seat kept. */
  deletionPlan: authedProcedure.query(({ ctx }) => deletionPlan(ctx.db, ctx.user.id)),
  /** Deletes the account; the caller types their username to confirm. Every session ends. */
  delete: authedProcedure
    .input(z.object({ username: z.string().min(1).max(64) }))
    .mutation(async ({ ctx, input }) => {
      const plan = await deleteAccount(ctx.db, ctx.user.id, input.username);
      ctx.cookie.clear();
      return plan;
    }),
});
