import { idSchema, recurrenceUnits } from '@dolya/domain';
import { z } from 'zod';
import { createSeries, listSeries, pauseSeries, resumeSeries, stopSeries } from '../services/series';
import { authedProcedure, router } from '../trpc';

const seriesRef = z.object({ groupId: idSchema, seriesId: idSchema });

/**
 * Recurring expenses (issue 28): a series is made from an expense and then paused, resumed or
 * stopped; the job (services/recurring.ts) makes its occurrences. Members of the group only.
 */
export const recurringRouter = router({
  /** Makes the expense repeat: every N units from its day, until a day (included), for a count, or without end. */
  create: authedProcedure
    .input(
      z.object({
        groupId: idSchema,
        expenseId: idSchema,
        every: z.number(),
        unit: z.enum(recurrenceUnits),
        until: z.iso.date().nullish(),
        count: z.number().nullish(),
      }),
    )
    .mutation(({ ctx, input }) => createSeries(ctx.db, ctx.user.id, input)),
  pause: authedProcedure
    .input(seriesRef)
    .mutation(({ ctx, input }) => pauseSeries(ctx.db, ctx.user.id, input)),
  resume: authedProcedure
    .input(seriesRef)
    .mutation(({ ctx, input }) => resumeSeries(ctx.db, ctx.user.id, input)),
  stop: authedProcedure.input(seriesRef).mutation(({ ctx, input }) => stopSeries(ctx.db, ctx.user.id, input)),
  /** The group's series that still repeat (active or paused), with their next day. */
  list: authedProcedure
    .input(z.object({ groupId: idSchema }))
    .query(({ ctx, input }) => listSeries(ctx.db, ctx.user.id, input.groupId)),
});
