import { type Database, migrationStatus } from '@dolya/db';
import type { FastifyInstance } from 'fastify';
import { rootCause } from './errors';

/** How long /readyz waits for the database before it calls it unreachable. */
const READY_TIMEOUT_MS = 3000;

/** Answered even while the server sheds load: a probe must see the truth, not a refusal. */
const probe = { config: { pressureHandler: () => undefined } };

/**
 * Probes for an orchestrator or a load balancer. /healthz: the process is alive and serving (always
 * 200). /readyz: it can do its work, i.e. the database answers and has every migration of the
 * folder applied; else 503 with the reason. /health stays as it was for existing checks.
 */
export function registerHealth(app: FastifyInstance, db: Database) {
  app.get('/health', probe, async () => ({ ok: true }));
  app.get('/healthz', probe, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' };
  });
  app.get('/readyz', probe, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    let pending: string[];
    try {
      pending = (await withTimeout(migrationStatus(db), READY_TIMEOUT_MS)).pending;
    } catch (error) {
      const cause = rootCause(error);
      request.log.warn({ reason: cause }, 'not ready: the database does not answer');
      return reply.code(503).send({ status: 'unavailable', reason: 'database unreachable', detail: cause });
    }
    if (pending.length > 0) {
      return reply.code(503).send({ status: 'unavailable', reason: 'migrations pending', pending });
    }
    return { status: 'ready' };
  });
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
