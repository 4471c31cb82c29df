export type { Actor, ApiConfig, AuthUser, Context, Mailer, MailMessage, SessionCookie } from './context';
export { actingUser, browserActor } from './context';
export { toAppError } from './error-mapping';
export { AppError, type ErrorCode, errorStatus, retryAfterOf } from './errors';
export { type AppRouter, appRouter, type RouterInputs, type RouterOutputs } from './routers';
export { seedDemo } from './seed';
export { resolveBotActor } from './services/actors';
export type { Debt, GroupBalances, MemberBalance } from './services/balances';
export type {
  Expense,
  ExpenseDetail,
  ExpenseItem,
  ExpenseListItem,
  ExpensePage,
  ExpenseSeriesInfo,
} from './services/expense-queries';
export type { Group, GroupListItem } from './services/groups';
export { LOG_ACTIONS, type LogAction, type LogDetails, type LogEntry } from './services/logs';
export type { GroupMember } from './services/members';
export {
  finishOAuth,
  OAUTH_STATE_MAX_AGE_SECONDS,
  type OAuthMode,
  startOAuth,
} from './services/oauth';
export { isOAuthProvider, isProviderConfigured, type OAuthProvider } from './services/oauth-providers';
export { RateLimitedError } from './services/rate-limits';
export {
  type MadeOccurrence,
  type RecurringJob,
  runDueOccurrences,
  startRecurringJob,
} from './services/recurring';
export { safeRedirect } from './services/safe-redirect';
export { resolveSession } from './services/sessions';
export { startWeeklySummaryJob, type WeeklySummaryJob } from './services/weekly-summary';
export { TelegramSender, type TelegramSenderOptions } from './telegram/sender';
export { createCallerFactory } from './trpc';
