export * from './balances';
export * from './currencies';
export * from './debts';
export * from './errors';
export * from './items';
export * from './money';
export * from './schemas';
export * from './split';
