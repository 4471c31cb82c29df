import type { FastifyInstance } from 'fastify';
import { body, type CallerFor } from './caller';

/** Telegram sign-in (spec §7): the login widget, the mini app's init data, and linking. */
export function telegramRoutes(app: FastifyInstance, call: CallerFor) {
  app.post('/api/auth/telegram', async (req, reply) =>
    (await call(req, reply)).telegram.login(body(req) as never),
  );
  app.post('/api/auth/telegram/miniapp', async (req, reply) =>
    (await call(req, reply)).telegram.miniapp(body(req) as never),
  );
  app.post('/api/auth/telegram/miniapp/register', async (req, reply) => {
    const user = await (await call(req, reply)).telegram.miniappRegister(body(req) as never);
    return reply.code(201).send(user);
  });
  app.post('/api/auth/telegram/link', async (req, reply) => {
    await (await call(req, reply)).telegram.link(body(req) as never);
    return reply.code(204).send();
  });
}
