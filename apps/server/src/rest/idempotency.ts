import type { FastifyRequest } from 'fastify';

/**
 * The `Idempotency-Key` header of a retried create, as the procedure's `idempotencyKey` input
 * (which validates it); nothing when absent. Spread it after the body so the header wins.
 */
export function idempotencyKey(request: FastifyRequest): { idempotencyKey?: string } {
  const value = request.headers['idempotency-key'];
  const key = Array.isArray(value) ? value[0] : value;
  return key === undefined ? {} : { idempotencyKey: key };
}
