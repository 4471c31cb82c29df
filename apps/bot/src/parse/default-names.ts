import type { Language } from './types';

/** Expense names for a message that says what was paid for nowhere. */
export const DEFAULT_NAMES: Record<Language, { expense: string; receipt: string; item: string }> = {
  ru: { expense: 'Расход', receipt: 'Чек', item: 'Позиция' },
  en: { expense: 'Expense', receipt: 'Receipt', item: 'Item' },
};

/** Titles offered when a message does not say what was paid for; the last keeps the default. */
export const TITLE_CHOICES: Record<Language, string[]> = {
  ru: ['Продукты', 'Кафе', 'Такси', 'Жильё', 'Развлечения', 'Расход'],
  en: ['Groceries', 'Eating out', 'Taxi', 'Housing', 'Fun', 'Expense'],
};
