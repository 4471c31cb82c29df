import type { Database } from '@dolya/db';
import { parseRate } from '@dolya/domain';
import type { ApiConfig } from '../../context';
import { AppError } from '../../errors';
import { exchangeRate } from '../fx-rates';
import type { RowRate } from './convert';

export interface ImportRates {
  /** The rate of a foreign row; only asked for currencies not in `missing`. */
  rateOf(currency: string, date: string): RowRate;
  /** Foreign currencies with neither a typed rate nor the server's rate for each of their dates. */
  missing: string[];
}

/**
 * Rates for the file's rows in other currencies than the group's: the rate the person typed for
 * the currency, else the server's rate of each row's date (the FX service and its cache), else
 * the currency is missing. `probeOnly` (the preview) asks the server for each currency's first
 * date alone, so showing a preview makes one provider call per currency at most.
 */
export async function resolveImportRates(
  db: Database,
  config: ApiConfig,
  groupCurrency: string,
  rows: readonly { currency: string; date: string }[],
  typed: Record<string, string | number> | undefined,
  { probeOnly = false } = {},
): Promise<ImportRates> {
  const manual = new Map<string, string>();
  for (const [code, value] of Object.entries(typed ?? {})) {
    const currency = code.trim().toUpperCase();
    if (currency !== groupCurrency) manual.set(currency, parseRate(value, `rates.${currency}`));
  }
  const datesByCurrency = new Map<string, Set<string>>();
  for (const { currency, date } of rows) {
    if (currency === groupCurrency || manual.has(currency)) continue;
    const dates = datesByCurrency.get(currency) ?? new Set<string>();
    dates.add(date);
    datesByCurrency.set(currency, dates);
  }
  const fetched = new Map<string, RowRate>();
  const missing: string[] = [];
  for (const [currency, dates] of datesByCurrency) {
    const wanted = [...dates].sort();
    for (const date of probeOnly ? wanted.slice(0, 1) : wanted) {
      try {
        const found = await exchangeRate(db, config, { from: currency, to: groupCurrency, date });
        fetched.set(`${currency} ${date}`, { rate: found.rate, date: found.date, source: 'fetched' });
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        missing.push(currency);
        break;
      }
    }
  }
  return {
    missing,
    rateOf(currency, date) {
      const typedRate = manual.get(currency);
      if (typedRate) return { rate: typedRate, date, source: 'manual' };
      const found = fetched.get(`${currency} ${date}`);
      if (!found) throw new Error(`No rate for ${currency} on ${date}`);
      return found;
    },
  };
}

/** The refusal when some currencies have no rate: lists them, for the preview's rate fields. */
export function ratesRequired(missing: readonly string[], groupCurrency: string): AppError {
  return new AppError(
    'RATE_REQUIRED',
    `No exchange rate to ${groupCurrency} for ${missing.join(', ')}: enter one per currency in rates`,
    'rates',
  );
}
