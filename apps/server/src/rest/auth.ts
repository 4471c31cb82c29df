import type { FastifyInstance } from 'fastify';
import { body, type CallerFor } from './caller';

export function authRoutes(app: FastifyInstance, call: CallerFor) {
  app.get('/api/auth/me', async (req, reply) => (await call(req, reply)).auth.me());
  app.put('/api/auth/me', async (req, reply) =>
    (await call(req, reply)).auth.updateProfile(body(req) as never),
  );
  app.get('/api/auth/providers', async (req, reply) => (await call(req, reply)).auth.providers());
  app.post('/api/auth/logout', async (req, reply) => (await call(req, reply)).auth.logout());
  app.post('/api/auth/register', async (req, reply) => {
    const user = await (await call(req, reply)).auth.register(body(req) as never);
    return reply.code(201).send(user);
  });
  app.post('/api/auth/login', async (req, reply) => (await call(req, reply)).auth.login(body(req) as never));
}
