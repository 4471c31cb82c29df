/** A plain decimal split into its parts: optional '-', integer digits, optional fraction digits. */
export interface DecimalParts {
  negative: boolean;
  /** Integer digits without leading zeros ('0' for zero). */
  integer: string;
  fraction: string;
}

// Exactly one separator, digits on both sides of it; no exponent, no '+', no grouping.
const PLAIN_DECIMAL = /^(-?)(\d+)(?:[.,](\d+))?$/;

export function splitDecimal(text: string): DecimalParts | undefined {
  const match = PLAIN_DECIMAL.exec(text);
  if (!match) return undefined;
  const [, sign = '', integer = '', fraction = ''] = match;
  return { negative: sign === '-', integer: integer.replace(/^0+(?=\d)/, ''), fraction };
}

/**
 * The value in hundredths (cents, or hundredths of a percent), exact, as long as the integer
 * part has at most `maxIntegerDigits` digits (kept small enough for a safe integer result).
 * Returns undefined when the fraction has more than 2 digits or the integer part is too long.
 */
export function toHundredths(parts: DecimalParts, maxIntegerDigits: number): number | undefined {
  if (parts.fraction.length > 2 || parts.integer.length > maxIntegerDigits) return undefined;
  const magnitude = Number(parts.integer) * 100 + Number(parts.fraction.padEnd(2, '0'));
  return parts.negative && magnitude !== 0 ? -magnitude : magnitude;
}
