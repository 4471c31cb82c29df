import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import { router } from '../trpc';
import { accountRouter } from './account';
import { adminRouter } from './admin';
import { authRouter } from './auth';
import { botRouter } from './bot';
import { draftsRouter } from './drafts';
import { expensesRouter } from './expenses';
import { fxRouter } from './fx';
import { groupExportRouter } from './group-export';
import { balancesRouter, categoriesRouter, logsRouter, statsRouter } from './group-views';
import { groupsRouter } from './groups';
import { identitiesRouter } from './identities';
import { importsRouter } from './imports';
import { invitesRouter } from './invites';
import { membersRouter } from './members';
import { oauthRouter } from './oauth';
import { passkeyRouter } from './passkey';
import { recurringRouter } from './recurring';
import { remindersRouter } from './reminders';
import { friendsRouter, notificationsRouter, usersRouter } from './social';
import { telegramRouter } from './telegram';

export const appRouter = router({
  auth: authRouter,
  account: accountRouter,
  groups: groupsRouter,
  members: membersRouter,
  expenses: expensesRouter,
  recurring: recurringRouter,
  fx: fxRouter,
  drafts: draftsRouter,
  balances: balancesRouter,
  categories: categoriesRouter,
  logs: logsRouter,
  stats: statsRouter,
  passkey: passkeyRouter,
  telegram: telegramRouter,
  identities: identitiesRouter,
  oauth: oauthRouter,
  invites: invitesRouter,
  users: usersRouter,
  friends: friendsRouter,
  notifications: notificationsRouter,
  bot: botRouter,
  groupExport: groupExportRouter,
  admin: adminRouter,
  reminders: remindersRouter,
  imports: importsRouter,
});

export type AppRouter = typeof appRouter;

/** What each procedure takes, for typed clients: `RouterInputs['expenses']['create']`. */
export type RouterInputs = inferRouterInputs<AppRouter>;
/** What each procedure returns (money in cents, dates as ISO strings): `RouterOutputs['groups']['get']`. */
export type RouterOutputs = inferRouterOutputs<AppRouter>;
