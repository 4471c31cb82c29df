import { createServer, type Server } from 'node:http';
import type { Registry } from 'prom-client';

/**
 * The metrics on a port of their own (METRICS_PORT), for a scraper on a private network: GET
 * /metrics with no token; anything else 404. Resolves once listening.
 */
export async function startMetricsServer(registry: Registry, port: number, host: string): Promise<Server> {
  const server = createServer(async (request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404).end();
      return;
    }
    try {
      const text = await registry.metrics();
      response
        .writeHead(200, { 'content-type': registry.contentType, 'cache-control': 'no-store' })
        .end(text);
    } catch {
      response.writeHead(500).end();
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return server;
}
