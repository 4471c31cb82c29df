import type { ExpenseInput } from '@dolya/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { body, type CallerFor, param } from './caller';
import { listExpensesRoute } from './expense-list';
import { idempotencyKey } from './idempotency';
import { expenseInputFromBody, presentExpense } from './presenter';

/**
 * The body in cents. One that does not convert is refused only once `reach` (a read of the same
 * target) has passed, so the edge answers in the procedure's order: 401 signed out, 404 for what
 * the caller may not see, then 400 for the body.
 */
async function inputFrom(req: FastifyRequest, reach: () => Promise<unknown>): Promise<ExpenseInput> {
  try {
    return expenseInputFromBody(body(req));
  } catch (error) {
    await reach();
    throw error;
  }
}

export function expenseRoutes(app: FastifyInstance, call: CallerFor) {
  app.get('/api/groups/:id/expenses', async (req, reply) =>
    listExpensesRoute(await call(req, reply), param(req, 'id'), req, reply),
  );
  // Not among the spec's calls: one expense in full, snapshot included, which the list leaves out.
  app.get('/api/groups/expenses/:id', async (req, reply) =>
    presentExpense(await (await call(req, reply)).expenses.get({ expenseId: param(req, 'id') })),
  );
  app.post('/api/groups/:id/expenses', async (req, reply) => {
    const caller = await call(req, reply);
    const groupId = param(req, 'id');
    const input = await inputFrom(req, () => caller.groups.get({ groupId }));
    const created = await caller.expenses.create({ ...input, ...idempotencyKey(req), groupId });
    return reply.code(201).send(created);
  });
  app.put('/api/groups/expenses/:id', async (req, reply) => {
    const caller = await call(req, reply);
    const expenseId = param(req, 'id');
    const input = await inputFrom(req, () => caller.expenses.get({ expenseId }));
    return caller.expenses.update({ ...input, expenseId });
  });
  app.delete('/api/groups/expenses/:id', async (req, reply) => {
    await (await call(req, reply)).expenses.delete({ expenseId: param(req, 'id') });
    return reply.code(204).send();
  });
}
