import { idSchema } from '@dolya/domain';
import { z } from 'zod';
import { exportGroupFile } from '../services/group-export';
import { authedProcedure, router } from '../trpc';

export const exportFormatSchema = z.enum(['csv', 'json']);

export const groupExportRouter = router({
  /** The group as a file to download (CSV in Splitwise's layout, or Dolya's JSON). */
  file: authedProcedure
    .input(z.object({ groupId: idSchema, format: exportFormatSchema }))
    .query(({ ctx, input }) => exportGroupFile(ctx.db, input.groupId, ctx.user.id, input.format)),
});
