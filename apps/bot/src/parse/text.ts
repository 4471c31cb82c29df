import type { Language } from './types';

/** Lower case, ё read as е, a leading @ and an English possessive dropped: how names and words compare. */
export function normalizeWord(word: string): string {
  return word
    .toLowerCase()
    .replace(/ё/g, 'е')
    .replace(/^@/, '')
    .replace(/['’]s$/, '');
}

export function isCapitalized(word: string): boolean {
  const first = word.replace(/^@/, '').charAt(0);
  return first !== '' && first === first.toUpperCase() && first !== first.toLowerCase();
}

/** Every letter upper case, as in a message typed with caps lock: capitals say nothing then. */
export function isShouted(text: string): boolean {
  return /\p{L}/u.test(text) && text === text.toUpperCase() && text !== text.toLowerCase();
}

/** Cyrillic means Russian, other letters English; with no letters at all, the default, Russian. */
export function guessLanguage(text: string): Language {
  if (/[а-яё]/i.test(text)) return 'ru';
  return /\p{L}/u.test(text) ? 'en' : 'ru';
}

export function capitalizeFirst(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
