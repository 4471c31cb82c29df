import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Text assets worth compressing; images and fonts are compressed already, source maps are for developers. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;
/** Below this a compressed copy saves less than its own headers cost. */
const MIN_BYTES = 1024;

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else yield path;
  }
}

/**
 * Writes a brotli (`.br`, best quality) and a gzip (`.gz`) copy beside each text asset of the
 * build, once, so the server sends them as they are (@fastify/static's preCompressed) instead of
 * compressing on every request or not at all.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  let skip = false;
  return {
    name: 'dolya:precompress',
    apply: 'build',
    configResolved(config) {
      // The prerender's SSR build (vite-prerender.ts) serves no one.
      skip = Boolean(config.build.ssr);
      outDir = config.build.outDir.startsWith('/')
        ? config.build.outDir
        : join(config.root, config.build.outDir);
    },
    async closeBundle() {
      if (skip) return;
      const work: Promise<unknown>[] = [];
      for await (const path of files(outDir)) {
        if (!COMPRESSIBLE.test(path) || (await stat(path)).size < MIN_BYTES) continue;
        work.push(
          readFile(path).then((content) =>
            Promise.all([
              brotli(content, {
                params: {
                  [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                  [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
                },
              }).then((out) => writeFile(`${path}.br`, out)),
              gz(content, { level: constants.Z_BEST_COMPRESSION }).then((out) =>
                writeFile(`${path}.gz`, out),
              ),
            ]),
          ),
        );
      }
      await Promise.all(work);
    },
  };
}
