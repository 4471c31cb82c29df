import { type Cents, currencyFormatter, moneyText } from '@dolya/domain';
import { type Language, LOCALES } from '../i18n';

/**
 * Cents in a currency as people write it: «500 ₽», «1 234,50 ₽», "€45.50", "₽500" — two decimals
 * only when there are cents, the currency's sign rather than its ISO code ("RUB 500.00" is what
 * en-US gives the ruble by default, so its narrow sign is taken when the sign would be the code).
 * Intl reads the exact decimal text of the cents, so no float stands between the cents and what
 * is shown.
 */
export function formatMoney(cents: Cents, currency: string, language: Language): string {
  return moneyText(cents, currency, LOCALES[language]);
}

/** Intl's currency format with the currency's sign, never its bare ISO code (see formatMoney). */
function currencyFormat(currency: string, language: Language, minimum: number, maximum: number) {
  return currencyFormatter(currency, LOCALES[language], minimum, maximum);
}

/** A rate in a currency with all its decimals as stored ("93,75 ₽", "0,0108 €"), exact through Intl. */
export function formatRate(rate: string, currency: string, language: Language): string {
  return currencyFormat(currency, language, 2, 20).format(rate as `${number}`);
}

/** One unit of a currency, as a rate line starts ("1 €", "$1"). */
export function formatOneUnit(currency: string, language: Language): string {
  return currencyFormat(currency, language, 0, 0).format(1);
}

/** A YYYY-MM-DD date as the language writes it (28.11.2026, 11/28/2026), read as a calendar day. */
export function formatDay(day: string, language: Language): string {
  return new Intl.DateTimeFormat(LOCALES[language], { timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
}
