import { constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Answers smaller than this go out as they are: compressing them costs more than it saves. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * Answers up to this size are compressed in one call instead of through a zlib stream. On the
 * 2-core bench machine a 32 kB page of expenses took 0.16 ms in one call and 0.89 ms through a
 * stream, and the plugin's own default for 2 cores sends a 40 kB page through the stream. A call on
 * 128 kB holds the event loop for under a millisecond at brotli quality 2 (0.8 ms there); the whole
 * expense list of old REST clients is a stream and never takes this path.
 */
const SYNC_COMPRESSION_MAX_BYTES = 128 * 1024;

/**
 * brotli or gzip, as the client accepts, for API answers of 1 kB or more. Brotli at quality 2: on
 * an 80 kB page of expenses it took half the time of quality 4 (0.4 ms against 0.8) for 1.5 %
 * more bytes (7.0 kB against 6.9), and it is still smaller than gzip at level 6. Registered after the static files, which are compressed
 * once at build time (web.ts), so only the API's answers are compressed per request.
 */
export async function registerCompression(app: FastifyInstance) {
  // tRPC's adapter answers with a fetch Response, which @fastify/compress would stream through the
  // compressor whatever its size; its JSON is complete already, so read it out first and let the
  // threshold apply (and a Content-Length be sent).
  app.addHook('onSend', async (_request, reply, payload) => {
    if (!(payload instanceof Response)) return payload;
    reply.code(payload.status);
    for (const [name, value] of payload.headers) reply.header(name, value);
    return Buffer.from(await payload.arrayBuffer());
  });
  await app.register(fastifyCompress, {
    global: true,
    globalDecompression: false,
    threshold: COMPRESSION_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 2 } },
    zlibOptions: { level: 6 },
    syncThreshold: SYNC_COMPRESSION_MAX_BYTES,
  });
}
