import type { Translate } from '../i18n';

/** "Петя", "Петя и Вася", "Петя, Вася и Коля" (the last joined by the word given). */
export function joinNames(names: readonly string[], t: Translate, last: 'and' | 'or' = 'and'): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')}${t(`expense.${last}`)}${names.at(-1)}`;
}
