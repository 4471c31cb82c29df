import type { FastifyInstance } from 'fastify';
import { body, type CallerFor, param } from './caller';
import { idempotencyKey } from './idempotency';

export function memberRoutes(app: FastifyInstance, call: CallerFor) {
  app.post('/api/groups/:id/members', async (req, reply) => {
    const added = await (await call(req, reply)).members.add({
      ...body(req),
      ...idempotencyKey(req),
      groupId: param(req, 'id'),
    } as never);
    return reply.code(201).send(added);
  });
  app.delete('/api/groups/:id/members/:userId', async (req, reply) => {
    await (await call(req, reply)).members.remove({
      groupId: param(req, 'id'),
      userId: param(req, 'userId'),
    });
    return reply.code(204).send();
  });
  app.delete('/api/groups/:id/members/by-member/:memberId', async (req, reply) => {
    await (await call(req, reply)).members.remove({
      groupId: param(req, 'id'),
      memberId: param(req, 'memberId'),
    });
    return reply.code(204).send();
  });
  app.post('/api/groups/:id/members/:userId/make-admin', async (req, reply) =>
    (await call(req, reply)).members.makeAdmin({ groupId: param(req, 'id'), userId: param(req, 'userId') }),
  );
  app.post('/api/groups/:id/members/:userId/revoke-admin', async (req, reply) =>
    (await call(req, reply)).members.revokeAdmin({ groupId: param(req, 'id'), userId: param(req, 'userId') }),
  );
}
