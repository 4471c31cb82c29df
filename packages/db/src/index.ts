export * from './client';
export { createGate, type Gate } from './gate';
export { requestSignal, runInRequestScope } from './request-scope';
export { inTransaction } from './transaction';
export * as schema from './schema';
export * from './schema';
export { DatabaseUnavailableError } from './unavailable';
