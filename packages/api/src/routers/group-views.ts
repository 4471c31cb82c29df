import { idSchema, isTimeZone } from '@dolya/domain';
import { z } from 'zod';
import { requireMember } from '../services/access';
import { getBalances } from '../services/balances';
import { listCategories } from '../services/categories';
import { spendingByCategory } from '../services/category-spending';
import { listLogs } from '../services/logs';
import { groupSpending } from '../services/spending';
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
    const { member } = await requireMember(ctx.db, input.groupId, ctx.user.id);
    return listLogs(ctx.db, input.groupId, { memberId: member.id, isAdmin: member.isAdmin });
  }),
});

export const statsRouter = router({
  /** Spending over time in the viewer's calendar, for the statistics chart (settlements left out). */
  spending: userProcedure
    .input(
      byGroup.extend({
        timeZone: z.string().max(64).refine(isTimeZone, 'unknown time zone').default('UTC'),
        weekStartsOn: z.number().int().min(0).max(6).default(1),
      }),
    )
    .query(({ ctx, input }) => groupSpending(ctx.db, ctx.user.id, input)),
  /** Spending per category (settlements left out), largest first, in cents. */
  byCategory: userProcedure
    .input(byGroup)
    .query(({ ctx, input }) => spendingByCategory(ctx.db, ctx.user.id, input.groupId)),
});
