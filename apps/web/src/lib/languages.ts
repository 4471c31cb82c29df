import type { Language } from '../i18n';

/**
 * Each language named in itself, the same in every interface language (so they are not i18n
 * strings: the English resources must stay free of Cyrillic).
 */
export const LANGUAGE_NAMES: Record<Language, string> = { ru: 'Русский', en: 'English' };
export const LANGUAGE_SHORT: Record<Language, string> = { ru: 'RU', en: 'EN' };
export const LANGUAGES: Language[] = ['ru', 'en'];

export function currentLanguage(language: string | undefined): Language {
  return language === 'en' ? 'en' : 'ru';
}

/** Support chat (spec §2: opens in a new tab). */
export const SUPPORT_URL = 'https://t.me/dolya_support';
