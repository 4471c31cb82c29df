import { createHash, timingSafeEqual } from 'node:crypto';
import { appRouter } from '@dolya/api';
import type { Gate, PoolView } from '@dolya/db';
import type { FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

export interface MetricsSources {
  /** PostgreSQL's pool (absent on the embedded database). */
  pool?: PoolView | undefined;
  /** The API's admission gate and its size. */
  admission: Gate;
  admissionSize: number;
}

export interface ServerMetrics {
  registry: Registry;
  /** A tRPC procedure failed with this catalogue code. */
  procedureFailed(path: string | undefined, code: string): void;
}

const procedures = new Set(
  Object.keys((appRouter as unknown as { _def: { procedures: object } })._def.procedures),
);

/**
 * Prometheus metrics of this server process: every answer by method, route pattern and status
 * (count and latency histogram), 5xx answers and failed tRPC procedures by code, the database
 * pool (connections in use, callers waiting) and the API's admission (requests running, waiting),
 * plus prom-client's process and Node.js metrics. Labels are bounded: route patterns, never raw
 * URLs; a procedure name not in the router counts as "unknown".
 */
export function registerMetrics(app: FastifyInstance, sources: MetricsSources): ServerMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({
    name: 'dolya_http_requests_total',
    help: 'HTTP answers by method, route pattern and status',
    labelNames,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'dolya_http_request_duration_seconds',
    help: 'Time from a request to its answer, by method, route pattern and status',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const serverErrors = new Counter({
    name: 'dolya_http_server_errors_total',
    help: 'HTTP answers with a 5xx status, by method, route pattern and status',
    labelNames,
    registers: [registry],
  });
  const procedureErrors = new Counter({
    name: 'dolya_trpc_errors_total',
    help: 'Failed tRPC procedure calls by procedure and error code',
    labelNames: ['procedure', 'code'] as const,
    registers: [registry],
  });
  const pool = sources.pool;
  gauge(registry, 'dolya_db_pool_size', 'PostgreSQL connections the pool may open', () => pool?.size);
  gauge(registry, 'dolya_db_pool_in_use', 'PostgreSQL connections in use', () => pool?.stats.busy);
  gauge(
    registry,
    'dolya_db_pool_waiting',
    'Statements and transactions waiting for a connection',
    () => pool?.stats.waiting,
  );
  gauge(registry, 'dolya_requests_max', 'API requests handled at once at most', () => sources.admissionSize);
  gauge(
    registry,
    'dolya_requests_in_flight',
    'API requests being handled',
    () => sources.admission.stats.busy,
  );
  gauge(
    registry,
    'dolya_requests_waiting',
    'API requests waiting for their turn',
    () => sources.admission.stats.waiting,
  );

  app.addHook('onResponse', (request, reply, done) => {
    const labels = {
      method: request.method,
      route: request.routeOptions.url ?? 'unmatched',
      status: String(reply.statusCode),
    };
    requests.inc(labels);
    duration.observe(labels, reply.elapsedTime / 1000);
    if (reply.statusCode >= 500) serverErrors.inc(labels);
    done();
  });

  return {
    registry,
    procedureFailed(path, code) {
      const procedure = (path ?? '').split(',').length === 1 && procedures.has(path ?? '') ? path : 'unknown';
      procedureErrors.inc({ procedure, code });
    },
  };
}

function gauge(registry: Registry, name: string, help: string, read: () => number | undefined) {
  new Gauge({
    name,
    help,
    registers: [registry],
    collect() {
      const value = read();
      if (value !== undefined) this.set(value);
    },
  });
}

/**
 * GET /metrics for a scraper presenting `Authorization: Bearer <METRICS_TOKEN>` (401 otherwise).
 * Without a token the route does not exist (404), unless metrics have a port of their own.
 */
export function registerMetricsRoute(app: FastifyInstance, registry: Registry, token: string) {
  const expected = digest(token);
  app.get('/metrics', { config: { pressureHandler: () => undefined } }, async (request, reply) => {
    const presented = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
    if (!timingSafeEqual(digest(presented), expected)) {
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer')
        .send({ code: 'UNAUTHORIZED', message: 'Metrics need the metrics token' });
    }
    reply.header('content-type', registry.contentType).header('cache-control', 'no-store');
    return registry.metrics();
  });
}

const digest = (value: string) => createHash('sha256').update(value).digest();
