import fastifyUnderPressure, { type FastifyUnderPressureOptions } from '@fastify/under-pressure';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export const SHED_RETRY_AFTER_SECONDS = 1;
const MESSAGE = 'The server is overloaded; try again in a moment';
type PressureHandler = FastifyUnderPressureOptions['pressureHandler'];

/**
 * 503 SERVICE_UNAVAILABLE with Retry-After, refused at the door, while the event loop lags or the
 * heap is past its limit: turning work away early keeps the requests already admitted fast
 * instead of making every request slow. tRPC callers get the answer in tRPC's error shape (one
 * per call of a batch), everyone else in the REST one.
 */
export async function registerLoadShedding(
  app: FastifyInstance,
  limits: { maxEventLoopDelayMs: number; maxHeapUsedMb: number },
  refusals: () => number | undefined,
) {
  if (limits.maxEventLoopDelayMs === 0 && limits.maxHeapUsedMb === 0) return;
  await app.register(fastifyUnderPressure, {
    maxEventLoopDelay: limits.maxEventLoopDelayMs,
    maxHeapUsedBytes: limits.maxHeapUsedMb * 1024 * 1024,
    sampleInterval: 250,
    // The answer is returned, not sent: under-pressure sends what the handler returns and stops
    // there, while a handler that returns nothing lets the request go on to its route (which then
    // ran anyway, and a static file's stream wrote headers after the 503 and crashed the server).
    // Its types say the handler returns void; its code (handlePressure) sends a returned value.
    pressureHandler: ((
      request: FastifyRequest,
      reply: FastifyReply,
      type: string,
      value: number | undefined,
    ) => {
      // A line now and then, counting the ones in between (log-throttle.ts).
      const refusedMeanwhile = refusals();
      if (refusedMeanwhile !== undefined)
        request.log.warn({ type, value, refusedMeanwhile }, 'request shed: the server is under pressure');
      return refusal(request, reply);
    }) as unknown as PressureHandler,
  });
}

/** Sets the 503 and Retry-After on the reply and answers its body, in the caller's API's shape. */
function refusal(request: FastifyRequest, reply: FastifyReply): object {
  reply.code(503).header('retry-after', String(SHED_RETRY_AFTER_SECONDS));
  const url = new URL(request.url, 'http://local');
  if (!url.pathname.startsWith('/trpc/')) return { code: 'SERVICE_UNAVAILABLE', message: MESSAGE };
  const paths = url.pathname.slice('/trpc/'.length).split(',');
  const errors = paths.map((path) => ({
    error: {
      message: MESSAGE,
      code: -32603,
      data: {
        code: 'SERVICE_UNAVAILABLE',
        httpStatus: 503,
        appCode: 'SERVICE_UNAVAILABLE',
        field: null,
        path,
      },
    },
  }));
  return url.searchParams.get('batch') === '1' ? errors : errors[0]!;
}
