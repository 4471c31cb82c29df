import { type Cents, formatCents } from './money';

/**
 * Intl's currency format with the currency's sign, never its bare ISO code: en-GB/en-US give the
 * ruble as "RUB 500.00", so the narrow sign is taken when the sign would be the code.
 */
export function currencyFormatter(currency: string, locale: string, minimum: number, maximum: number) {
  const format = (currencyDisplay: 'symbol' | 'narrowSymbol') =>
    new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      currencyDisplay,
      minimumFractionDigits: minimum,
      maximumFractionDigits: maximum,
    });
  const symbol = format('symbol');
  const sign = symbol.formatToParts(0).find((part) => part.type === 'currency')?.value;
  return sign === currency ? format('narrowSymbol') : symbol;
}

/**
 * Cents in a currency as people write it in a message: «500 ₽», «1 234,50 ₽», "€45.50" — two
 * decimals only when there are cents. Intl reads the exact decimal text of the cents, so no float
 * stands between the cents and what is shown.
 */
export function moneyText(cents: Cents, currency: string, locale: string): string {
  const fractionDigits = cents % 100 === 0 ? 0 : 2;
  return currencyFormatter(currency, locale, fractionDigits, fractionDigits).format(
    formatCents(cents) as `${number}`,
  );
}
