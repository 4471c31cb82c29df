import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  convertCents,
  MAX_AMOUNT_CENTS,
  parseRate,
  rateFromProvider,
  readRate,
  sameRate,
} from '../src/index';
import { errorOf } from './error-of';

describe('parseRate', () => {
  it('keeps a rate as given, a comma read as the point', () => {
    expect(parseRate('93.75')).toBe('93.75');
    expect(parseRate('93,7500')).toBe('93.7500');
    expect(parseRate('007.5')).toBe('7.5');
    expect(parseRate(' 0.0108 ')).toBe('0.0108');
    expect(parseRate(93.75)).toBe('93.75');
    expect(parseRate('0.000000123456789012')).toBe('0.000000123456789012');
  });

  it.each([
    ['0'],
    ['0.000'],
    ['-1'],
    ['abc'],
    [''],
    ['1e3'],
    ['1.2.3'],
    ['1234567890123'],
    ['1.23456789012345'],
    [Number.NaN],
    [0],
    [-93.75],
  ])('refuses %s with INVALID_RATE on the field', (input) => {
    const error = errorOf(() => parseRate(input as string, 'exchangeRate'));
    expect(error.code).toBe('INVALID_RATE');
    expect(error.field).toBe('exchangeRate');
  });

  it('counts at most 12 significant digits, leading zeros of a small rate not counted', () => {
    expect(parseRate('123456789012')).toBe('123456789012');
    expect(parseRate('0.000123456789012')).toBe('0.000123456789012');
    expect(errorOf(() => parseRate('0.0001234567890123')).code).toBe('INVALID_RATE');
  });

  it('reads the exact value and compares by value', () => {
    expect(readRate('93.75')).toEqual({ digits: 9375n, scale: 2 });
    expect(sameRate('93.75', '93.750')).toBe(true);
    expect(sameRate('93.75', '93.76')).toBe(false);
  });
});

describe('convertCents', () => {
  it('is round_half_up(original cents × rate)', () => {
    expect(convertCents(4500, '93.75')).toBe(421_875);
    // 1 cent × 0.5 = 0.5 -> 1; 1 cent × 0.4999 -> 0
    expect(convertCents(1, '0.5')).toBe(1);
    expect(convertCents(1, '0.4999')).toBe(0);
    // 0.1 + 0.2 style traps: 3 cents × 1.15 = 3.45 -> 3; 10 cents × 1.005 = 10.05 -> 10
    expect(convertCents(3, '1.15')).toBe(3);
    expect(convertCents(1005, '1.005')).toBe(1010);
    expect(convertCents(0, '93.75')).toBe(0);
  });

  it('rounds a negative amount symmetrically', () => {
    expect(convertCents(-1, '0.5')).toBe(-1);
    expect(convertCents(-4500, '93.75')).toBe(-421_875);
  });

  it('refuses a result beyond the largest amount', () => {
    const error = errorOf(() => convertCents(MAX_AMOUNT_CENTS, '2', 'amount'));
    expect(error.code).toBe('INVALID_AMOUNT');
    expect(error.field).toBe('amount');
  });

  const digits = fc.bigInt({ min: 1n, max: 999_999_999_999n });
  const rate = fc.record({ digits, scale: fc.integer({ min: 0, max: 14 }) }).map(({ digits, scale }) => {
    const text = digits.toString().padStart(scale + 1, '0');
    return scale === 0 ? text : `${text.slice(0, -scale)}.${text.slice(-scale)}`;
  });
  const cents = fc.integer({ min: 0, max: 10_000_000_000 });
  /** Rates below a million, so any amount up to 1 000 000 cents converts within range. */
  const saneRate = fc.record({ digits, scale: fc.integer({ min: 6, max: 16 }) }).map(({ digits, scale }) => {
    const text = digits.toString().padStart(scale + 1, '0');
    return `${text.slice(0, -scale)}.${text.slice(-scale)}`;
  });

  it('is exact: the result is within half a cent of the true product, ties upwards', () => {
    fc.assert(
      fc.property(cents, rate, (amount, rateText) => {
        const { digits: d, scale } = readRate(rateText);
        const product = BigInt(amount) * d; // true value = product / 10^scale
        const unit = 10n ** BigInt(scale);
        let converted: number;
        try {
          converted = convertCents(amount, rateText);
        } catch {
          // Beyond the largest amount: then the true value is too.
          expect(product / unit >= BigInt(MAX_AMOUNT_CENTS)).toBe(true);
          return;
        }
        const twice = BigInt(converted) * 2n * unit;
        // |2·converted·unit − 2·product| ≤ unit, with the tie rounding up
        expect(twice - 2n * product <= unit).toBe(true);
        expect(2n * product - twice < unit).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('is monotonic in the amount and in the rate', () => {
    fc.assert(
      fc.property(cents, cents, saneRate, saneRate, (a, b, r1, r2) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        const small = Math.min(low, 1_000_000);
        const big = Math.min(high, 1_000_000);
        expect(convertCents(small, r1) <= convertCents(big, r1)).toBe(true);
        const x = readRate(r1);
        const y = readRate(r2);
        const scale = BigInt(Math.max(x.scale, y.scale));
        const xv = x.digits * 10n ** (scale - BigInt(x.scale));
        const yv = y.digits * 10n ** (scale - BigInt(y.scale));
        const [lowRate, highRate] = xv <= yv ? [r1, r2] : [r2, r1];
        expect(convertCents(small, lowRate) <= convertCents(small, highRate)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('reads the same value whatever the written form', () => {
    fc.assert(
      fc.property(cents, saneRate, fc.integer({ min: 0, max: 3 }), (amount, rateText, zeros) => {
        const padded = rateText.includes('.') ? rateText + '0'.repeat(zeros) : rateText;
        fc.pre(padded.replace('.', '').replace(/^0+/, '').length <= 12);
        expect(convertCents(Math.min(amount, 1_000_000), padded)).toBe(
          convertCents(Math.min(amount, 1_000_000), rateText),
        );
      }),
    );
  });
});

describe('rateFromProvider', () => {
  it('keeps a short rate, drops trailing zeros, rounds to 12 significant digits half-up', () => {
    expect(rateFromProvider('93.75')).toBe('93.75');
    expect(rateFromProvider('93.7500')).toBe('93.75');
    expect(rateFromProvider('93.751234567891234')).toBe('93.7512345679');
    expect(rateFromProvider('0.0106666666666666666')).toBe('0.0106666666667');
    expect(rateFromProvider('1.99999999999999')).toBe('2');
    expect(rateFromProvider('1.2e-5')).toBe('0.000012');
  });

  it('refuses what is not a rate', () => {
    for (const text of ['0', '-1', 'abc', '', '0.000']) expect(rateFromProvider(text)).toBeUndefined();
  });

  it('always gives a rate parseRate accepts', () => {
    fc.assert(
      fc.property(fc.double({ min: 1e-9, max: 1e6, noNaN: true }), (value) => {
        const rate = rateFromProvider(String(value));
        if (rate !== undefined) expect(parseRate(rate)).toBe(rate);
      }),
    );
  });
});
