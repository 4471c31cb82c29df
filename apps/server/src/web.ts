import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

export const defaultWebDist = resolve(fileURLToPath(new URL('../../web/dist', import.meta.url)));

/**
 * Serves the built web app; any other GET that is not an API call gets index.html, so the
 * client-side router answers deep links. Without a build the server is API-only.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string): Promise<boolean> {
  if (!existsSync(resolve(distDir, 'index.html'))) return false;
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    index: false,
    maxAge: '1y',
    immutable: true,
  });
  app.get('/*', (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (/^\/(api|trpc)(\/|$)/.test(path) || /\.[a-z0-9]+$/i.test(path)) {
      return reply.code(404).send({ error: 'Not Found', message: 'No such route' });
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html', { cacheControl: false });
  });
  return true;
}
