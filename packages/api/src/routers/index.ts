import { router } from '../trpc';
import { authRouter } from './auth';
import { expensesRouter } from './expenses';
import { balancesRouter, categoriesRouter, logsRouter } from './group-views';
import { groupsRouter } from './groups';
import { membersRouter } from './members';

export const appRouter = router({
  auth: authRouter,
  groups: groupsRouter,
  members: membersRouter,
  expenses: expensesRouter,
  balances: balancesRouter,
  categories: categoriesRouter,
  logs: logsRouter,
});

export type AppRouter = typeof appRouter;
