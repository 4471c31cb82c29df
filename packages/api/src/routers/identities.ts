import { idSchema } from '@dolya/domain';
import { z } from 'zod';
import { listIdentities, unlinkIdentity } from '../services/identities';
import { authedProcedure, router } from '../trpc';

export const identitiesRouter = router({
  /** The external accounts (Google, Yandex, Telegram) linked to the signed-in user. */
  list: authedProcedure.query(({ ctx }) => listIdentities(ctx.db, ctx.user.id)),

  /** Unlinks one; refused with CANNOT_UNLINK_LAST_ACCOUNT when it is the last way to sign in. */
  unlink: authedProcedure.input(z.object({ id: idSchema })).mutation(async ({ ctx, input }) => {
    await unlinkIdentity(ctx.db, ctx.user.id, input.id);
    return { ok: true as const };
  }),
});
