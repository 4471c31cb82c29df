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

/**
 * The language of a reply: the script the message is written in (a Russian writer whose Telegram
 * is set to English gets Russian), else Telegram's setting.
 */
export function languageOfMessage(text: string | undefined, languageCode: string | undefined): Language {
  // A command's words (/start link) are the bot's, not the writer's language; but after /add
  // comes the expense as the writer wrote it.
  const written = (text ?? '').replace(/^\/add(@\w+)?(?=\s|$)/i, '');
  const letters = /^\//.test(written) ? '' : written.replace(/@\w+/g, '');
  const cyrillic = (letters.match(/[а-яё]/gi) ?? []).length;
  const latin = (letters.match(/[a-z]/gi) ?? []).length;
  if (cyrillic > 0 && cyrillic >= latin) return 'ru';
  if (latin > 0 && cyrillic === 0) return 'en';
  return languageOf(languageCode);
}

/** A currency's name in the language, for running text: «евро», "US Dollar" (Intl). */
export function currencyName(currency: string, language: Language): string {
  return new Intl.DisplayNames(LOCALES[language], { type: 'currency' }).of(currency) ?? currency;
}

export function translator(language: Language): Translate {
  return i18n.getFixedT(language, 'bot');
}
