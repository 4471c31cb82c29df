import { AppError, appRouter, createCallerFactory } from '@dolya/api';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ContextFactory } from '../context';

const createCaller = createCallerFactory(appRouter);
export type Caller = ReturnType<typeof createCaller>;
export type CallerFor = (request: FastifyRequest, reply: FastifyReply) => Promise<Caller>;

/** REST routes call the same procedures in-process, with the request's own context. */
export function callerFactory(createContext: ContextFactory): CallerFor {
  return async (request, reply) => createCaller(await createContext(request, reply));
}

/** The JSON body as an object; procedures validate the fields themselves. */
export function body(request: FastifyRequest): Record<string, unknown> {
  const value = request.body ?? {};
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw new AppError('VALIDATION_ERROR', 'The body must be a JSON object');
  }
  return value as Record<string, unknown>;
}

export function param(request: FastifyRequest, name: string): string {
  return (request.params as Record<string, string>)[name] ?? '';
}
