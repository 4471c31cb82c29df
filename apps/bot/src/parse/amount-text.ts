import type { ReadAmount } from './reading';
import { tokenize } from './tokenize';

/**
 * A text that is one amount and nothing else ("1200", "1,5к", "$25", "990 руб."), read exactly
 * by the same reader as messages; undefined for anything else.
 */
export function readAmountText(text: string): ReadAmount | undefined {
  const tokens = tokenize(text.trim()).filter((token) => token.kind !== 'punct');
  const [only] = tokens;
  if (tokens.length !== 1 || only?.kind !== 'amount') return undefined;
  return { cents: only.cents, currency: only.currency };
}
