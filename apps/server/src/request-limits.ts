import { createGate, type Gate } from '@dolya/db';
import type { FastifyInstance, FastifyRequest } from 'fastify';

const API_PATH = /^\/(api|trpc)(\/|\?|$)/;

export interface RequestLimits {
  /** Deadline of a request, from arrival to answer. */
  timeoutMs: number;
  /** API requests handled at once; more wait their turn. */
  concurrency: number;
  /** API requests that may wait for a turn; more are refused at once. */
  maxQueued: number;
  /** How long a request may wait for its turn before it is refused with 503. */
  queueWaitMs: number;
}

const signals = new WeakMap<FastifyRequest, AbortSignal>();

/**
 * Admission and deadline of every API request.
 *
 * At most `concurrency` API requests run at once; up to `maxQueued` wait in arrival order for at
 * most `queueWaitMs`, and the rest are refused with 503 at once: a server past its capacity answers
 * the excess quickly and keeps the requests it took fast. Admitting whole requests, not single queries,
 * matters under overload: a request needs several queries one after another, and queueing each of
 * them behind everyone else's made nearly every request time out somewhere along the way.
 *
 * Each request gets a signal that aborts when its client goes away (the connection closes before
 * the answer is sent) or its deadline passes (requestSignalOf). Its context's database is bound to
 * that signal (@dolya/db requestDatabase): the abort frees its place, cancels its running
 * statements and rolls back its open transaction, so nothing runs on for minutes and no write
 * commits after its client gave up. Work cut short by the deadline answers 503.
 */
export function registerRequestLimits(app: FastifyInstance, limits: RequestLimits): Gate {
  const admission = createGate({
    size: limits.concurrency,
    waitMs: limits.queueWaitMs,
    maxWaiting: limits.maxQueued,
    what: 'request slot',
  });
  app.addHook('onRequest', (request, reply, done) => {
    if (!API_PATH.test(request.url)) return done();
    const controller = new AbortController();
    const deadline = setTimeout(() => controller.abort(), limits.timeoutMs);
    let release: (() => void) | undefined;
    let closed = false;
    reply.raw.once('close', () => {
      closed = true;
      clearTimeout(deadline);
      if (!reply.raw.writableFinished) controller.abort();
      release?.();
    });
    signals.set(request, controller.signal);
    admission.acquire(controller.signal).then(
      (admitted) => {
        release = admitted;
        if (closed) admitted();
        else done();
      },
      (refused: Error) => done(refused),
    );
  });
  return admission;
}

/** The signal of an API request (undefined for other paths): aborts when its client goes or its deadline passes. */
export function requestSignalOf(request: FastifyRequest): AbortSignal | undefined {
  return signals.get(request);
}
