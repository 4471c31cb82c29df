import { appRouter } from '@dolya/api';
import type { Database } from '@dolya/db';
import fastifyCookie from '@fastify/cookie';
import { fastifyTRPCPlugin } from '@trpc/server/adapters/fastify';
import Fastify from 'fastify';
import type { Config } from './config';
import { contextFactory } from './context';
import { registerErrorHandler } from './errors';
import { registerRequestGuard } from './request-guard';
import { authRoutes } from './rest/auth';
import { callerFactory } from './rest/caller';
import { expenseRoutes } from './rest/expenses';
import { groupRoutes } from './rest/groups';

export async function buildApp(config: Config, db: Database) {
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
  });
  await app.register(fastifyCookie);
  registerErrorHandler(app);
  registerRequestGuard(app, config);

  const createContext = contextFactory(config, db);
  await app.register(fastifyTRPCPlugin, {
    prefix: '/trpc',
    trpcOptions: {
      router: appRouter,
      createContext: ({
        req,
        res,
      }: {
        req: Parameters<typeof createContext>[0];
        res: Parameters<typeof createContext>[1];
      }) => createContext(req, res),
      onError: ({ error, path }: { error: { code: string }; path?: string }) => {
        if (error.code === 'INTERNAL_SERVER_ERROR') app.log.error({ err: error, path }, 'procedure failed');
      },
    },
  });

  const call = callerFactory(createContext);
  authRoutes(app, call);
  groupRoutes(app, call);
  expenseRoutes(app, call);
  app.get('/health', async () => ({ ok: true }));
  return app;
}
