import type { FastifyInstance, FastifyRequest } from 'fastify';
import { body, type Caller, type CallerFor, param } from './caller';
import { listExpensesRoute } from './expense-list';
import { completeExpenseInput } from './foreign-amount';
import { idempotencyKey } from './idempotency';
import { type ExpenseBodyParts, expenseBodyParts, presentExpense } from './presenter';

/**
 * The body in cents. One that does not convert is refused only once `reach` (a read of the same
 * target) has passed, so the edge answers in the procedure's order: 401 signed out, 404 for what
 * the caller may not see, then 400 for the body.
 */
async function inputFrom(req: FastifyRequest, reach: () => Promise<unknown>): Promise<ExpenseBodyParts> {
  try {
    return expenseBodyParts(body(req));
  } catch (error) {
    await reach();
    throw error;
  }
}

/**
 * The expense of a path that names it by id alone (`/api/groups/expenses/{id}`, the spec's): its
 * group is found among the caller's groups first, since every procedure takes (groupId, expenseId).
 */
async function expenseRef(caller: Caller, req: FastifyRequest) {
  const expenseId = param(req, 'id');
  const { groupId } = await caller.expenses.locate({ expenseId });
  return { groupId, expenseId };
}

/** The spec's answers ({id}, {id, version}), with seriesId (issue 28) only for an expense in a series. */
function withSeriesIfAny<T extends { seriesId: string | null }>({ seriesId, ...answer }: T) {
  return seriesId ? { ...answer, seriesId } : answer;
}

export function expenseRoutes(app: FastifyInstance, call: CallerFor) {
  app.get('/api/groups/:id/expenses', async (req, reply) =>
    listExpensesRoute(await call(req, reply), param(req, 'id'), req, reply),
  );
  // Not among the spec's calls: one expense in full, snapshot included, which the list leaves out.
  app.get('/api/groups/expenses/:id', async (req, reply) => {
    const caller = await call(req, reply);
    return presentExpense(await caller.expenses.get(await expenseRef(caller, req)));
  });
  app.post('/api/groups/:id/expenses', async (req, reply) => {
    const caller = await call(req, reply);
    const groupId = param(req, 'id');
    const parts = await inputFrom(req, () => caller.groups.get({ groupId }));
    const input = await completeExpenseInput(caller, groupId, parts);
    const created = await caller.expenses.create({
      ...input,
      ...idempotencyKey(req),
      groupId,
      recurrence: parts.repeat.recurrence,
    });
    return reply.code(201).send(withSeriesIfAny(created));
  });
  app.put('/api/groups/expenses/:id', async (req, reply) => {
    const caller = await call(req, reply);
    // Found first: 401 signed out, then 404 for what the caller may not see, then 400 for the body.
    const ref = await expenseRef(caller, req);
    const parts = expenseBodyParts(body(req));
    const input = await completeExpenseInput(caller, ref.groupId, parts);
    return withSeriesIfAny(await caller.expenses.update({ ...input, ...ref, ...parts.repeat }));
  });
  app.delete('/api/groups/expenses/:id', async (req, reply) => {
    const caller = await call(req, reply);
    await caller.expenses.delete(await expenseRef(caller, req));
    return reply.code(204).send();
  });
  // Issue 28: stops a recurring series (its expenses stay); members of the group only.
  app.delete('/api/groups/:id/recurring/:seriesId', async (req, reply) => {
    const caller = await call(req, reply);
    await caller.recurring.stop({ groupId: param(req, 'id'), seriesId: param(req, 'seriesId') });
    return reply.code(204).send();
  });
}
