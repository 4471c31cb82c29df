import { z } from 'zod';
import { exchangeRate } from '../services/fx-rates';
import { authedProcedure, router } from '../trpc';

/** Exchange rates (issue 26): a suggestion for a form, never needed to save one. */
export const fxRouter = router({
  /** {rate, date, source} of (date, from, to), cached; RATE_UNAVAILABLE when none can be had. */
  rate: authedProcedure
    .input(
      z.object({
        from: z.string().trim().toUpperCase().max(8),
        to: z.string().trim().toUpperCase().max(8),
        date: z.string().max(10),
      }),
    )
    .query(({ ctx, input }) => exchangeRate(ctx.db, ctx.config, input)),
});
