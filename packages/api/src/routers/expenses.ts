import { expenseInput, idSchema } from '@dolya/domain';
import { z } from 'zod';
import { idempotentUserProcedure } from '../idempotency';
import { EXPENSE_PAGE_SIZE, getExpense, listExpenses } from '../services/expense-queries';
import { createExpense, deleteExpense, updateExpense } from '../services/expenses';
import { router, userProcedure } from '../trpc';

export const expensesRouter = router({
  /** A page of the group's expenses, newest first: `{ items, nextCursor }`; rows without snapshot. */
  list: userProcedure
    .input(
      z.object({
        groupId: idSchema,
        limit: z.number().int().min(1).max(EXPENSE_PAGE_SIZE.max).optional(),
        /** The previous page's nextCursor; null or absent for the first page. */
        cursor: z.string().min(1).max(500).nullish(),
        withItems: z.boolean().optional(),
      }),
    )
    .query(({ ctx, input }) => listExpenses(ctx.db, ctx.user.id, input)),
  get: userProcedure
    .input(z.object({ expenseId: idSchema }))
    .query(({ ctx, input }) => getExpense(ctx.db, ctx.user.id, input.expenseId)),
  create: idempotentUserProcedure
    .input(expenseInput.extend({ groupId: idSchema }))
    .mutation(({ ctx, input: { groupId, ...expense } }) =>
      createExpense(ctx.db, ctx.user.id, groupId, expense),
    ),
  update: userProcedure
    .input(expenseInput.extend({ expenseId: idSchema }))
    .mutation(({ ctx, input: { expenseId, ...expense } }) =>
      updateExpense(ctx.db, ctx.user.id, expenseId, expense),
    ),
  delete: userProcedure.input(z.object({ expenseId: idSchema })).mutation(async ({ ctx, input }) => {
    await deleteExpense(ctx.db, ctx.user.id, input.expenseId);
    return { ok: true };
  }),
});
