import { describe, expect, it } from 'vitest';
import { formatters } from '../src/lib/format';

const nbsp = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('formatters.money', () => {
  it('uses the narrow currency symbol in English ("₽2,685.91", not "RUB 2,685.91")', () => {
    expect(formatters('en').money(268591, 'RUB')).toBe('₽2,685.91');
    expect(formatters('en').money(-5, 'KZT')).toBe('−₸0.05');
  });

  it('writes negatives with the minus sign (U+2212), not a hyphen, in both languages', () => {
    expect(nbsp(formatters('ru').money(-150000, 'RUB'))).toBe('−1 500,00 ₽');
    expect(formatters('en').money(-150000, 'EUR')).toBe('−€1,500.00');
    expect(formatters('en').money(150000, 'EUR')).not.toContain('−');
  });

  it('keeps the Russian form with the symbol after the amount', () => {
    expect(nbsp(formatters('ru').money(43456789, 'RUB'))).toBe('434 567,89 ₽');
    expect(nbsp(formatters('ru').money(100, 'USD'))).toBe('1,00 $');
  });
});
