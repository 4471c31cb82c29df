export * from './client';
export { createGate, type Gate } from './gate';
export { type MigrationStatus, migrationStatus, readJournal } from './migration-status';
export { requestSignal, runInRequestScope } from './request-scope';
export { inTransaction } from './transaction';
export * as schema from './schema';
export * from './schema';
export { DatabaseUnavailableError } from './unavailable';
