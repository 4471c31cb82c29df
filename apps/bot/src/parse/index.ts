export { createContext, type ParseContext } from './context';
export { DEFAULT_MODEL, DEFAULT_TIMEOUT_MS, type ModelConfig, modelConfigFromEnv } from './model/config';
export { createModelReader, type ModelReader } from './model/model-reader';
export { type Gender, genderOfName } from './names/gender';
export { type ParseOptions, parseExpense } from './parse';
export { parseWithRules } from './rules';
export { normalizeWord } from './text';
export type * from './types';
export { isAmountToType } from './without-amount';
