import { type Cents, DomainError, parseAmount } from '@dolya/domain';

export interface NumberRead {
  /** Where the number (and its multiplier) ends in the text. */
  end: number;
  /** Undefined when it looks like money but is zero or too large. */
  cents: Cents | undefined;
  /** Digits only, no grouping, decimals or multiplier: a bare integer like "7" or "1200". */
  bare: boolean;
  /** A multiplier such as "к", "k" or "тыс" was written. */
  scaled: boolean;
}

// Grouped forms first: "1 200,50", "1,250.00", "1.250,00"; then a plain "1200", "187.90", "1,5".
const NUMBER_FORMS: { pattern: RegExp; grouping: RegExp | null }[] = [
  { pattern: /\d{1,3}(?:[ \u00a0\u202f]\d{3})+(?:[.,]\d{1,2})?/y, grouping: /[ \u00a0\u202f]/g },
  { pattern: /\d{1,3}(?:,\d{3})+(?:\.\d{1,2})?/y, grouping: /,/g },
  { pattern: /\d{1,3}(?:\.\d{3})+(?:,\d{1,2})?/y, grouping: /\./g },
  { pattern: /\d+(?:[.,]\d{1,2})?/y, grouping: null },
];

// "2.5к", "2k" (no space: "500 к метро" is a direction) or "1,5 тыс", "3 тысячи", "2 млн".
const MULTIPLIER =
  /([кk])(?![\p{L}\d])|[ \u00a0]?(тыс\.?|тысяч[аи]?|тыщ[аиу]?|tys\.?|tysyach[ai]?|thousand|grand|млн|миллион(?:а|ов)?)(?![\p{L}\d])/iuy;

/** A number goes on: more digits, or a separator and a digit (dates, times, three decimals). */
const CONTINUES = /\d|[.,:/]\d/y;

/** Reads the number that starts at `start` (a digit), or undefined when it is no amount at all. */
export function readNumberAt(text: string, start: number): NumberRead | undefined {
  for (const { pattern, grouping } of NUMBER_FORMS) {
    pattern.lastIndex = start;
    const match = pattern.exec(text);
    if (!match) continue;
    let end = start + match[0].length;
    CONTINUES.lastIndex = end;
    if (CONTINUES.test(text)) continue;

    let decimal = grouping ? match[0].replace(grouping, '') : match[0];
    MULTIPLIER.lastIndex = end;
    const multiplier = MULTIPLIER.exec(text);
    if (multiplier) {
      const word = (multiplier[1] ?? multiplier[2] ?? '').toLowerCase();
      decimal = shiftDecimal(decimal, word.startsWith('м') ? 6 : 3);
      end += multiplier[0].length;
    }
    return {
      end,
      cents: centsOf(decimal),
      bare: !multiplier && /^\d+$/.test(match[0]),
      scaled: multiplier !== null,
    };
  }
  return undefined;
}

function centsOf(decimal: string): Cents | undefined {
  try {
    return parseAmount(decimal, { min: 'positive' });
  } catch (error) {
    if (error instanceof DomainError) return undefined;
    throw error;
  }
}

/** "2.5" shifted by 3 digits is "2500": a multiplier applied to the decimal text, exactly. */
export function shiftDecimal(decimal: string, digits: number): string {
  const [integer = '', fraction = ''] = decimal.split(/[.,]/);
  const moved = fraction.padEnd(digits, '0');
  const rest = moved.slice(digits);
  return `${integer}${moved.slice(0, digits)}${rest ? `.${rest}` : ''}`;
}
