import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

export const defaultWebDist = resolve(fileURLToPath(new URL('../../web/dist', import.meta.url)));

/**
 * Pages the build rendered ahead (apps/web/vite-prerender.ts): a path the server answers with a
 * static page of its own instead of the app's index.html. The app still routes to them inside.
 */
export const PRERENDERED: Readonly<Record<string, string>> = {
  '/features': 'features.html',
  '/login': 'login.html',
};

/** The built index.html, or undefined when there is no build (the server is then API-only). */
export function readIndexHtml(distDir: string | undefined): string | undefined {
  if (!distDir) return undefined;
  const path = resolve(distDir, 'index.html');
  return existsSync(path) ? readFileSync(path, 'utf8') : undefined;
}

/** The HTML of every page the server sends: index.html and the prerendered pages the build has. */
export function readPagesHtml(distDir: string | undefined): string | undefined {
  const index = readIndexHtml(distDir);
  if (!distDir || index === undefined) return index;
  const pages = Object.values(PRERENDERED)
    .map((file) => resolve(distDir, file))
    .filter((path) => existsSync(path))
    .map((path) => readFileSync(path, 'utf8'));
  return [index, ...pages].join('\n');
}

/** CSP sources ('sha256-…') of the inline scripts of a page, so they run without 'unsafe-inline'. */
export function inlineScriptHashes(html: string | undefined): string[] {
  if (!html) return [];
  const hashes: string[] = [];
  for (const [, attributes, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(attributes ?? '') || !body) continue;
    hashes.push(`sha256-${createHash('sha256').update(body).digest('base64')}`);
  }
  return hashes;
}

/**
 * Serves the built web app; any other GET that is not an API call gets index.html, so the
 * client-side router answers deep links (or the page prerendered for that path, if any). Text assets go out as the brotli or gzip copies the build
 * made beside them (apps/web/vite-precompress.ts), as the client accepts. Without a build the
 * server is API-only.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string): Promise<boolean> {
  if (!existsSync(resolve(distDir, 'index.html'))) return false;
  const prerendered = new Map(
    Object.entries(PRERENDERED).filter(([, file]) => existsSync(resolve(distDir, file))),
  );
  // The service worker and the manifests keep their names from build to build: looked up again
  // every time (the browser checks the worker for a new version), never kept a year like the
  // hashed assets. An onSend hook: the static plugin sets its own cache-control after setHeaders.
  app.addHook('onSend', async (request, reply) => {
    if (/^\/(sw\.js|manifest(\.[a-z]+)?\.webmanifest)$/.test(request.url.split('?')[0] ?? '')) {
      reply.header('cache-control', 'no-cache');
    }
  });
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    index: false,
    maxAge: '1y',
    immutable: true,
    preCompressed: true,
    // The compressed copies are found beside their file; they need no routes of their own.
    globIgnore: ['**/*.br', '**/*.gz'],
    // One URL, several encodings: caches must key on Accept-Encoding.
    setHeaders: (res) => res.setHeader('vary', 'Accept-Encoding'),
  });
  app.get('/*', (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    // /metrics exists only with METRICS_TOKEN: without it, a 404, never the app page.
    if (/^\/(api|trpc|metrics)(\/|$)/.test(path) || /\.[a-z0-9]+$/i.test(path)) {
      return reply.code(404).send({ error: 'Not Found', message: 'No such route' });
    }
    const page = prerendered.get(path.length > 1 ? path.replace(/\/$/, '') : path) ?? 'index.html';
    return reply.header('cache-control', 'no-cache').sendFile(page, { cacheControl: false });
  });
  return true;
}
