import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  clampSplitEntryText,
  readPosition,
  readPositionAmount,
  readQuantity,
  readSplitEntry,
  splitFromEntries,
} from '../src/index';

describe('a position amount', () => {
  it.each([
    ['120', 12_000],
    ['120.5', 12_050],
    ['120,55', 12_055],
    [' 7 ', 700],
    ['0,01', 1],
    ['12.', 1200],
    ['999999999999.99', 99_999_999_999_999],
  ])('reads %j as %i cents', (text, cents) => {
    expect(readPositionAmount(text)).toEqual({ ok: true, value: cents });
  });

  it.each([
    ['', 'REQUIRED'],
    ['   ', 'REQUIRED'],
    ['1234567890123456', 'TOO_LONG'],
    ['1.2.3', 'NOT_A_NUMBER'],
    ['1,2.3', 'NOT_A_NUMBER'],
    ['-5', 'NOT_A_NUMBER'],
    ['1 000', 'NOT_A_NUMBER'],
    ['1e3', 'NOT_A_NUMBER'],
    ['abc', 'NOT_A_NUMBER'],
    ['1.234', 'TOO_MANY_DECIMALS'],
    ['0', 'NOT_POSITIVE'],
    ['0,00', 'NOT_POSITIVE'],
    ['99999999999999', 'TOO_LARGE'],
  ])('refuses %j: %s', (text, problem) => {
    expect(readPositionAmount(text)).toEqual({ ok: false, problem });
  });

  it('reads every plain amount of at most 15 characters exactly, with either separator', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 99_999_999_999n }),
        fc.constantFrom('', '.', ','),
        fc.integer({ min: 0, max: 99 }),
        (units, separator, fraction) => {
          const decimals = separator === '' ? '' : String(fraction).padStart(2, '0');
          const text = `${units}${separator}${decimals}`;
          const expected = Number(units) * 100 + (separator === '' ? 0 : fraction);
          expect(readPositionAmount(text)).toEqual({ ok: true, value: expected });
        },
      ),
    );
  });

  it('refuses anything longer than 15 characters, whatever it is', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 16, maxLength: 40 }), (text) => {
        fc.pre(text.trim().length > 15);
        expect(readPositionAmount(text)).toEqual({ ok: false, problem: 'TOO_LONG' });
      }),
    );
  });
});

describe('a position', () => {
  it('is its trimmed name, its quantity (1 when empty) and its amount', () => {
    expect(readPosition({ name: '  Пицца ', quantity: '', amount: '800' })).toEqual({
      ok: true,
      value: { name: 'Пицца', number: 1, amountCents: 80_000 },
    });
    expect(readPosition({ name: 'Wine', quantity: '2,5', amount: '12.40' })).toEqual({
      ok: true,
      value: { name: 'Wine', number: 2.5, amountCents: 1240 },
    });
  });

  it('names every field that is wrong', () => {
    expect(readPosition({ name: ' ', quantity: '0', amount: '' })).toEqual({
      ok: false,
      problem: { name: 'REQUIRED', quantity: 'INVALID', amount: 'REQUIRED' },
    });
  });

  it.each(['0', '-1', 'x', '1.2345', '10000000'])('refuses the quantity %j', (text) => {
    expect(readQuantity(text).ok).toBe(false);
  });
});

describe('the item split dialog entries', () => {
  it('reads shares as whole numbers, amounts as cents and percents as hundredths', () => {
    expect(readSplitEntry('shares', '2')).toBe(2);
    expect(readSplitEntry('shares', '2.7')).toBe(2);
    expect(readSplitEntry('amounts', '12,5')).toBe(1250);
    expect(readSplitEntry('percentages', '33.33')).toBe(3333);
  });

  it('turns negatives into 0 and caps percents at 100', () => {
    expect(clampSplitEntryText('amounts', '-5')).toBe('0');
    expect(clampSplitEntryText('shares', ' -1')).toBe('0');
    expect(clampSplitEntryText('percentages', '150')).toBe('100');
    expect(clampSplitEntryText('percentages', '99,5')).toBe('99,5');
    expect(clampSplitEntryText('amounts', '150')).toBe('150');
    fc.assert(
      fc.property(
        fc.constantFrom('shares', 'amounts', 'percentages' as const),
        fc.string(),
        (method, text) => {
          const value = readSplitEntry(method, text);
          expect(value).toBeGreaterThanOrEqual(0);
          if (method === 'percentages') expect(value).toBeLessThanOrEqual(10_000);
          expect(Number.isSafeInteger(value)).toBe(true);
        },
      ),
    );
  });

  it('builds the typed split, leaving out zero entries', () => {
    expect(splitFromEntries('percentages', { a: '60', b: '40', c: '' })).toEqual({
      method: 'percentages',
      percents: { a: 60, b: 40 },
    });
    expect(splitFromEntries('amounts', { a: '4,5', b: '0' })).toEqual({
      method: 'amounts',
      cents: { a: 450 },
    });
    expect(splitFromEntries('shares', { a: '2', b: '-1' })).toEqual({ method: 'shares', shares: { a: 2 } });
  });
});
