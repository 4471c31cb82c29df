import { expenseFilterInput, expenseInput, idSchema, recurrenceInput, seriesScopes } from '@dolya/domain';
import { z } from 'zod';
import { idempotentUserProcedure } from '../idempotency';
import { EXPENSE_PAGE_SIZE, getExpense, listExpenses, locateExpense } from '../services/expense-queries';
import { createExpenseWithRepeat, updateExpenseWithRepeat } from '../services/expense-series';
import { deleteExpense, restoreExpense } from '../services/expenses';
import { authedProcedure, router, userProcedure } from '../trpc';

const expenseRef = z.object({ groupId: idSchema, expenseId: idSchema });

export const expensesRouter = router({
  /**
   * A page of the group's expenses, newest first: `{ items, nextCursor }`; rows without snapshot.
   * With `filter`, only the matching ones (text, member, category, days), paged the same way.
   */
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
        /** Search and filters; the pages and cursors work the same with them. */
        filter: expenseFilterInput.optional(),
      }),
    )
    .query(({ ctx, input }) => listExpenses(ctx.db, ctx.user.id, input)),
  /** An expense is named by its group and its id: (group_id, id) is its key. */
  get: userProcedure.input(expenseRef).query(({ ctx, input }) => getExpense(ctx.db, ctx.user.id, input)),
  /**
   * The group of an expense known by its id alone, among the caller's groups: for the spec's REST
   * paths `/api/groups/expenses/{id}`, which name no group; everything else knows the group.
   */
  locate: userProcedure
    .input(z.object({ expenseId: idSchema }))
    .query(({ ctx, input }) => locateExpense(ctx.db, ctx.user.id, input.expenseId)),
  /**
   * With a draftId (the web form opened from a bot draft), the draft is consumed in the same transaction.
   * With a `recurrence` rule (issue 28) the expense is the first occurrence of a new series, in the
   * same transaction too (a bad rule writes nothing). Answers `{ id, seriesId }`.
   */
  create: idempotentUserProcedure
    .input(
      expenseInput.extend({
        groupId: idSchema,
        draftId: idSchema.optional(),
        recurrence: recurrenceInput.nullish(),
      }),
    )
    .mutation(({ ctx, input: { groupId, draftId, recurrence, ...expense } }) =>
      createExpenseWithRepeat(ctx.db, ctx.user.id, { groupId, draftId, expense, recurrence }),
    ),
  /**
   * `recurrence`: a rule sets or changes the expense's repeat, null stops its series, absent leaves
   * it. `seriesScope` ('this' | 'following'): required when the expense is in an active series and
   * the edit changes its name, amount, payers, split or currency. Answers `{ id, version, seriesId }`.
   */
  update: userProcedure
    .input(
      expenseInput.extend(expenseRef.shape).extend({
        recurrence: recurrenceInput.nullish(),
        seriesScope: z.enum(seriesScopes).optional(),
      }),
    )
    .mutation(({ ctx, input: { groupId, expenseId, recurrence, seriesScope, ...expense } }) =>
      updateExpenseWithRepeat(ctx.db, ctx.user.id, { groupId, expenseId }, expense, {
        recurrence,
        seriesScope,
      }),
    ),
  delete: userProcedure.input(expenseRef).mutation(async ({ ctx, input }) => {
    await deleteExpense(ctx.db, ctx.user.id, input);
    return { ok: true };
  }),
  /**
   * Brings a deleted expense back (from the activity log): a group admin or its creator; a live
   * one is left as it is (`restored: false`), so a retry is harmless.
   */
  restore: authedProcedure
    .input(expenseRef)
    .mutation(({ ctx, input }) => restoreExpense(ctx.db, ctx.user.id, input)),
});
