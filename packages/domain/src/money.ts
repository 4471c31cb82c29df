import { splitDecimal, toHundredths } from './decimal';
import { DomainError } from './errors';

/** Money inside the app: an integer number of minor units (cents), always a safe integer. */
export type Cents = number;

/** 1e12 currency units. */
export const MAX_AMOUNT_CENTS = 100_000_000_000_000;

// 13 integer digits still fit below 2^53 once multiplied by 100; larger values are out of range anyway.
const MAX_INTEGER_DIGITS = 13;

export type AmountMinimum = 'positive' | 'nonNegative' | 'any';

export interface ParseAmountOptions {
  /** Default 'nonNegative'. */
  min?: AmountMinimum;
  /** Reported on DomainError; default 'amount'. */
  field?: string;
}

function describe(input: string): string {
  return input.length > 32 ? `"${input.slice(0, 32)}…"` : `"${input}"`;
}

/**
 * Strict parser for amounts arriving from the API, the bot and scripts. Exact: works on the
 * decimal text, never on binary floats (a number is read through its shortest decimal form).
 */
export function parseAmount(input: number | string, opts: ParseAmountOptions = {}): Cents {
  const field = opts.field ?? 'amount';
  const min = opts.min ?? 'nonNegative';
  const fail = (message: string): never => {
    throw new DomainError('INVALID_AMOUNT', message, field);
  };

  let text: string;
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) return fail('Amount must be a finite number');
    text = String(input);
  } else if (typeof input === 'string') {
    // \s covers the no-break space (U+00A0) and the narrow one (U+202F) that ru-RU formatting inserts.
    text = input.replace(/\s/g, '');
    if (text === '') return fail('Amount is empty');
  } else {
    return fail('Amount must be a number or a string');
  }

  const parts = splitDecimal(text);
  if (!parts) {
    return fail(
      `Amount ${describe(text)} is not a plain decimal number (digits, one "." or ",", at most 2 decimals)`,
    );
  }
  if (parts.fraction.length > 2) return fail(`Amount ${describe(text)} has more than 2 decimals`);

  const cents = toHundredths(parts, MAX_INTEGER_DIGITS);
  if (cents === undefined || Math.abs(cents) > MAX_AMOUNT_CENTS) {
    return fail(`Amount must not exceed ${formatCents(MAX_AMOUNT_CENTS)} in absolute value`);
  }
  if (cents < 0 && min !== 'any') return fail('Amount must not be negative');
  if (cents === 0 && min === 'positive') return fail('Amount must be greater than zero');
  return cents;
}

/**
 * The rule `parseAmount` applies, for an amount that is already whole cents (the tRPC contract):
 * a safe integer within the maximum, not negative or not zero as `min` asks.
 */
export function checkCents(value: number, opts: ParseAmountOptions = {}): Cents {
  const field = opts.field ?? 'amount';
  const min = opts.min ?? 'nonNegative';
  const fail = (message: string): never => {
    throw new DomainError('INVALID_AMOUNT', message, field);
  };
  if (!Number.isSafeInteger(value)) return fail('Amount must be a whole number of cents');
  if (Math.abs(value) > MAX_AMOUNT_CENTS) {
    return fail(`Amount must not exceed ${formatCents(MAX_AMOUNT_CENTS)} in absolute value`);
  }
  if (value < 0 && min !== 'any') return fail('Amount must not be negative');
  if (value === 0 && min === 'positive') return fail('Amount must be greater than zero');
  return value;
}

/**
 * The form rule of the spec: comma becomes dot, spaces are stripped, anything non-numeric is 0,
 * extra decimals round half-up to cents, negatives become 0, and the maximum clamps. Never throws.
 */
export function parseAmountLenient(input: string): Cents {
  if (typeof input !== 'string') return 0;
  const text = input.replace(/\s/g, '').replace(/,/g, '.');
  const match = /^([+-]?)(\d*)(?:\.(\d*))?$/.exec(text);
  if (!match) return 0;
  const [, sign = '', rawInteger = '', fraction = ''] = match;
  if (rawInteger === '' && fraction === '') return 0;
  if (sign === '-') return 0;

  const integer = rawInteger.replace(/^0+/, '');
  if (integer.length > MAX_INTEGER_DIGITS) return MAX_AMOUNT_CENTS;
  const roundUp = (fraction[2] ?? '0') >= '5' ? 1 : 0;
  const cents = Number(integer || '0') * 100 + Number(fraction.slice(0, 2).padEnd(2, '0')) + roundUp;
  return Math.min(cents, MAX_AMOUNT_CENTS);
}

function assertSafeCents(value: unknown, what: string): asserts value is Cents {
  if (!Number.isSafeInteger(value)) {
    throw new DomainError('INVALID_AMOUNT', `${what} must be a whole number of cents, got ${String(value)}`);
  }
}

/** Plain decimal with a dot and exactly 2 decimals: "1200.50", "-0.05", "0.00". */
export function formatCents(cents: Cents): string {
  assertSafeCents(cents, 'Amount');
  const digits = String(Math.abs(cents)).padStart(3, '0');
  return `${cents < 0 ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/** For JSON output only: the nearest double to the exact decimal, e.g. 1200.5. */
export function centsToDecimal(cents: Cents): number {
  return Number(formatCents(cents));
}

/** Exact sum; an intermediate overflow is carried in a BigInt, only the result must be safe. */
export function sumCents(values: Iterable<Cents>): Cents {
  let total = 0;
  let wide: bigint | undefined;
  for (const value of values) {
    assertSafeCents(value, 'Each amount');
    if (wide !== undefined) {
      wide += BigInt(value);
      continue;
    }
    const next = total + value;
    if (Number.isSafeInteger(next)) total = next;
    else wide = BigInt(total) + BigInt(value);
  }
  if (wide === undefined) return total;
  const limit = BigInt(Number.MAX_SAFE_INTEGER);
  if (wide > limit || wide < -limit) {
    throw new DomainError('INVALID_AMOUNT', `The sum ${wide} cents is beyond the safe integer range`);
  }
  return Number(wide);
}
