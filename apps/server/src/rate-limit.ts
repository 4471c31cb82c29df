import fastifyRateLimit from '@fastify/rate-limit';
import { TRPC_ERROR_CODES_BY_KEY } from '@trpc/server/rpc';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from './config';

/** The REST routes and tRPC procedures that check a password or create an account with one. */
const REST_ROUTES = new Set(['/api/auth/login', '/api/auth/register']);
const PROCEDURES = new Set(['auth.login', 'auth.register']);
const TRPC_ROUTE = '/trpc/:path';

const MESSAGE = 'Too many sign-in attempts from this address. Try again in a minute.';

/**
 * Per-IP limit on password sign-in and registration (RATE_LIMIT_AUTH_PER_MINUTE; 0 turns it off),
 * through @fastify/rate-limit. One budget per address covers the REST routes and the tRPC
 * procedures, batched calls included. The per-account limit of failed passwords lives in the API.
 */
export async function registerAuthRateLimit(app: FastifyInstance, config: Config) {
  if (config.rateLimitAuthPerMinute <= 0) return;
  await app.register(fastifyRateLimit, { global: false });
  const limit = app.createRateLimit({ max: config.rateLimitAuthPerMinute, timeWindow: 60_000 });

  app.addHook('onRequest', async (request, reply) => {
    const procedures = passwordProcedures(request);
    if (!procedures) return;
    const result = await limit(request);
    if (result.isAllowed) return;
    reply.header('x-ratelimit-limit', result.max);
    reply.header('x-ratelimit-remaining', result.remaining);
    if (!result.isExceeded) return;
    reply.header('retry-after', result.ttlInSeconds);
    if (procedures === 'rest') return reply.code(429).send({ code: 'TOO_MANY_REQUESTS', message: MESSAGE });
    // tRPC clients read tRPC's error envelope (one per call of a batch), as the API's formatter shapes it.
    const envelope = (path: string) => ({
      error: {
        message: MESSAGE,
        code: TRPC_ERROR_CODES_BY_KEY.TOO_MANY_REQUESTS,
        data: { code: 'TOO_MANY_REQUESTS', httpStatus: 429, appCode: 'TOO_MANY_REQUESTS', field: null, path },
      },
    });
    const batch = (request.query as Record<string, unknown>).batch !== undefined;
    return reply.code(429).send(batch ? procedures.map(envelope) : envelope(procedures[0]!));
  });
}

/**
 * 'rest' for a password REST route; the procedures of a tRPC call when one of them is a password
 * procedure; undefined otherwise. Read from the route Fastify matched, so the URL's spelling
 * (encoding, query) cannot dodge it.
 */
function passwordProcedures(request: FastifyRequest): 'rest' | string[] | undefined {
  if (request.method !== 'POST') return undefined;
  const route = request.routeOptions.url;
  if (route && REST_ROUTES.has(route)) return 'rest';
  if (route !== TRPC_ROUTE) return undefined;
  const path = (request.params as { path?: string }).path ?? '';
  const procedures = path.split(',');
  return procedures.some((p) => PROCEDURES.has(p)) ? procedures : undefined;
}
