import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CurrencyPicker } from '../CurrencyPicker';

interface AmountCurrencyProps {
  /** The amount's currency (the group's when none other was chosen). */
  value: string;
  groupCurrency: string;
  /** Other currencies the group's expenses were paid in, newest first: offered first. */
  usedCurrencies?: readonly string[];
  onChange(code: string): void;
}

/**
 * Issue 26: the currency button beside an amount (an expense's or a settlement's): the group's
 * currency first, then the ones this group used, then the searchable list.
 */
export function AmountCurrency({ value, groupCurrency, usedCurrencies, onChange }: AmountCurrencyProps) {
  const { t } = useTranslation('fx');
  const pinned = useMemo(
    () => [
      { title: t('currencyGroup'), codes: [groupCurrency] },
      { title: t('currencyUsed'), codes: (usedCurrencies ?? []).filter((code) => code !== groupCurrency) },
    ],
    [t, groupCurrency, usedCurrencies],
  );
  return (
    <CurrencyPicker
      compact
      value={value}
      label={t('currencyOf')}
      pinned={pinned}
      allLabel={t('currencyAll')}
      onChange={onChange}
    />
  );
}
