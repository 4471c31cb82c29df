import type { FastifyInstance } from 'fastify';
import { body, type CallerFor, param } from './caller';
import { expenseInputFromBody, presentExpense } from './presenter';

export function expenseRoutes(app: FastifyInstance, call: CallerFor) {
  app.get('/api/groups/:id/expenses', async (req, reply) =>
    (await (await call(req, reply)).expenses.list({ groupId: param(req, 'id') })).map(presentExpense),
  );
  app.post('/api/groups/:id/expenses', async (req, reply) => {
    const caller = await call(req, reply);
    const created = await caller.expenses.create({
      ...expenseInputFromBody(body(req)),
      groupId: param(req, 'id'),
    });
    return reply.code(201).send(created);
  });
  app.put('/api/groups/expenses/:id', async (req, reply) => {
    const caller = await call(req, reply);
    return caller.expenses.update({ ...expenseInputFromBody(body(req)), expenseId: param(req, 'id') });
  });
  app.delete('/api/groups/expenses/:id', async (req, reply) => {
    await (await call(req, reply)).expenses.delete({ expenseId: param(req, 'id') });
    return reply.code(204).send();
  });
}
