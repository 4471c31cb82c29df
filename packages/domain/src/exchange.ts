import { DomainError } from './errors';
import { type Cents, checkCents } from './money';

/**
 * An exchange rate: group-currency units for one unit of another currency, an exact decimal of
 * at most 12 significant digits, above zero. Kept as its text ("93.75", "0.0108"), which is how
 * it is stored and sent; `readRate` gives the exact value as digits / 10^scale.
 */
export type RateText = string;

export interface ExactRate {
  /** The decimal's digits as one integer ("93.75" -> 9375n). */
  digits: bigint;
  /** How many of them are decimals ("93.75" -> 2). */
  scale: number;
}

export const MAX_RATE_SIGNIFICANT_DIGITS = 12;
/** A rate's text is at most this long (leading zeros of a tiny rate included). */
const MAX_RATE_LENGTH = 32;
const RATE_TEXT = /^(\d+)(?:\.(\d+))?$/;

function invalidRate(message: string, field: string): never {
  throw new DomainError('INVALID_RATE', message, field);
}

/**
 * Reads a rate exactly as given: a plain decimal ("93.75"; a comma is read as the point), above
 * zero, at most 12 significant digits. Returns its canonical text (leading zeros of the integer
 * part dropped, the decimals kept as given), which reads back to the same value.
 */
export function parseRate(input: string | number, field = 'exchangeRate'): RateText {
  let text: string;
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) return invalidRate('The rate must be a finite number', field);
    // A number's shortest decimal form; exponent forms (1e-7) are refused below like any other.
    text = String(input);
  } else if (typeof input === 'string') {
    text = input.trim().replace(',', '.');
  } else {
    return invalidRate('The rate must be a decimal number', field);
  }
  if (text.length > MAX_RATE_LENGTH) return invalidRate('The rate is too long', field);
  const match = RATE_TEXT.exec(text);
  if (!match) return invalidRate(`The rate "${text}" is not a plain decimal number above zero`, field);
  const integer = (match[1] ?? '0').replace(/^0+(?=\d)/, '');
  const fraction = match[2] ?? '';
  const significant = `${integer}${fraction}`.replace(/^0+/, '');
  if (significant === '' || /^0*$/.test(significant)) {
    return invalidRate('The rate must be above zero', field);
  }
  if (significant.length > MAX_RATE_SIGNIFICANT_DIGITS) {
    return invalidRate(`The rate has more than ${MAX_RATE_SIGNIFICANT_DIGITS} significant digits`, field);
  }
  return fraction === '' ? integer : `${integer}.${fraction}`;
}

/** The exact value of a rate's text (checked by parseRate first). */
export function readRate(rate: RateText): ExactRate {
  const text = parseRate(rate);
  const [integer = '0', fraction = ''] = text.split('.');
  return { digits: BigInt(`${integer}${fraction}`), scale: fraction.length };
}

/** Whether two rate texts are the same number ("93.75" and "93.750"). */
export function sameRate(a: RateText, b: RateText): boolean {
  const x = readRate(a);
  const y = readRate(b);
  const scale = Math.max(x.scale, y.scale);
  return x.digits * 10n ** BigInt(scale - x.scale) === y.digits * 10n ** BigInt(scale - y.scale);
}

/**
 * The amount in the group's currency: round_half_up(original cents × rate), exact (BigInt, no
 * floating point); a negative amount rounds symmetrically (half away from zero). The result must
 * be within the amounts' range, else INVALID_AMOUNT on `field`.
 */
export function convertCents(originalCents: Cents, rate: RateText, field = 'amount'): Cents {
  if (!Number.isSafeInteger(originalCents)) {
    throw new DomainError('INVALID_AMOUNT', 'Amount must be a whole number of cents', field);
  }
  const { digits, scale } = readRate(rate);
  const divisor = 10n ** BigInt(scale);
  const magnitude = BigInt(Math.abs(originalCents)) * digits;
  const rounded = (magnitude * 2n + divisor) / (2n * divisor);
  if (rounded > BigInt(Number.MAX_SAFE_INTEGER)) {
    throw new DomainError('INVALID_AMOUNT', 'The converted amount is beyond the largest amount', field);
  }
  const cents = originalCents < 0 ? -Number(rounded) : Number(rounded);
  return checkCents(cents, { field, min: 'any' });
}

/** How a rate was had: typed by a person, or fetched from the rates provider. */
export type RateSource = 'manual' | 'fetched';

/** An amount as paid in another currency than the group's, and how it was converted. */
export interface OriginalAmount {
  currency: string;
  amountCents: Cents;
  rate: RateText;
  /** The rate's date, YYYY-MM-DD. */
  rateDate: string;
  rateSource: RateSource;
}

/** "1.2e-5" -> "0.000012", "9.375E1" -> "93.75": the decimal point moved in the text, no float. */
function withoutExponent(text: string): string | undefined {
  const match = /^(\d*)(?:\.(\d*))?[eE]([+-]?\d{1,3})$/.exec(text);
  if (!match) return /[eE]/.test(text) ? undefined : text;
  const digits = `${match[1] ?? ''}${match[2] ?? ''}`;
  if (!/\d/.test(digits)) return undefined;
  const point = (match[1] ?? '').length + Number(match[3]);
  if (point <= 0) return `0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return digits + '0'.repeat(point - digits.length);
  return `${digits.slice(0, point)}.${digits.slice(point)}`;
}

/**
 * A provider's rate (a JSON number's text, "93.751234567891234" or "1.2e-5") as a rate we keep:
 * rounded half-up to 12 significant digits, trailing zeros of the decimals dropped. Undefined
 * for anything that is not a number above zero.
 */
export function rateFromProvider(text: string): RateText | undefined {
  const plain = withoutExponent(text.trim());
  if (plain === undefined) return undefined;
  const match = RATE_TEXT.exec(plain);
  if (!match) return undefined;
  const integer = (match[1] ?? '0').replace(/^0+(?=\d)/, '');
  const fraction = match[2] ?? '';
  const digits = `${integer}${fraction}`;
  const firstSignificant = digits.search(/[1-9]/);
  if (firstSignificant < 0) return undefined;
  const keep = firstSignificant + MAX_RATE_SIGNIFICANT_DIGITS;
  let scale = fraction.length;
  let value = BigInt(digits);
  if (digits.length > keep) {
    const drop = digits.length - keep;
    if (drop > scale) return undefined; // more than 12 integer digits: no currency is worth that
    const unit = 10n ** BigInt(drop);
    value = (value * 2n + unit) / (2n * unit);
    scale -= drop;
  }
  while (scale > 0 && value % 10n === 0n) {
    value /= 10n;
    scale -= 1;
  }
  const text2 = value.toString().padStart(scale + 1, '0');
  const result = scale === 0 ? text2 : `${text2.slice(0, -scale)}.${text2.slice(-scale)}`;
  return significantDigits(result) <= MAX_RATE_SIGNIFICANT_DIGITS && value > 0n ? result : undefined;
}

function significantDigits(text: string): number {
  return text.replace('.', '').replace(/^0+/, '').length;
}
