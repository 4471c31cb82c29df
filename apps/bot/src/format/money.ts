import { type Cents, formatCents } from '@dolya/domain';
import { type Language, LOCALES } from '../i18n';

/**
 * Cents in a currency, always two decimals ("1 200,00 ₽", "€36.00"). Intl reads the exact
 * decimal text of the cents, so no float stands between the cents and what is shown.
 */
export function formatMoney(cents: Cents, currency: string, language: Language): string {
  return new Intl.NumberFormat(LOCALES[language], {
    style: 'currency',
    currency,
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(formatCents(cents) as `${number}`);
}
