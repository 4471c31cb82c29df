export * from './model';
export { readSplitwiseCsv } from './splitwise-csv';
