import { idempotentProcedure } from '../idempotency';
import { importIntoGroup } from '../services/import/import-group';
import { importGroupInput } from '../services/import/input';
import { previewImportFor } from '../services/import/preview';
import { router } from '../trpc';

/** Import from Splitwise and Spliit (issue 29): the preview with dryRun, else the import itself. */
export const importsRouter = router({
  run: idempotentProcedure.input(importGroupInput).mutation(async ({ ctx, input }) => {
    const user = { id: ctx.user.id, name: ctx.user.name, username: ctx.user.username };
    if (input.dryRun)
      return { dryRun: true as const, preview: await previewImportFor(ctx.db, ctx.config, user, input) };
    return { dryRun: false as const, result: await importIntoGroup(ctx.db, ctx.config, user, input) };
  }),
});
