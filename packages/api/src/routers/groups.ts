import { createGroupInput, idSchema, updateGroupInput } from '@dolya/domain';
import { z } from 'zod';
import { idempotentProcedure } from '../idempotency';
import { createGroup, deleteGroup, getGroup, listGroups, updateGroup } from '../services/groups';
import { authedProcedure, router, userProcedure } from '../trpc';

const byGroup = z.object({ groupId: idSchema });

export const groupsRouter = router({
  list: userProcedure.query(({ ctx }) => listGroups(ctx.db, ctx.user.id)),
  get: userProcedure.input(byGroup).query(({ ctx, input }) => getGroup(ctx.db, ctx.user.id, input.groupId)),
  create: idempotentProcedure
    .input(createGroupInput)
    .mutation(({ ctx, input }) => createGroup(ctx.db, ctx.user, input)),
  update: authedProcedure
    .input(updateGroupInput)
    .mutation(({ ctx, input }) => updateGroup(ctx.db, ctx.user.id, input)),
  delete: authedProcedure.input(byGroup).mutation(async ({ ctx, input }) => {
    await deleteGroup(ctx.db, ctx.user.id, input.groupId);
    return { ok: true };
  }),
});
