/**
 * Issue 26 in the expense and settle-up forms, as plain data: an amount paid in another currency (the rate chosen, the
 * amount in the group's currency) and parts typed in that currency turned into the group's cents.
 * Exact throughout: the domain's convertCents (BigInt, round half up) and splitExpense's exact
 * distribution, never a float.
 */
import {
  type Cents,
  convertCents,
  mainPayer,
  type OriginalAmount,
  parseAmountLenient,
  parseRate,
  type RateText,
  readRate,
  splitExpense,
} from '@dolya/domain';

/** A rate the server suggested (fx.rate): group units for one unit of the currency. */
export interface FetchedRate {
  rate: RateText;
  /** The date the rate is of, YYYY-MM-DD. */
  date: string;
  /** The provider ('frankfurter'). */
  source: string;
}

/** Where the suggested rate stands for the form's currency and day. */
export type RateState =
  | { status: 'none' }
  | { status: 'loading' }
  | { status: 'ready'; rate: FetchedRate }
  | { status: 'unavailable' };

/** The rate an amount in another currency is converted with, and how it was had. */
export interface RateChoice {
  rate: RateText;
  rateDate: string;
  rateSource: 'manual' | 'fetched';
  /** The provider of a fetched rate, when known. */
  provider?: string;
}

/**
 * The rate (group units for one unit) that converts `originalCents` to exactly `convertedCents`:
 * their quotient to 12 significant digits, half up, trailing zeros dropped. Undefined when no
 * such rate converts back exactly (amounts beyond what 12 digits can tell apart) or either is not
 * above zero.
 */
export function rateBetween(originalCents: Cents, convertedCents: Cents): RateText | undefined {
  if (!(originalCents > 0 && convertedCents > 0)) return undefined;
  const numerator = BigInt(convertedCents);
  const denominator = BigInt(originalCents);
  // The integer part's digits decide how many decimals 12 significant digits leave.
  const integerDigits = (numerator / denominator).toString();
  let scale: number;
  if (integerDigits !== '0') {
    scale = Math.max(0, 12 - integerDigits.length);
  } else {
    // Leading zeros after the point do not count: 0.000123… keeps 12 digits from the 1.
    let zeros = 0;
    let probe = numerator * 10n;
    while (probe < denominator) {
      probe *= 10n;
      zeros += 1;
    }
    scale = zeros + 12;
  }
  const unit = 10n ** BigInt(scale);
  let digits = (numerator * unit * 2n + denominator) / (2n * denominator);
  while (scale > 0 && digits % 10n === 0n) {
    digits /= 10n;
    scale -= 1;
  }
  const text = digits.toString().padStart(scale + 1, '0');
  const rate = scale === 0 ? text : `${text.slice(0, -scale)}.${text.slice(-scale)}`;
  try {
    return convertCents(originalCents, parseRate(rate)) === convertedCents ? parseRate(rate) : undefined;
  } catch {
    return undefined;
  }
}

/** A rate's text with the interface's decimal separator: "93.75" -> "93,75". */
export function rateText(rate: RateText, decimal: '.' | ','): string {
  return rate.replace('.', decimal);
}

/** A typed rate, read exactly; undefined unless it is a plain decimal above zero of ≤ 12 digits. */
export function readTypedRate(text: string): RateText | undefined {
  const cleaned = text.replace(/[\s\u00a0]/g, '');
  if (cleaned === '') return undefined;
  try {
    const rate = parseRate(cleaned);
    readRate(rate);
    return rate;
  } catch {
    return undefined;
  }
}

/** The group's cents of an amount in another currency; undefined when beyond the largest amount. */
export function convertSafely(originalCents: Cents, rate: RateText): Cents | undefined {
  try {
    return convertCents(originalCents, rate);
  } catch {
    return undefined;
  }
}

/**
 * Parts typed in the expense's currency (per person, or per payer), as the group's cents summing
 * exactly to `targetCents`: each part's exact share of it by weight, the remainder cents to
 * `remainderTo` when it has a part, else to the first in group order (the domain's split rule).
 */
export function convertParts(
  parts: Record<string, Cents>,
  targetCents: Cents,
  memberOrder: readonly string[],
  remainderTo: string,
): Record<string, Cents> {
  const weights = Object.fromEntries(Object.entries(parts).filter(([, cents]) => cents > 0));
  if (Object.keys(weights).length === 0 || targetCents <= 0) return {};
  try {
    return splitExpense({
      amountCents: targetCents,
      payerId: remainderTo,
      memberOrder,
      method: 'shares',
      shares: weights,
    });
  } catch {
    return {};
  }
}

/** Who paid the most of parts (ties: first in group order); '' for none. */
export function largestPart(parts: Record<string, Cents>, memberOrder: readonly string[]): string {
  const payers = Object.entries(parts)
    .filter(([, cents]) => cents > 0)
    .map(([memberId, cents]) => ({ memberId, cents }));
  return payers.length === 0 ? '' : mainPayer(payers, memberOrder);
}

/**
 * The group's cents back in the currency of `rate` (group units for one unit of it): divided by
 * the rate, half up, exactly (BigInt). Throws on an unreadable rate.
 */
export function centsInCurrency(cents: Cents, rate: RateText): Cents {
  const { digits, scale } = readRate(rate);
  const unit = 10n ** BigInt(scale);
  return Number((BigInt(cents) * unit * 2n + digits) / (2n * digits));
}

/**
 * Stored parts in the group's cents, back in the expense's currency (an edit shows what was typed):
 * each part divided by the rate, half up, when those convert forward to exactly the stored parts
 * and sum to the amount paid; else exact shares of the amount paid (a cent or so from what was
 * typed, and the form then sends the stored cents while they stay unchanged).
 */
export function partsInCurrency(
  parts: Record<string, Cents>,
  originalCents: Cents,
  rate: RateText,
  memberOrder: readonly string[],
  remainderTo: string,
): Record<string, Cents> {
  const positive = Object.fromEntries(Object.entries(parts).filter(([, cents]) => cents > 0));
  const total = Object.values(positive).reduce((sum, cents) => sum + cents, 0);
  try {
    const divided = Object.fromEntries(
      Object.entries(positive).map(([id, cents]) => [id, centsInCurrency(cents, rate)]),
    );
    const sum = Object.values(divided).reduce((a, b) => a + b, 0);
    const forward = convertParts(divided, total, memberOrder, remainderTo);
    const same = Object.keys(positive).every((id) => forward[id] === positive[id]);
    if (sum === originalCents && same) return divided;
  } catch {
    // an unreadable rate: the shares below
  }
  return convertParts(positive, originalCents, memberOrder, remainderTo);
}

/** An amount typed in some currency and how it is to be converted, as a form holds it. */
export interface ForeignAmount {
  /** As typed, in `currency`. */
  amount: string;
  /** The currency it was paid in; '' is the group's own. */
  currency: string;
  /** A rate typed by hand (group units for one unit of `currency`), or null: the suggested one. */
  rateText: string | null;
  /** The amount in the group's currency typed instead of a rate (the rate follows from it), or null. */
  convertedText: string | null;
  /** A stored rate (an edited expense, a bot draft): used while its currency and day stay. */
  knownRate?: RateChoice & { currency: string; day: string };
}

/** The rate it converts with (a typed amount or rate, the stored one, the suggested one), on `day`. */
export function chooseRate(
  typed: ForeignAmount,
  day: string,
  fetched?: FetchedRate,
): RateChoice | 'missing' | 'invalid' {
  if (typed.convertedText !== null) {
    const paid = parseAmountLenient(typed.amount);
    const converted = parseAmountLenient(typed.convertedText);
    if (paid <= 0 || converted <= 0) return typed.convertedText.trim() === '' ? 'missing' : 'invalid';
    const rate = rateBetween(paid, converted);
    return rate ? { rate, rateDate: day, rateSource: 'manual' } : 'invalid';
  }
  if (typed.rateText !== null) {
    const rate = readTypedRate(typed.rateText);
    if (rate) return { rate, rateDate: day, rateSource: 'manual' };
    return typed.rateText.trim() === '' ? 'missing' : 'invalid';
  }
  const known = typed.knownRate;
  if (known && known.currency === typed.currency && known.day === day) {
    const { currency: _currency, day: _day, ...choice } = known;
    return choice;
  }
  if (fetched)
    return { rate: fetched.rate, rateDate: fetched.date, rateSource: 'fetched', provider: fetched.source };
  return 'missing';
}

/** An amount as the group's ledger takes it. */
export interface ConvertedAmount {
  /** Paid in another currency than the group's. */
  foreign: boolean;
  /** The rate it converts with, or why there is none: nothing yet, or what was typed is unusable. */
  rate: RateChoice | 'missing' | 'invalid' | null;
  /** The amount as typed, in its currency. */
  typedCents: Cents;
  /** The amount in the group's currency; undefined while another currency has no rate. */
  amountCents: Cents | undefined;
  /** The amount as paid, for the API; null in the group's currency or without a usable rate. */
  original: OriginalAmount | null;
}

/** The typed amount in the group's cents: round_half_up(typed × rate), or the amount typed for it. */
export function convertAmount(typed: ForeignAmount, day: string, fetched?: FetchedRate): ConvertedAmount {
  const typedCents = parseAmountLenient(typed.amount);
  const foreign = typed.currency !== '';
  if (!foreign) return { foreign, rate: null, typedCents, amountCents: typedCents, original: null };
  const rate = chooseRate(typed, day, fetched);
  if (typeof rate !== 'object') return { foreign, rate, typedCents, amountCents: undefined, original: null };
  const amountCents =
    typed.convertedText !== null
      ? parseAmountLenient(typed.convertedText)
      : convertSafely(typedCents, rate.rate);
  const original: OriginalAmount | null =
    amountCents !== undefined && typedCents > 0
      ? {
          currency: typed.currency,
          amountCents: typedCents,
          rate: rate.rate,
          rateDate: rate.rateDate,
          rateSource: rate.rateSource,
        }
      : null;
  return { foreign, rate, typedCents, amountCents, original };
}

/** A rate's day (YYYY-MM-DD) for a moment, in local time. */
export function localDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
