import { type Cents, formatCents } from '@dolya/domain';
import { type Language, LOCALES } from '../i18n';

/**
 * Cents in a currency as people write it: «500 ₽», «1 234,50 ₽», "€45.50", "₽500" — two decimals
 * only when there are cents, the currency's sign rather than its ISO code ("RUB 500.00" is what
 * en-US gives the ruble by default, so its narrow sign is taken when the sign would be the code).
 * Intl reads the exact decimal text of the cents, so no float stands between the cents and what
 * is shown.
 */
export function formatMoney(cents: Cents, currency: string, language: Language): string {
  const fractionDigits = cents % 100 === 0 ? 0 : 2;
  const format = (currencyDisplay: 'symbol' | 'narrowSymbol') =>
    new Intl.NumberFormat(LOCALES[language], {
      style: 'currency',
      currency,
      currencyDisplay,
      minimumFractionDigits: fractionDigits,
      maximumFractionDigits: fractionDigits,
    });
  const decimal = formatCents(cents) as `${number}`;
  const symbol = format('symbol');
  const sign = symbol.formatToParts(0).find((part) => part.type === 'currency')?.value;
  return (sign === currency ? format('narrowSymbol') : symbol).format(decimal);
}
