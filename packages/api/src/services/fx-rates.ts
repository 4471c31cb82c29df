import { type Database, fxRates } from '@dolya/db';
import { isCurrencyCode, type RateText, rateFromProvider } from '@dolya/domain';
import { and, eq } from 'drizzle-orm';
import type { ApiConfig } from '../context';
import { AppError } from '../errors';

/** A rate as the API answers it: group units for one unit of `from`, its date, and where it came from. */
export interface FxRate {
  rate: RateText;
  /** The date the rate is of (YYYY-MM-DD); a weekend's request gets the last working day's. */
  date: string;
  source: string;
}

export interface FxRateQuery {
  from: string;
  to: string;
  /** YYYY-MM-DD. */
  date: string;
}

/** How long one call to the provider may take; a save never waits on it longer than this. */
export const FX_FETCH_TIMEOUT_MS = 3000;
export const FX_SOURCE = 'frankfurter';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

function checkQuery({ from, to, date }: FxRateQuery): void {
  if (!isCurrencyCode(from))
    throw new AppError('INVALID_CURRENCY', `from: unknown currency "${from}"`, 'from');
  if (!isCurrencyCode(to)) throw new AppError('INVALID_CURRENCY', `to: unknown currency "${to}"`, 'to');
  if (!ISO_DATE.test(date) || Number.isNaN(Date.parse(`${date}T00:00:00Z`))) {
    throw new AppError('VALIDATION_ERROR', 'date: use YYYY-MM-DD', 'date');
  }
}

/**
 * The rate of (date, from, to): from the fx_rates cache, else from the provider (Frankfurter v2:
 * GET {FX_RATES_URL}/v2/rate/{from}/{to}?date=YYYY-MM-DD answering {date, base, quote, rate}),
 * then cached. The provider's number is read from the body's text, not through a float, and kept
 * to 12 significant digits. No provider, an error, a timeout or an answer without a rate:
 * RATE_UNAVAILABLE, and the client asks the person for the rate.
 */
export async function exchangeRate(db: Database, config: ApiConfig, query: FxRateQuery): Promise<FxRate> {
  checkQuery(query);
  const { from, to, date } = query;
  if (from === to) return { rate: '1', date, source: 'identity' };
  const [cached] = await db
    .select({ rate: fxRates.rate, date: fxRates.rateDate, source: fxRates.source })
    .from(fxRates)
    .where(and(eq(fxRates.requestedDate, date), eq(fxRates.fromCurrency, from), eq(fxRates.toCurrency, to)));
  if (cached) return cached;

  const fetched = await fetchRate(config, query);
  await db
    .insert(fxRates)
    .values({
      requestedDate: date,
      fromCurrency: from,
      toCurrency: to,
      rate: fetched.rate,
      rateDate: fetched.date,
      source: fetched.source,
    })
    .onConflictDoNothing();
  return fetched;
}

function unavailable(message: string): never {
  throw new AppError('RATE_UNAVAILABLE', message);
}

async function fetchRate(config: ApiConfig, { from, to, date }: FxRateQuery): Promise<FxRate> {
  if (!config.fxRatesUrl) return unavailable('No exchange rate provider is configured; enter the rate');
  const url = new URL(
    `v2/rate/${from}/${to}`,
    config.fxRatesUrl.endsWith('/') ? config.fxRatesUrl : `${config.fxRatesUrl}/`,
  );
  url.searchParams.set('date', date);
  let body: string;
  try {
    const response = await fetch(url, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(config.fxTimeoutMs ?? FX_FETCH_TIMEOUT_MS),
    });
    body = await response.text();
    if (!response.ok) {
      return unavailable(
        `No ${from}/${to} rate for ${date} (the provider answered ${response.status}); enter the rate`,
      );
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    return unavailable(`The exchange rate provider cannot be reached; enter the rate`);
  }
  // The rate's own digits: JSON.parse would turn 93.7512345678 into the nearest double first.
  const rateText = /"rate"\s*:\s*(-?[\d.]+(?:[eE][-+]?\d+)?)/.exec(body)?.[1];
  const rate = rateText === undefined ? undefined : rateFromProvider(rateText);
  let rateDate = date;
  try {
    const parsed = JSON.parse(body) as { date?: unknown };
    if (typeof parsed.date === 'string' && ISO_DATE.test(parsed.date)) rateDate = parsed.date;
  } catch {
    return unavailable('The exchange rate provider answered something unreadable; enter the rate');
  }
  if (rate === undefined)
    return unavailable(`The provider has no ${from}/${to} rate for ${date}; enter the rate`);
  return { rate, date: rateDate, source: FX_SOURCE };
}
