import { type Cents, formatCents } from '@dolya/domain';
import { useTranslation } from 'react-i18next';
import { type Language, LOCALES } from '../i18n';

/** Amounts and dates through Intl in the interface language (en-US / ru-RU). */
export function formatters(language: Language) {
  const locale = LOCALES[language];
  return {
    /**
     * Cents in a currency, with its narrow symbol; always 2 decimals (spec §9). Intl reads the exact decimal text, so no
     * float ever stands between the cents and what is shown.
     */
    money(cents: Cents, currency: string | null | undefined) {
      return (
        new Intl.NumberFormat(locale, {
          style: 'currency',
          currency: currency || 'USD',
          // "₽2,685.91", not "RUB 2,685.91": en-US has no symbol of its own for most currencies.
          currencyDisplay: 'narrowSymbol',
          minimumFractionDigits: 2,
          maximumFractionDigits: 2,
        })
          .format(formatCents(cents) as `${number}`)
          // Intl writes a hyphen-minus; the minus sign (U+2212) is the typographic one (issue 27).
          .replace('-', '\u2212')
      );
    },
    /** "Jan 5, 2024" / "5 янв. 2024 г." */
    date(iso: string) {
      return new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'short', day: 'numeric' }).format(
        new Date(iso),
      );
    },
    /** "Jan 5" / "5 янв." */
    monthDay(iso: string) {
      return new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric' }).format(new Date(iso));
    },
    /** "20:14" / "8:14 PM" */
    time(iso: string) {
      return new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit' }).format(new Date(iso));
    },
    /** A whole or decimal percentage as written: 25 -> "25 %" / "25%". */
    percent(value: number) {
      return new Intl.NumberFormat(locale, {
        style: 'unit',
        unit: 'percent',
        maximumFractionDigits: 2,
      }).format(value);
    },
    dateTime(iso: string) {
      return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(
        new Date(iso),
      );
    },
  };
}

export function useFormat() {
  const { i18n } = useTranslation();
  return formatters(i18n.language === 'en' ? 'en' : 'ru');
}
