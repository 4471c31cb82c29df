import type { FastifyInstance } from 'fastify';
import { type CallerFor, param } from './caller';

/**
 * RFC 6266: a plain ASCII name for old clients and the exact UTF-8 name (RFC 5987) for the rest,
 * so a group called «Поездка» downloads as dolya-Поездка-….csv.
 */
export function attachment(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

export function groupExportRoutes(app: FastifyInstance, call: CallerFor) {
  app.get('/api/groups/:id/export', async (req, reply) => {
    const { format } = req.query as { format?: unknown };
    const file = await (await call(req, reply)).groupExport.file({
      groupId: param(req, 'id'),
      format: format as never,
    });
    return reply
      .header('content-type', file.contentType)
      .header('content-disposition', attachment(file.filename))
      .header('cache-control', 'no-store')
      .send(file.content);
  });
}
