export { createContext } from './context';
export { parseWithRules } from './rules';
export type * from './types';
