import { getDraft } from '../services/bot-drafts';
import { router, userProcedure } from '../trpc';
import { draftIdInput } from './bot-inputs';

/** The caller's own bot drafts: the web's new-expense form opens one with ?draft=<id>. */
export const draftsRouter = router({
  get: userProcedure
    .input(draftIdInput)
    .query(({ ctx, input }) => getDraft(ctx.db, ctx.user.id, input.draftId)),
});
