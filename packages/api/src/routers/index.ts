import { router } from '../trpc';
import { authRouter } from './auth';
import { expensesRouter } from './expenses';
import { balancesRouter, categoriesRouter, logsRouter } from './group-views';
import { groupsRouter } from './groups';

export const appRouter = router({
  auth: authRouter,
  groups: groupsRouter,
  expenses: expensesRouter,
  balances: balancesRouter,
  categories: categoriesRouter,
  logs: logsRouter,
});

export type AppRouter = typeof appRouter;
