import { idSchema } from '@dolya/domain';
import { z } from 'zod';
import { requireMember } from '../services/access';
import { getBalances } from '../services/balances';
import { listCategories } from '../services/categories';
import { listLogs } from '../services/logs';
import { router, userProcedure } from '../trpc';

const byGroup = z.object({ groupId: idSchema });

export const balancesRouter = router({
  get: userProcedure
    .input(byGroup)
    .query(({ ctx, input }) => getBalances(ctx.db, ctx.user.id, input.groupId)),
});

export const categoriesRouter = router({
  list: userProcedure
    .input(byGroup)
    .query(({ ctx, input }) => listCategories(ctx.db, ctx.user.id, input.groupId)),
});

export const logsRouter = router({
  list: userProcedure.input(byGroup).query(async ({ ctx, input }) => {
    await requireMember(ctx.db, input.groupId, ctx.user.id);
    return listLogs(ctx.db, input.groupId);
  }),
});
