export * from './ledger';
export * from './model';
export { readSpliitCsv, type SpliitCsvOptions } from './spliit-csv';
export { readSplitwiseCsv } from './splitwise-csv';
