import { describe, expect, it } from 'vitest';
import { readNumberAt, shiftDecimal } from '../src/parse/amount';
import { readAmountText } from '../src/parse/amount-text';
import { tokenize } from '../src/parse/tokenize';

const amount = (text: string) => readAmountText(text);

describe('reading an amount exactly', () => {
  it.each([
    ['1200', 120000],
    ['1 200', 120000],
    ['1\u00a0200', 120000],
    ['2 350,50', 235050],
    ['187.90', 18790],
    ['187,9', 18790],
    ['0.01', 1],
    ['2.5к', 250000],
    ['2к', 200000],
    ['2.5k', 250000],
    ['2,5K', 250000],
    ['1,5 тыс', 150000],
    ['1,5 тыс.', 150000],
    ['3 тысячи', 300000],
    ['2 млн', 200000000],
    ['1,250.00', 125000],
    ['1.250,00', 125000],
    ['12 500', 1250000],
    ['0,99к', 99000],
    ['2.350', 235000],
  ])('%s is %i cents', (text, cents) => {
    expect(amount(text)?.cents).toBe(cents);
  });

  it.each([
    ['$25', 2500, 'USD'],
    ['$1,250.00', 125000, 'USD'],
    ['350р', 35000, 'RUB'],
    ['990 руб.', 99000, 'RUB'],
    ['200₽', 20000, 'RUB'],
    ['€ 30', 3000, 'EUR'],
    ['30 евро', 3000, 'EUR'],
    ['20 долларов', 2000, 'USD'],
    ['usd 25', 2500, 'USD'],
    ['4.5 eur', 450, 'EUR'],
    ['250 EUR', 25000, 'EUR'],
    ['40 GBP', 4000, 'GBP'],
    ['36 bucks', 3600, 'USD'],
    ['3000 тенге', 300000, 'KZT'],
    ['10 лари', 1000, 'GEL'],
    ['100$', 10000, 'USD'],
    ['2к₽', 200000, 'RUB'],
  ])('%s is %i cents in %s', (text, cents, currency) => {
    expect(amount(text)).toEqual({ cents, currency });
  });

  it('names no currency when none is written', () => {
    expect(amount('1200')).toEqual({ cents: 120000, currency: null });
  });

  it.each([
    '',
    'abc',
    'seven hundred',
    '1.2345',
    '12.05.2024',
    '19:30',
    '0',
    '0,00',
    '100000000000000',
    '1200 и 300',
  ])('refuses "%s"', (text) => {
    expect(amount(text)).toBeUndefined();
  });

  it('shifts a multiplier on the decimal text, never through floats', () => {
    expect(shiftDecimal('2.5', 3)).toBe('2500');
    expect(shiftDecimal('0,07', 3)).toBe('0070');
    expect(shiftDecimal('1.15', 3)).toBe('1150');
    expect(shiftDecimal('1.15', 6)).toBe('1150000');
    expect(readNumberAt('1.15к', 0)?.cents).toBe(115000);
    expect(readNumberAt('0.29к', 0)?.cents).toBe(29000);
  });

  it('does not take "к" after a space as a multiplier ("500 к метро")', () => {
    expect(readNumberAt('500 к метро', 0)).toMatchObject({ end: 3, cents: 50000, scaled: false });
    expect(readNumberAt('5км', 0)).toMatchObject({ end: 1, cents: 500 });
  });
});

describe('amounts inside a line', () => {
  it('splits a word glued to a number and keeps dates and times apart', () => {
    const kinds = tokenize('такси800 12.05.2024 в 19:30').map((token) => `${token.kind}:${token.text}`);
    expect(kinds).toEqual(['word:такси', 'amount:800', 'number:12.05.2024', 'word:в', 'number:19:30']);
  });

  it('keeps a username glued to digits whole', () => {
    const tokens = tokenize('пиво 600 я и vasya99', (word) => word === 'vasya99');
    expect(tokens.at(-1)).toMatchObject({ kind: 'word', text: 'vasya99' });
  });

  it('marks something that looks like money but is zero', () => {
    expect(tokenize('такси 0')).toContainEqual({ kind: 'bad-amount', text: '0', zero: true });
    expect(tokenize('такси 99999999999999')).toContainEqual({
      kind: 'bad-amount',
      text: '99999999999999',
      zero: false,
    });
  });
});
