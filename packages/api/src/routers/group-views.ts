import { idSchema } from '@dolya/domain';
import { z } from 'zod';
import { requireMember } from '../services/access';
import { getBalances } from '../services/balances';
import { listCategories } from '../services/categories';
import { listLogs } from '../services/logs';
import { authedProcedure, router } from '../trpc';

const byGroup = z.object({ groupId: idSchema });

export const balancesRouter = router({
  get: authedProcedure
    .input(byGroup)
    .query(({ ctx, input }) => getBalances(ctx.db, ctx.user.id, input.groupId)),
});

export const categoriesRouter = router({
  list: authedProcedure
    .input(byGroup)
    .query(({ ctx, input }) => listCategories(ctx.db, ctx.user.id, input.groupId)),
});

export const logsRouter = router({
  list: authedProcedure.input(byGroup).query(async ({ ctx, input }) => {
    await requireMember(ctx.db, input.groupId, ctx.user.id);
    return listLogs(ctx.db, input.groupId);
  }),
});
