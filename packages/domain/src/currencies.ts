import { CURRENCY_DATA } from './currency-data';

export interface Currency {
  code: string;
  nameEn: string;
  nameRu: string;
}

/** Current ISO 4217 currencies in the spec's order: RUB, EUR, USD, neighbours, ex-Soviet, then by English name. */
export const CURRENCIES: readonly Currency[] = CURRENCY_DATA;

const byCode = new Map(CURRENCIES.map((currency) => [currency.code, currency]));

const normalise = (text: string) => text.trim().toLowerCase();

const searchable = CURRENCIES.map((currency) => ({
  currency,
  text: [currency.code, currency.nameEn, currency.nameRu].map(normalise),
}));

/** Exact ISO code, upper case ('RUB', not 'rub'). */
export function isCurrencyCode(code: string): boolean {
  return byCode.has(code);
}

export function findCurrency(code: string): Currency | undefined {
  return byCode.get(code);
}

/** Case-insensitive substring match on code, English or Russian name; keeps the list order. */
export function searchCurrencies(query: string): Currency[] {
  const needle = normalise(query);
  if (needle === '') return [...CURRENCIES];
  return searchable
    .filter(({ text }) => text.some((field) => field.includes(needle)))
    .map(({ currency }) => currency);
}
