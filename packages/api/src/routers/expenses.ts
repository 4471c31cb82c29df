import { expenseInput, idSchema } from '@dolya/domain';
import { z } from 'zod';
import { getExpense, listExpenses } from '../services/expense-queries';
import { createExpense, deleteExpense, updateExpense } from '../services/expenses';
import { authedProcedure, router } from '../trpc';

export const expensesRouter = router({
  list: authedProcedure
    .input(z.object({ groupId: idSchema }))
    .query(({ ctx, input }) => listExpenses(ctx.db, ctx.user.id, input.groupId)),
  get: authedProcedure
    .input(z.object({ expenseId: idSchema }))
    .query(({ ctx, input }) => getExpense(ctx.db, ctx.user.id, input.expenseId)),
  create: authedProcedure
    .input(expenseInput.extend({ groupId: idSchema }))
    .mutation(({ ctx, input: { groupId, ...expense } }) =>
      createExpense(ctx.db, ctx.user.id, groupId, expense),
    ),
  update: authedProcedure
    .input(expenseInput.extend({ expenseId: idSchema }))
    .mutation(({ ctx, input: { expenseId, ...expense } }) =>
      updateExpense(ctx.db, ctx.user.id, expenseId, expense),
    ),
  delete: authedProcedure.input(z.object({ expenseId: idSchema })).mutation(async ({ ctx, input }) => {
    await deleteExpense(ctx.db, ctx.user.id, input.expenseId);
    return { ok: true };
  }),
});
