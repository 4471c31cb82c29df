import type { FastifyInstance } from 'fastify';
import { renderDocsPage } from './docs-page';
import { buildOpenApiDocument } from './document';

/** GET /api/openapi.json and GET /api/docs, public; both built once at start. */
export function openApiRoutes(app: FastifyInstance) {
  const document = buildOpenApiDocument();
  const json = JSON.stringify(document);
  const html = renderDocsPage(document);
  app.get('/api/openapi.json', async (_request, reply) =>
    reply.header('cache-control', 'no-cache').type('application/json; charset=utf-8').send(json),
  );
  app.get('/api/docs', async (_request, reply) =>
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html),
  );
}
