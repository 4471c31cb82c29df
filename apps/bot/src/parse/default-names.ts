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

/** «🍕 1980», "⛽ 45": a message whose only word is a picture, titled by it. */
const EMOJI_TITLES: [RegExp, Record<Language, string>][] = [
  [/🍕/u, { ru: 'Пицца', en: 'Pizza' }],
  [/[🍺🍻]/u, { ru: 'Пиво', en: 'Beer' }],
  [/[🍷🥂🍾]/u, { ru: 'Вино', en: 'Wine' }],
  [/[☕]/u, { ru: 'Кофе', en: 'Coffee' }],
  [/[🚕🚖]/u, { ru: 'Такси', en: 'Taxi' }],
  [/[⛽]/u, { ru: 'Бензин', en: 'Fuel' }],
  [/[🛒🥦🥕]/u, { ru: 'Продукты', en: 'Groceries' }],
  [/[🍣🍱]/u, { ru: 'Суши', en: 'Sushi' }],
  [/[🍔🍟]/u, { ru: 'Бургеры', en: 'Burgers' }],
  [/[🎬🍿]/u, { ru: 'Кино', en: 'Cinema' }],
  [/[🏨🏠]/u, { ru: 'Жильё', en: 'Housing' }],
  [/[✈🛫]/u, { ru: 'Билеты', en: 'Flights' }],
  [/[🎁]/u, { ru: 'Подарок', en: 'Gift' }],
  [/[💡]/u, { ru: 'Электричество', en: 'Electricity' }],
  [/[💊]/u, { ru: 'Аптека', en: 'Pharmacy' }],
];

export function emojiTitle(text: string, language: Language): string | undefined {
  return EMOJI_TITLES.find(([pattern]) => pattern.test(text))?.[1][language];
}
