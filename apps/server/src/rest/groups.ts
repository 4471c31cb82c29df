import type { FastifyInstance } from 'fastify';
import { body, type CallerFor, param } from './caller';
import { idempotencyKey } from './idempotency';
import { presentBalances, presentGroupListItem, presentLog } from './presenter';

export function groupRoutes(app: FastifyInstance, call: CallerFor) {
  app.get('/api/groups', async (req, reply) =>
    (await (await call(req, reply)).groups.list()).map(presentGroupListItem),
  );
  app.post('/api/groups', async (req, reply) => {
    const created = await (await call(req, reply)).groups.create({
      ...body(req),
      ...idempotencyKey(req),
    } as never);
    return reply.code(201).send(created);
  });
  app.get('/api/groups/:id', async (req, reply) =>
    (await call(req, reply)).groups.get({ groupId: param(req, 'id') }),
  );
  app.put('/api/groups/:id', async (req, reply) =>
    (await call(req, reply)).groups.update({ ...body(req), groupId: param(req, 'id') } as never),
  );
  app.delete('/api/groups/:id', async (req, reply) => {
    await (await call(req, reply)).groups.delete({ groupId: param(req, 'id') });
    return reply.code(204).send();
  });
  app.get('/api/groups/:id/categories', async (req, reply) =>
    (await call(req, reply)).categories.list({ groupId: param(req, 'id') }),
  );
  app.get('/api/groups/:id/logs', async (req, reply) =>
    (await (await call(req, reply)).logs.list({ groupId: param(req, 'id') })).map(presentLog),
  );
  app.get('/api/groups/:id/balances', async (req, reply) =>
    presentBalances(await (await call(req, reply)).balances.get({ groupId: param(req, 'id') })),
  );
}
