import { describe, expect, it } from 'vitest';
import { CURRENCIES, findCurrency, isCurrencyCode, searchCurrencies } from '../src/index';

const LEADING = ['RUB', 'EUR', 'USD', 'BYN', 'KZT', 'CNY', 'MNT', 'GEL', 'AZN', 'KPW'];
const EX_SOVIET = ['AMD', 'KGS', 'MDL', 'TJS', 'TMT', 'UZS'];

describe('CURRENCIES', () => {
  it('holds about 160 unique ISO codes with both names', () => {
    expect(CURRENCIES.length).toBeGreaterThanOrEqual(150);
    expect(CURRENCIES.length).toBeLessThanOrEqual(170);
    expect(new Set(CURRENCIES.map(({ code }) => code)).size).toBe(CURRENCIES.length);
    for (const { code, nameEn, nameRu } of CURRENCIES) {
      expect(code).toMatch(/^[A-Z]{3}$/);
      expect(nameEn).toMatch(/^[A-Z]/);
      expect(nameRu).toMatch(/^[А-ЯЁ]/);
    }
  });

  it('starts with RUB, EUR, USD, the neighbours and the ex-Soviet currencies, each once', () => {
    const leading = [...LEADING, ...EX_SOVIET];
    expect(CURRENCIES.slice(0, leading.length).map(({ code }) => code)).toEqual(leading);
  });

  it('sorts the rest by English name', () => {
    const rest = CURRENCIES.slice(LEADING.length + EX_SOVIET.length).map(({ nameEn }) => nameEn);
    expect(rest).toEqual([...rest].sort((a, b) => a.localeCompare(b, 'en')));
  });

  it('leaves out metals, funds, test codes and withdrawn currencies', () => {
    for (const code of [
      'XAU',
      'XAG',
      'XTS',
      'XXX',
      'BOV',
      'CLF',
      'COU',
      'MXV',
      'UYI',
      'USN',
      'CHE',
      'CHW',
      'XDR',
    ]) {
      expect(isCurrencyCode(code)).toBe(false);
    }
    for (const code of ['XSU', 'XUA', 'HRK', 'SLL', 'ZWL']) expect(isCurrencyCode(code)).toBe(false);
  });
});

describe('isCurrencyCode and findCurrency', () => {
  it('know exact upper-case codes', () => {
    expect(isCurrencyCode('RUB')).toBe(true);
    expect(isCurrencyCode('GBP')).toBe(true);
    expect(isCurrencyCode('rub')).toBe(false);
    expect(isCurrencyCode('')).toBe(false);
    expect(findCurrency('EUR')).toEqual({ code: 'EUR', nameEn: 'Euro', nameRu: 'Евро' });
    expect(findCurrency('RUB')?.nameRu).toBe('Российский рубль');
    expect(findCurrency('ABC')).toBeUndefined();
  });
});

describe('searchCurrencies', () => {
  it('returns everything, in order, for an empty query', () => {
    expect(searchCurrencies('')).toEqual(CURRENCIES);
    expect(searchCurrencies('   ')).toEqual(CURRENCIES);
  });

  it('matches code, English and Russian names case-insensitively, keeping the list order', () => {
    expect(searchCurrencies('rub').map(({ code }) => code)).toEqual(['RUB', 'BYN', 'AWG']); // ARUBan florin
    expect(searchCurrencies('Ruble').map(({ code }) => code)).toEqual(['RUB', 'BYN']);
    expect(searchCurrencies('РУБЛЬ').map(({ code }) => code)).toEqual(['RUB', 'BYN']);
    expect(searchCurrencies('gel')[0]?.code).toBe('GEL');
    const dollars = searchCurrencies('dollar').map(({ code }) => code);
    expect(dollars[0]).toBe('USD');
    expect(dollars).toContain('CAD');
    expect(searchCurrencies('доллар').map(({ code }) => code)).toEqual(dollars);
    expect(searchCurrencies('no such money')).toEqual([]);
  });
});
