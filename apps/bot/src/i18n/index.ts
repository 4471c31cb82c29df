import { createInstance, type TFunction } from 'i18next';
import { en } from './en';
import { ru } from './ru';
import './types';

export type Language = 'ru' | 'en';
export type Translate = TFunction<'bot'>;

export const LANGUAGES: readonly Language[] = ['ru', 'en'];
export const LOCALES: Record<Language, string> = { ru: 'ru-RU', en: 'en-US' };

const i18n = createInstance();
void i18n.init({
  resources: { ru: { bot: ru }, en: { bot: en } },
  lng: 'ru',
  fallbackLng: false,
  defaultNS: 'bot',
  ns: ['bot'],
  initAsync: false,
  // Messages go out as plain text (no parse_mode): nothing to escape.
  interpolation: { escapeValue: false },
  returnNull: false,
});

/** Russian to people whose Telegram speaks Russian, English to everyone else. */
export function languageOf(languageCode: string | undefined): Language {
  return languageCode?.toLowerCase().startsWith('ru') ? 'ru' : 'en';
}

export function translator(language: Language): Translate {
  return i18n.getFixedT(language, 'bot');
}
