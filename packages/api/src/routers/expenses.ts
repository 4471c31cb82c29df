import { expenseInput, idSchema } from '@dolya/domain';
import { z } from 'zod';
import { idempotentUserProcedure } from '../idempotency';
import { createExpenseConsumingDraft } from '../services/draft-outcomes';
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
        /** sharesInput and percentagesInput in each row; an edit form reads them from expenses.get. */
        withSplitInputs: z.boolean().optional(),
      }),
    )
    .query(({ ctx, input }) => listExpenses(ctx.db, ctx.user.id, input)),
  get: userProcedure
    .input(z.object({ expenseId: idSchema }))
    .query(({ ctx, input }) => getExpense(ctx.db, ctx.user.id, input.expenseId)),
  /** With a draftId (the web form opened from a bot draft), the draft is consumed in the same transaction. */
  create: idempotentUserProcedure
    .input(expenseInput.extend({ groupId: idSchema, draftId: idSchema.optional() }))
    .mutation(({ ctx, input: { groupId, draftId, ...expense } }) =>
      draftId
        ? createExpenseConsumingDraft(ctx.db, ctx.user.id, groupId, draftId, expense)
        : createExpense(ctx.db, ctx.user.id, groupId, expense),
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
