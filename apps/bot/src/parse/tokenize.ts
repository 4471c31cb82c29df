import type { Cents } from '@dolya/domain';
import { readNumberAt } from './amount';
import { CURRENCY_SYMBOLS, currencyOfCodeBefore, currencyOfSymbol, currencyOfWord } from './currency-words';
import { normalizeWord } from './text';

export type Token =
  | { kind: 'word'; text: string; norm: string }
  | { kind: 'amount'; text: string; cents: Cents; currency: string | null; bare: boolean; scaled: boolean }
  /** Looks like money but is zero or beyond the largest amount. */
  | { kind: 'bad-amount'; text: string; zero: boolean }
  /** Digits that are no amount: dates, times, "1.2.3". */
  | { kind: 'number'; text: string }
  /** A currency symbol standing apart from any amount. */
  | { kind: 'symbol'; text: string; currency: string }
  | { kind: 'punct'; text: string };

export type AmountToken = Extract<Token, { kind: 'amount' }>;

const WORD = /[\p{L}\p{M}](?:[\p{L}\p{M}_]|['’-](?=\p{L}))*/uy;
const USERNAME = /@[\p{L}\d_.]*[\p{L}\d_]/uy;
const WORD_WITH_DIGITS = /[\p{L}\d_]+/uy;
const OTHER_NUMBER = /[\d.,:/]+/y;
const PUNCTUATION = new Set([...',;:()[]-—–+&/!?.«»"%@→']);
const SYMBOLS = new Set(CURRENCY_SYMBOLS);

function sticky(pattern: RegExp, text: string, at: number): string | undefined {
  pattern.lastIndex = at;
  return pattern.exec(text)?.[0];
}

/**
 * One line into words, amounts and punctuation; spaces and emoji are dropped. A word glued to a
 * number ("такси800") is split, unless the whole run is someone's username.
 */
export function tokenize(line: string, isUsername: (word: string) => boolean = () => false): Token[] {
  const tokens: Token[] = [];
  let at = 0;
  while (at < line.length) {
    const char = line[at] ?? '';
    const username = char === '@' ? sticky(USERNAME, line, at) : undefined;
    const word = username ?? sticky(WORD, line, at);
    if (word) {
      const run = sticky(WORD_WITH_DIGITS, line, at);
      const text = !username && run && run.length > word.length && isUsername(run) ? run : word;
      tokens.push({ kind: 'word', text, norm: normalizeWord(text) });
      at += text.length;
    } else if (/\d/.test(char)) {
      at = readNumberToken(line, at, tokens);
    } else if (SYMBOLS.has(char)) {
      tokens.push({ kind: 'symbol', text: char, currency: currencyOfSymbol(char) ?? '' });
      at += 1;
    } else {
      if (PUNCTUATION.has(char)) tokens.push({ kind: 'punct', text: char });
      at += 1;
    }
  }
  return attachCurrencies(tokens);
}

function readNumberToken(line: string, at: number, tokens: Token[]): number {
  const read = readNumberAt(line, at);
  if (!read) {
    const text = sticky(OTHER_NUMBER, line, at) ?? line.charAt(at);
    tokens.push({ kind: 'number', text });
    return at + text.length;
  }
  const text = line.slice(at, read.end).trim();
  if (read.cents === undefined) tokens.push({ kind: 'bad-amount', text, zero: !/[1-9]/.test(text) });
  else
    tokens.push({
      kind: 'amount',
      text,
      cents: read.cents,
      currency: null,
      bare: read.bare,
      scaled: read.scaled,
    });
  return read.end;
}

/** "350р", "990 руб.", "$25", "€ 30", "usd 25", "250 EUR": the currency joins its amount. */
function attachCurrencies(tokens: Token[]): Token[] {
  const result: Token[] = [];
  for (let index = 0; index < tokens.length; index++) {
    const token = tokens[index];
    if (!token) continue;
    if (token.kind !== 'amount') {
      result.push(token);
      continue;
    }
    const next = tokens[index + 1];
    const previous = result.at(-1);
    const after =
      next?.kind === 'symbol' ? next.currency : next?.kind === 'word' ? currencyOfWord(next.text) : undefined;
    const before =
      previous?.kind === 'symbol'
        ? previous.currency
        : previous?.kind === 'word'
          ? currencyOfCodeBefore(previous.text)
          : undefined;
    if (after) {
      result.push({ ...token, currency: after, bare: false });
      index += 1;
    } else if (before) {
      result.pop();
      result.push({ ...token, currency: before, bare: false });
    } else {
      result.push(token);
    }
  }
  return result;
}
