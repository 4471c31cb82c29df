import { idSchema } from '@dolya/domain';
import { z } from 'zod';
import { exportGroup, showGroup } from '../services/admin/groups';
import { checkLedger } from '../services/admin/ledger-check';
import { stats } from '../services/admin/stats';
import { blockUser, findUsers, unblockUser } from '../services/admin/users';
import { adminProcedure, router } from '../trpc';

const byUser = z.object({ userId: idSchema });
const byGroup = z.object({ groupId: idSchema });

/** Operator tools for admin scripts (ADMIN_API_TOKEN only). Money is integer cents. */
export const adminRouter = router({
  ledger: router({
    check: adminProcedure.query(({ ctx }) => checkLedger(ctx.db)),
  }),
  users: router({
    find: adminProcedure
      .input(z.object({ query: z.string().trim().min(1, 'query: required').max(254) }))
      .query(({ ctx, input }) => findUsers(ctx.db, input.query)),
    block: adminProcedure.input(byUser).mutation(({ ctx, input }) => blockUser(ctx.db, input.userId)),
    unblock: adminProcedure.input(byUser).mutation(({ ctx, input }) => unblockUser(ctx.db, input.userId)),
  }),
  groups: router({
    show: adminProcedure.input(byGroup).query(({ ctx, input }) => showGroup(ctx.db, input.groupId)),
    export: adminProcedure.input(byGroup).query(({ ctx, input }) => exportGroup(ctx.db, input.groupId)),
  }),
  stats: adminProcedure.query(({ ctx }) => stats(ctx.db)),
});
