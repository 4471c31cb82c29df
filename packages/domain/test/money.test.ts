import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type AmountMinimum,
  centsToDecimal,
  checkCents,
  formatCents,
  MAX_AMOUNT_CENTS,
  parseAmount,
  parseAmountLenient,
  sumCents,
} from '../src/index';
import { errorOf } from './error-of';

const anyCents = fc.integer({ min: -MAX_AMOUNT_CENTS, max: MAX_AMOUNT_CENTS });

describe('parseAmount', () => {
  it.each([
    ['1200.50', 120050],
    ['1200,5', 120050],
    ['1 200,50', 120050],
    ['1\u00a0200,50', 120050],
    ['1\u202f200', 120000],
    [' 12 ', 1200],
    ['007.10', 710],
    ['0', 0],
    ['-0', 0],
    ['0.01', 1],
    ['1000000000000', MAX_AMOUNT_CENTS],
    ['1000000000000.00', MAX_AMOUNT_CENTS],
  ])('reads the string %j as %i cents', (input, cents) => {
    expect(parseAmount(input)).toBe(cents);
  });

  it.each([
    [12, 1200],
    [12.5, 1250],
    [0.1, 10],
    [0.07, 7],
    [1e12, MAX_AMOUNT_CENTS],
    [123456789012.34, 12345678901234],
    [-0, 0],
  ])('reads the number %d through its shortest decimal form', (input, cents) => {
    expect(parseAmount(input)).toBe(cents);
    expect(Object.is(parseAmount(input), -0)).toBe(false);
  });

  it.each([
    ['', 'empty'],
    ['   ', 'empty'],
    ['abc', 'not a plain decimal'],
    ['1e3', 'not a plain decimal'],
    ['1,200.50', 'not a plain decimal'],
    ['1.2.3', 'not a plain decimal'],
    ['12,3,4', 'not a plain decimal'],
    ['+5', 'not a plain decimal'],
    ['.5', 'not a plain decimal'],
    ['5.', 'not a plain decimal'],
    ['--5', 'not a plain decimal'],
    ['0x10', 'not a plain decimal'],
    ['1.234', 'more than 2 decimals'],
    ['10.505', 'more than 2 decimals'],
    ['1000000000000.01', 'must not exceed'],
    ['99999999999999999999999', 'must not exceed'],
    ['-1', 'must not be negative'],
  ])('refuses the string %j (%s)', (input, message) => {
    const error = errorOf(() => parseAmount(input));
    expect(error.code).toBe('INVALID_AMOUNT');
    expect(error.field).toBe('amount');
    expect(error.message).toContain(message);
  });

  it.each([
    [Number.NaN, 'finite'],
    [Number.POSITIVE_INFINITY, 'finite'],
    [Number.NEGATIVE_INFINITY, 'finite'],
    [0.1 + 0.2, 'more than 2 decimals'],
    [1.005, 'more than 2 decimals'],
    [10.505, 'more than 2 decimals'],
    [1e21, 'not a plain decimal'],
    [1e-7, 'not a plain decimal'],
    [1e12 + 0.01, 'must not exceed'],
    [-3, 'must not be negative'],
  ])('refuses the number %d (%s)', (input, message) => {
    const error = errorOf(() => parseAmount(input));
    expect(error.code).toBe('INVALID_AMOUNT');
    expect(error.message).toContain(message);
  });

  it('accepts negatives only with min "any", and refuses zero with min "positive"', () => {
    expect(parseAmount('-12,30', { min: 'any' })).toBe(-1230);
    expect(parseAmount(-1e12, { min: 'any' })).toBe(-MAX_AMOUNT_CENTS);
    expect(errorOf(() => parseAmount('-1000000000000.01', { min: 'any' })).message).toContain(
      'must not exceed',
    );
    expect(parseAmount('0.01', { min: 'positive' })).toBe(1);
    expect(errorOf(() => parseAmount('0,00', { min: 'positive' })).message).toContain('greater than zero');
    expect(errorOf(() => parseAmount(0, { min: 'positive' })).message).toContain('greater than zero');
  });

  it('reports the field it was given', () => {
    const error = errorOf(() => parseAmount('x', { field: 'items.0.amount' }));
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('DomainError');
    expect(error.field).toBe('items.0.amount');
  });

  it('refuses inputs that are neither numbers nor strings', () => {
    expect(errorOf(() => parseAmount(null as unknown as string)).code).toBe('INVALID_AMOUNT');
  });

  it('round-trips every formatted amount, with a dot or a comma', () => {
    fc.assert(
      fc.property(anyCents, (cents) => {
        const text = formatCents(cents);
        expect(parseAmount(text, { min: 'any' })).toBe(cents);
        expect(parseAmount(text.replace('.', ','), { min: 'any' })).toBe(cents);
      }),
      { numRuns: 300 },
    );
  });

  it('round-trips the JSON number of every amount', () => {
    fc.assert(
      fc.property(anyCents, (cents) => {
        expect(parseAmount(centsToDecimal(cents), { min: 'any' })).toBe(cents);
      }),
      { numRuns: 300 },
    );
  });
});

describe('checkCents', () => {
  it.each([0, 1, 120_050, MAX_AMOUNT_CENTS])('accepts %i cents', (cents) => {
    expect(checkCents(cents)).toBe(cents);
  });

  it.each([
    [0.5, 'whole number of cents'],
    [1050.5, 'whole number of cents'],
    [Number.NaN, 'whole number of cents'],
    [Number.POSITIVE_INFINITY, 'whole number of cents'],
    [2 ** 53, 'whole number of cents'],
    [MAX_AMOUNT_CENTS + 1, 'must not exceed'],
    [-1, 'must not be negative'],
  ])('refuses %d (%s) with INVALID_AMOUNT on the field it was given', (cents, message) => {
    const error = errorOf(() => checkCents(cents, { field: 'splits.x' }));
    expect(error.code).toBe('INVALID_AMOUNT');
    expect(error.field).toBe('splits.x');
    expect(error.message).toContain(message);
  });

  it('accepts negatives only with min "any", and refuses zero with min "positive"', () => {
    expect(checkCents(-MAX_AMOUNT_CENTS, { min: 'any' })).toBe(-MAX_AMOUNT_CENTS);
    expect(errorOf(() => checkCents(-MAX_AMOUNT_CENTS - 1, { min: 'any' })).message).toContain(
      'must not exceed',
    );
    expect(checkCents(1, { min: 'positive' })).toBe(1);
    expect(errorOf(() => checkCents(0, { min: 'positive' })).message).toContain('greater than zero');
    expect(errorOf(() => checkCents(-1)).field).toBe('amount');
  });

  it('answers as parseAmount does for the same amount in decimals, under every minimum', () => {
    const outcome = (run: () => number) => {
      try {
        return { cents: run() };
      } catch (error) {
        const { code, message, field } = error as { code: string; message: string; field: string };
        return { code, message, field };
      }
    };
    fc.assert(
      fc.property(
        fc.oneof(anyCents, fc.integer({ min: -10, max: 10 })),
        fc.constantFrom<AmountMinimum>('positive', 'nonNegative', 'any'),
        (cents, min) => {
          expect(outcome(() => checkCents(cents, { min }))).toEqual(
            outcome(() => parseAmount(centsToDecimal(cents), { min })),
          );
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('parseAmountLenient', () => {
  it.each([
    ['1200.50', 120050],
    ['1 200,50', 120050],
    ['12,344', 1234],
    ['12.345', 1235],
    ['0.005', 1],
    ['0.00499', 0],
    ['0,999', 100],
    ['.5', 50],
    ['5.', 500],
    ['+3', 300],
    ['', 0],
    ['abc', 0],
    ['12abc', 0],
    ['1e3', 0],
    ['.', 0],
    ['1,200.50', 0],
    ['-5', 0],
    ['-0,01', 0],
    ['1000000000000.001', MAX_AMOUNT_CENTS],
    ['999999999999999999999', MAX_AMOUNT_CENTS],
  ])('reads %j as %i cents', (input, cents) => {
    expect(parseAmountLenient(input)).toBe(cents);
  });

  it('never throws and always returns cents between 0 and the maximum', () => {
    const formLike = fc.stringMatching(/^[ \d.,+-]{0,20}$/);
    fc.assert(
      fc.property(fc.oneof(fc.string(), formLike), (input) => {
        const cents = parseAmountLenient(input);
        expect(Number.isSafeInteger(cents)).toBe(true);
        expect(cents).toBeGreaterThanOrEqual(0);
        expect(cents).toBeLessThanOrEqual(MAX_AMOUNT_CENTS);
      }),
      { numRuns: 500 },
    );
    expect(parseAmountLenient(undefined as unknown as string)).toBe(0);
  });

  it('agrees with the strict parser on valid non-negative amounts', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_AMOUNT_CENTS }), (cents) => {
        expect(parseAmountLenient(formatCents(cents).replace('.', ','))).toBe(cents);
      }),
      { numRuns: 200 },
    );
  });
});

describe('formatCents', () => {
  it.each([
    [120050, '1200.50'],
    [-5, '-0.05'],
    [0, '0.00'],
    [-0, '0.00'],
    [7, '0.07'],
    [100, '1.00'],
    [-123456, '-1234.56'],
    [MAX_AMOUNT_CENTS, '1000000000000.00'],
    [Number.MAX_SAFE_INTEGER, '90071992547409.91'],
  ])('formats %i as %s', (cents, text) => {
    expect(formatCents(cents)).toBe(text);
  });

  it.each([1.5, Number.NaN, Number.MAX_SAFE_INTEGER + 1])('refuses %d', (cents) => {
    expect(errorOf(() => formatCents(cents)).code).toBe('INVALID_AMOUNT');
  });
});

describe('centsToDecimal', () => {
  it('gives the decimal number for JSON', () => {
    expect(centsToDecimal(120050)).toBe(1200.5);
    expect(centsToDecimal(-5)).toBe(-0.05);
    expect(centsToDecimal(10)).toBe(0.1);
    expect(JSON.stringify({ amount: centsToDecimal(30) })).toBe('{"amount":0.3}');
  });
});

describe('sumCents', () => {
  it('sums exactly, from any iterable', () => {
    expect(sumCents([])).toBe(0);
    expect(sumCents([1, 2, 3])).toBe(6);
    expect(sumCents(new Set([10, -20]))).toBe(-10);
    expect(sumCents([Number.MAX_SAFE_INTEGER, 1, -1])).toBe(Number.MAX_SAFE_INTEGER);
  });

  it('refuses an unsafe result or a value that is not whole cents', () => {
    expect(errorOf(() => sumCents([Number.MAX_SAFE_INTEGER, 1])).code).toBe('INVALID_AMOUNT');
    expect(errorOf(() => sumCents([1, 0.5])).code).toBe('INVALID_AMOUNT');
    expect(errorOf(() => sumCents([Number.NaN])).code).toBe('INVALID_AMOUNT');
  });

  it('equals the BigInt sum', () => {
    fc.assert(
      fc.property(fc.array(anyCents, { maxLength: 50 }), (values) => {
        const exact = values.reduce((sum, value) => sum + BigInt(value), 0n);
        expect(BigInt(sumCents(values))).toBe(exact);
      }),
      { numRuns: 200 },
    );
  });
});
