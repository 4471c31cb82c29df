export * from './ledger';
export * from './model';
export { readSplitwiseCsv } from './splitwise-csv';
