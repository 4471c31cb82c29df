export * from './client';
export { createGate, type Gate } from './gate';
export { type MigrationStatus, migrationStatus, readJournal } from './migration-status';
export { preparedFor } from './prepared';
export { requestSignal, runInRequestScope } from './request-scope';
export * as schema from './schema';
export * from './schema';
export { inTransaction } from './transaction';
export { DatabaseUnavailableError } from './unavailable';
