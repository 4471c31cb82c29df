import { AppError, retryAfterOf, toAppError } from '@dolya/api';
import type { FastifyError, FastifyInstance } from 'fastify';

/**
 * Every failure leaves as {code, message, field?} with the status of the error catalogue; internals
 * never leak. Refusals (503) are logged through `refusals` (log-throttle.ts): a line now and then,
 * counting the ones in between.
 */
export function registerErrorHandler(app: FastifyInstance, refusals: () => number | undefined) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const app = fromFastify(error) ?? toAppError(error);
    if (app.status === 503) {
      const refusedMeanwhile = refusals();
      if (refusedMeanwhile !== undefined)
        request.log.warn({ reason: rootCause(error), refusedMeanwhile }, 'request refused: unavailable');
    } else if (app.status >= 500) request.log.error({ err: error }, 'request failed');
    const retryAfter = retryAfterOf(app);
    if (retryAfter !== undefined) reply.header('retry-after', String(retryAfter));
    return reply
      .code(app.status)
      .send({ code: app.appCode, message: app.message, ...(app.field ? { field: app.field } : {}) });
  });
  // Deliberately without a catalogue code: a missing route must not look like a domain answer
  // (the spec's route-coverage check tells the two apart by that).
  app.setNotFoundHandler((_request, reply) =>
    reply.code(404).send({ error: 'Not Found', message: 'No such route' }),
  );
}

/** Errors Fastify raises itself before a handler runs (bad JSON, body too large...). */
function fromFastify(error: FastifyError): AppError | undefined {
  if (!error.code?.startsWith('FST_') || !error.statusCode || error.statusCode >= 500) return undefined;
  if (error.statusCode === 413) return new AppError('PAYLOAD_TOO_LARGE', 'Request body too large');
  if (error.statusCode === 415) return new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send application/json');
  return new AppError('VALIDATION_ERROR', error.message);
}

/** The innermost error's message: why a query failed, not the "Failed query: <SQL>" around it. */
export function rootCause(error: unknown): string {
  let current = error as { message?: unknown; cause?: unknown };
  for (let depth = 0; depth < 6 && current.cause && typeof current.cause === 'object'; depth++) {
    current = current.cause as typeof current;
  }
  return String(current.message ?? current);
}
