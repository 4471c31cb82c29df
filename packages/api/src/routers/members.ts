import { addMemberInput, memberRefInput, renameMemberInput } from '@dolya/domain';
import { idempotentProcedure } from '../idempotency';
import { addMember, makeAdmin, removeMember, renameMember, revokeAdmin } from '../services/membership';
import { authedProcedure, router } from '../trpc';

const ok = { ok: true } as const;

export const membersRouter = router({
  add: idempotentProcedure
    .input(addMemberInput)
    .mutation(({ ctx, input }) => addMember(ctx.db, ctx.user.id, input)),
  remove: authedProcedure.input(memberRefInput).mutation(async ({ ctx, input }) => {
    await removeMember(ctx.db, ctx.user.id, input);
    return ok;
  }),
  /** A member without an account gets a new name (admins only; issue 27). */
  rename: authedProcedure.input(renameMemberInput).mutation(async ({ ctx, input }) => {
    await renameMember(ctx.db, ctx.user.id, input);
    return ok;
  }),
  makeAdmin: authedProcedure.input(memberRefInput).mutation(async ({ ctx, input }) => {
    await makeAdmin(ctx.db, ctx.user.id, input);
    return ok;
  }),
  revokeAdmin: authedProcedure.input(memberRefInput).mutation(async ({ ctx, input }) => {
    await revokeAdmin(ctx.db, ctx.user.id, input);
    return ok;
  }),
});
