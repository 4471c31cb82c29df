import type { Language } from './types';

/** Expense names for a message that says what was paid for nowhere. */
export const DEFAULT_NAMES: Record<Language, { expense: string; receipt: string; item: string }> = {
  ru: { expense: 'Расход', receipt: 'Чек', item: 'Позиция' },
  en: { expense: 'Expense', receipt: 'Receipt', item: 'Item' },
};
