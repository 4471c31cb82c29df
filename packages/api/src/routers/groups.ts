import { createGroupInput, idSchema, updateGroupInput } from '@dolya/domain';
import { z } from 'zod';
import { createGroup, deleteGroup, getGroup, listGroups, updateGroup } from '../services/groups';
import { authedProcedure, router } from '../trpc';

const byGroup = z.object({ groupId: idSchema });

export const groupsRouter = router({
  list: authedProcedure.query(({ ctx }) => listGroups(ctx.db, ctx.user.id)),
  get: authedProcedure.input(byGroup).query(({ ctx, input }) => getGroup(ctx.db, ctx.user.id, input.groupId)),
  create: authedProcedure
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
