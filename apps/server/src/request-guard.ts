import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from './config';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Cross-site request forgery guard for state-changing calls: a body must be JSON (an HTML form can
 * only send urlencoded, multipart or text/plain), and a browser's Origin must be PUBLIC_URL's or one of
 * TRUSTED_ORIGINS.
 */
export function registerRequestGuard(app: FastifyInstance, config: Config) {
  const trusted = new Set(config.trustedOrigins);
  app.addHook('onRequest', async (request, reply) => {
    if (SAFE_METHODS.has(request.method)) return;
    // Compared with the configured origins only, never with the request's own Host: a proxy that
    // passes Host through would otherwise let any site that names itself in Host through.
    const origin = request.headers.origin;
    if ((origin && !trusted.has(origin)) || request.headers['sec-fetch-site'] === 'cross-site') {
      return reply.code(403).send({ code: 'FORBIDDEN_ORIGIN', message: 'Cross-site request refused' });
    }
    // A declared non-JSON type is refused even with an empty body: tRPC would still run a no-input
    // mutation posted as a form, and an empty multipart body made its parser fail with a 500.
    const contentType = request.headers['content-type'];
    if ((contentType !== undefined || hasBody(request)) && !isJson(contentType)) {
      return reply.code(415).send({ code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Send application/json' });
    }
  });
}

function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return (length !== undefined && length !== '0') || request.headers['transfer-encoding'] !== undefined;
}

/** Whether a Content-Type header declares JSON (parameters such as charset aside). */
export function isJson(contentType: string | undefined): boolean {
  return contentType?.split(';')[0]?.trim().toLowerCase() === 'application/json';
}
