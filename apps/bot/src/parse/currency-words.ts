import { isCurrencyCode } from '@dolya/domain';
import { normalizeWord } from './text';

const SYMBOLS: Record<string, string> = {
  $: 'USD',
  '€': 'EUR',
  '£': 'GBP',
  '₽': 'RUB',
  '₸': 'KZT',
  '₴': 'UAH',
  '₾': 'GEL',
  '₺': 'TRY',
};

/** Normalised words (and their common abbreviations) for currencies people name in chats. */
const WORDS: Record<string, string> = {};
const add = (code: string, words: string) => {
  for (const word of words.trim().split(/\s+/)) WORDS[word] = code;
};
add('RUB', 'р руб рубль рубля рублей рублях rub rur rubley rubles roubles ruble rublei');
add(
  'USD',
  'usd dollarov баксы долл доллар доллара долларов долларах доллары бакс бакса баксов баксах dollar dollars buck bucks',
);
add('EUR', 'eur евро euro euros evro');
add('GBP', 'gbp фунт фунта фунтов фунтах pound pounds');
add('KZT', 'kzt тенге tenge');
add('GEL', 'лари lari');
add('TRY', 'лира лиры лир лирах lira liras lire tl');
add('AMD', 'amd драм драма драмов');
add('UZS', 'uzs сум сумов');
add('CNY', 'cny юань юаня юаней юанях yuan rmb');
add('UAH', 'uah грн гривна гривны гривен hryvnia');
add('BYN', 'byn');
add('PLN', 'pln zł zl злотый злотых злотого zloty zlotys złoty');
add('THB', 'thb бат батов baht');
add('AED', 'aed дирхам дирхама дирхамов dirham dirhams');
add('JPY', 'jpy иен иена иены йен йена йены yen');
add('CHF', 'chf франк франка франков franc francs');
add('VND', 'vnd донг донгов dong');
add('KGS', 'kgs сом сомов');
add('RSD', 'rsd динар динара динаров dinar dinars');
add('TJS', 'tjs сомони');
add('AZN', 'azn манат маната манатов manat');
add('INR', 'inr рупий рупии rupee rupees rs');
add('CZK', 'czk kč крон крона кроны кронах koruna korun');
add('HUF', 'huf форинт форинтов форинта forint forints');
add('SEK', 'sek');
add('NOK', 'nok');
add('DKK', 'dkk');
// Pesos: the Mexican one, by far the most travelled to.
add('MXN', 'mxn песо peso pesos');
add('CAD', 'cad');
add('AUD', 'aud');

/** "CA$70", "A$ 12", "US$5": a dollar with its country, written as the code before the amount. */
const DOLLAR_PREFIXES: Record<string, string> = {
  CA: 'CAD',
  C: 'CAD',
  AU: 'AUD',
  A: 'AUD',
  NZ: 'NZD',
  HK: 'HKD',
  US: 'USD',
  S: 'SGD',
};

export function spellDollarPrefixes(text: string): string {
  return text.replace(
    /(?<![\p{L}\d])(CA|C|AU|A|NZ|HK|US|S)\$(?=\s?\d)/gu,
    (_, prefix: string) => `${DOLLAR_PREFIXES[prefix]} `,
  );
}

/**
 * Words that name a currency even away from the amount ("ужин 40 в евро", "paid in dollars");
 * everyday words that are also currencies ("pound", "сом") count only next to an amount.
 */
const STANDALONE = new Set(
  `рублях рублей долларах долларов баксах баксов евро euro euros dollars фунтах тенге лари юанях юаней
   лирах драмах гривнах гривен злотых дирхамах кронах крон форинтов песо pesos`.split(/\s+/),
);

/** A currency symbol: its ISO code. */
export function currencyOfSymbol(symbol: string): string | undefined {
  return SYMBOLS[symbol];
}

export const CURRENCY_SYMBOLS = Object.keys(SYMBOLS);

/**
 * A word written right next to an amount: its ISO code. Known words in any case ("руб.", "usd",
 * "евро"), and any ISO 4217 code written in capitals ("250 EUR", "40 GBP").
 */
export function currencyOfWord(word: string): string | undefined {
  const known = WORDS[normalizeWord(word).replace(/\.$/, '')];
  if (known) return known;
  return /^[A-Z]{3}$/.test(word) && isCurrencyCode(word) ? word : undefined;
}

/** A currency code written before the amount ("usd 25", "EUR 30"). */
export function currencyOfCodeBefore(word: string): string | undefined {
  return /^[a-z]{3}$/i.test(word) ? currencyOfWord(word) : undefined;
}

/** A word that names a currency wherever it stands in the message: a code or a word above. */
export function currencyNamedAlone(word: string): string | undefined {
  const isCode = /^[a-z]{3}$/i.test(word);
  return isCode || STANDALONE.has(normalizeWord(word)) ? currencyOfWord(word) : undefined;
}
