import type { FastifyInstance } from 'fastify';
import { body, type CallerFor, param } from './caller';
import { idempotencyKey } from './idempotency';

export function expenseRoutes(app: FastifyInstance, call: CallerFor) {
  app.get('/api/groups/:id/expenses', async (req, reply) =>
    (await call(req, reply)).expenses.list({ groupId: param(req, 'id') }),
  );
  app.post('/api/groups/:id/expenses', async (req, reply) => {
    const created = await (await call(req, reply)).expenses.create({
      ...body(req),
      ...idempotencyKey(req),
      groupId: param(req, 'id'),
    } as never);
    return reply.code(201).send(created);
  });
  app.put('/api/groups/expenses/:id', async (req, reply) =>
    (await call(req, reply)).expenses.update({ ...body(req), expenseId: param(req, 'id') } as never),
  );
  app.delete('/api/groups/expenses/:id', async (req, reply) => {
    await (await call(req, reply)).expenses.delete({ expenseId: param(req, 'id') });
    return reply.code(204).send();
  });
}
