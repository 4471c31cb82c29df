import type { FastifyInstance } from 'fastify';
import { body, type CallerFor } from './caller';
import { idempotencyKey } from './idempotency';
import { presentImportPreview } from './import-presenter';

/**
 * POST /api/groups/import (issue 29): with dryRun the preview, else the import into a new group
 * or the given one, answering {groupId, expenses, settlements, skippedLines}.
 */
export function importRoutes(app: FastifyInstance, call: CallerFor) {
  app.post('/api/groups/import', async (req, reply) => {
    const answer = await (await call(req, reply)).imports.run({
      ...body(req),
      ...idempotencyKey(req),
    } as never);
    return answer.dryRun ? presentImportPreview(answer.preview) : answer.result;
  });
}
