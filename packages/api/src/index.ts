export type { Actor, ApiConfig, AuthUser, Context, SessionCookie } from './context';
export { actingUser, browserActor } from './context';
export { toAppError } from './error-mapping';
export { AppError, type ErrorCode, errorStatus } from './errors';
export { type AppRouter, appRouter } from './routers';
export { seedDemo } from './seed';
export { resolveBotActor } from './services/actors';
export {
  finishOAuth,
  OAUTH_STATE_MAX_AGE_SECONDS,
  type OAuthMode,
  startOAuth,
} from './services/oauth';
export { isOAuthProvider, isProviderConfigured, type OAuthProvider } from './services/oauth-providers';
export { safeRedirect } from './services/safe-redirect';
export { resolveSession } from './services/sessions';
export { createCallerFactory } from './trpc';
