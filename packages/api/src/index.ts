export type { ApiConfig, AuthUser, Context, SessionCookie } from './context';
export { toAppError } from './error-mapping';
export { AppError, type ErrorCode, errorStatus } from './errors';
export { type AppRouter, appRouter } from './routers';
export { seedDemo } from './seed';
export { resolveSession } from './services/sessions';
export { createCallerFactory } from './trpc';
