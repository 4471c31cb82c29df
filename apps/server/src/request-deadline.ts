import { runInRequestScope } from '@dolya/db';
import type { FastifyInstance, FastifyRequest } from 'fastify';

const API_PATH = /^\/(api|trpc)(\/|\?|$)/;

/**
 * Every API request gets a signal that aborts when its client goes away (the connection closes
 * before the answer is sent) or when its deadline passes. Its handler runs in that request's
 * database scope (@dolya/db request-scope), so the abort frees its place in the connection queue,
 * cancels its running statements and rolls back its open transaction: nothing runs on for minutes
 * and no write commits after its client gave up. Work cut short by the deadline answers 503.
 */
export function registerRequestDeadline(app: FastifyInstance, timeoutMs: number) {
  const signals = new WeakMap<FastifyRequest, AbortSignal>();

  app.addHook('onRequest', (request, reply, done) => {
    if (!API_PATH.test(request.url)) return done();
    const controller = new AbortController();
    const deadline = setTimeout(() => controller.abort(), timeoutMs);
    reply.raw.once('close', () => {
      clearTimeout(deadline);
      if (!reply.raw.writableFinished) controller.abort();
    });
    signals.set(request, controller.signal);
    runInRequestScope(controller.signal, done);
  });

  // Reading a body hops to the socket's own async context; step back into the request's scope
  // right before the handler, which Fastify calls synchronously from the last preHandler.
  app.addHook('preHandler', (request, _reply, done) => {
    const signal = signals.get(request);
    if (signal) runInRequestScope(signal, done);
    else done();
  });
}
