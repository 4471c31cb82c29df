import type { FastifyInstance } from 'fastify';
import { body, type CallerFor, param } from './caller';

export function socialRoutes(app: FastifyInstance, call: CallerFor) {
  app.get('/api/users/lookup', async (req, reply) => {
    const { username } = req.query as { username?: unknown };
    return (await call(req, reply)).users.lookup({ username: typeof username === 'string' ? username : '' });
  });

  app.get('/api/friends', async (req, reply) => (await call(req, reply)).friends.list());
  app.post('/api/friends', async (req, reply) => {
    const friend = await (await call(req, reply)).friends.add(body(req) as never);
    return reply.code(201).send(friend);
  });
  app.delete('/api/friends/:id', async (req, reply) => {
    await (await call(req, reply)).friends.remove({ id: param(req, 'id') });
    return reply.code(204).send();
  });

  app.get('/api/notifications', async (req, reply) => (await call(req, reply)).notifications.list());
  for (const action of ['accept', 'decline', 'block'] as const) {
    app.post(`/api/notifications/${action}`, async (req, reply) =>
      (await call(req, reply)).notifications[action](body(req) as never),
    );
  }
}
