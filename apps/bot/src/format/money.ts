import { type Cents, formatCents } from '@dolya/domain';
import { type Language, LOCALES } from '../i18n';

/**
 * Cents in a currency: whole amounts without decimals ("1 200 ₽", "€36"), others with two
 * ("1 234,50 ₽", "€45.50"). Intl reads the exact decimal text of the cents, so no float stands
 * between the cents and what is shown.
 */
export function formatMoney(cents: Cents, currency: string, language: Language): string {
  const digits = cents % 100 === 0 ? 0 : 2;
  return new Intl.NumberFormat(LOCALES[language], {
    style: 'currency',
    currency,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(formatCents(cents) as `${number}`);
}
