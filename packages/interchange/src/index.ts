export { dolyaCategory } from './categories';
export * from './export-model';
export * from './ledger';
export * from './model';
export * from './preview';
export { readSpliitCsv, type SpliitCsvOptions } from './spliit-csv';
export { readSpliitJson, type SpliitJsonOptions } from './spliit-json';
export { readSplitwiseCsv } from './splitwise-csv';
export { entryNets, writeSplitwiseCsv } from './splitwise-csv-writer';
