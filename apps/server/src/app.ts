import { appRouter, retryAfterOf, toAppError } from '@dolya/api';
import type { Database, PoolView } from '@dolya/db';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyError, type FastifyReply, type FastifyRequest } from 'fastify';
import type { Registry } from 'prom-client';
import { registerCompression } from './compression';
import type { Config } from './config';
import { contextFactory } from './context';
import { registerErrorHandler, rootCause } from './errors';
import { registerHealth } from './health';
import { registerLoadShedding } from './load-shedding';
import { logThrottle } from './log-throttle';
import { loggerOptions } from './logger';
import { createMailer } from './mail';
import { registerMetrics, registerMetricsRoute } from './metrics';
import { registerRequestGuard } from './request-guard';
import { REQUEST_ID_HEADER, registerRequestId, requestIdOf } from './request-id';
import { registerRequestLimits } from './request-limits';
import { accountRoutes } from './rest/account';
import { authRoutes } from './rest/auth';
import { callerFactory } from './rest/caller';
import { expenseRoutes } from './rest/expenses';
import { fxRoutes } from './rest/fx';
import { groupExportRoutes } from './rest/group-export';
import { groupRoutes } from './rest/groups';
import { identityRoutes } from './rest/identities';
import { importRoutes } from './rest/imports';
import { inviteRoutes } from './rest/invites';
import { memberRoutes } from './rest/members';
import { oauthRoutes } from './rest/oauth';
import { openApiRoutes } from './rest/openapi/routes';
import { passkeyRoutes } from './rest/passkey';
import { socialRoutes } from './rest/social';
import { telegramRoutes } from './rest/telegram';
import { registerSecurityHeaders } from './security-headers';
import { registerTrpcRoutes } from './trpc-routes';
import { inlineScriptHashes, readPagesHtml, registerWebApp } from './web';

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's Prometheus metrics (served by /metrics or METRICS_PORT). */
    metrics: Registry;
  }
}

export interface BuildOptions {
  /** PostgreSQL's pool, for its metrics. */
  pool?: PoolView | undefined;
  /** Where the log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
}

export async function buildApp(config: Config, db: Database, options: BuildOptions = {}) {
  const app = Fastify({
    logger: options.logStream ? { level: config.logLevel, stream: options.logStream } : loggerOptions(config),
    requestIdHeader: false,
    genReqId: requestIdOf,
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // The whole request (headers and body) must arrive within the deadline too.
    requestTimeout: config.requestTimeoutMs,
    // A malformed URL or an over-long path segment (an id of 100+ characters) is bad input too, and
    // answers in the API's error shape instead of Fastify's own body (400 and 414 with FST_ codes).
    // Raised before any hook runs, so the request id goes in here.
    frameworkErrors: (error: FastifyError, request: FastifyRequest, reply: FastifyReply) =>
      reply
        .code(400)
        .header(REQUEST_ID_HEADER, request.id)
        .send({
          code: 'VALIDATION_ERROR',
          message:
            error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'A path segment is too long' : 'The URL is malformed',
          requestId: request.id,
        }),
  });
  // Clients often send content-type: application/json on a bodyless DELETE or logout; an empty body is no body.
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, text, done) => {
    if (text === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text as string));
    } catch {
      done(
        Object.assign(new Error('The body is not valid JSON'), {
          statusCode: 400,
          code: 'FST_ERR_CTP_INVALID_JSON',
        }),
      );
    }
  });
  registerRequestId(app);
  await app.register(fastifyCookie);
  // One log line a second at most for refusals: load shedding, REST and tRPC (log-throttle.ts).
  const refusals = logThrottle(1000);
  registerErrorHandler(app, refusals);
  await registerSecurityHeaders(app, {
    publicUrl: config.publicUrl,
    frameAncestors: config.frameAncestors,
    inlineScriptHashes: inlineScriptHashes(readPagesHtml(config.webDist)),
  });
  await registerLoadShedding(app, config.loadShedding, refusals);
  const admission = registerRequestLimits(app, {
    timeoutMs: config.requestTimeoutMs,
    concurrency: config.maxConcurrentRequests,
    maxQueued: config.maxQueuedRequests,
    queueWaitMs: config.databasePool.waitMs,
  });
  const metrics = registerMetrics(app, {
    pool: options.pool,
    admission,
    admissionSize: config.maxConcurrentRequests,
  });
  app.decorate('metrics', metrics.registry);
  if (config.metricsToken) registerMetricsRoute(app, metrics.registry, config.metricsToken);
  registerRequestGuard(app, config);
  // The static files first: they are compressed at build time, the routes after this per answer.
  if (config.webDist && !(await registerWebApp(app, config.webDist))) {
    // Said once at start: an image or checkout without the build serves the API only.
    app.log.warn({ webDist: config.webDist }, 'no web build (index.html) there: serving the API only');
  }
  await registerCompression(app);

  const createContext = contextFactory(config, db, createMailer(config, app.log));
  await registerTrpcRoutes(app, {
    router: appRouter,
    createContext,
    onError: ({ error, path, req }) => {
      const failure = toAppError(error);
      const status = failure.status;
      metrics.procedureFailed(path, failure.appCode);
      if (status === 503) {
        const refusedMeanwhile = refusals();
        if (refusedMeanwhile !== undefined)
          req.log.warn(
            { path, reason: rootCause(error), refusedMeanwhile },
            'procedure refused: unavailable',
          );
      } else if (status >= 500) req.log.error({ err: error, path }, 'procedure failed');
    },
    // A call refused by a limit or an unavailable database tells the client when to come back,
    // as the REST routes do.
    headersFor: (errors): Record<string, string> => {
      const waits = errors.map((error) => retryAfterOf(toAppError(error))).filter((s) => s !== undefined);
      return waits.length > 0 ? { 'retry-after': String(Math.max(...waits)) } : {};
    },
  });

  openApiRoutes(app);
  const call = callerFactory(createContext);
  authRoutes(app, call);
  accountRoutes(app, call);
  groupRoutes(app, call);
  importRoutes(app, call);
  groupExportRoutes(app, call);
  expenseRoutes(app, call);
  fxRoutes(app, call);
  memberRoutes(app, call);
  oauthRoutes(app, call, createContext, config);
  identityRoutes(app, call);
  telegramRoutes(app, call);
  passkeyRoutes(app, call);
  inviteRoutes(app, call);
  socialRoutes(app, call);
  registerHealth(app, db);
  return app;
}
