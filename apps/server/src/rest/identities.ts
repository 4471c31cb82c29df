import type { FastifyInstance } from 'fastify';
import { type CallerFor, param } from './caller';

export function identityRoutes(app: FastifyInstance, call: CallerFor) {
  app.get('/api/identities', async (req, reply) => (await call(req, reply)).identities.list());
  app.delete('/api/identities/:id', async (req, reply) => {
    await (await call(req, reply)).identities.unlink({ id: param(req, 'id') });
    return reply.code(204).send();
  });
}
