import { createContext } from '../../src/parse/context';
import { parseWithRules } from '../../src/parse/rules';
import type { Member, ParseResult } from '../../src/parse/types';

/** What the rules read in one message of `writerId` in a group of `members`. */
export function read(text: string, members: Member[], writerId: string, currency = 'RUB'): ParseResult {
  return parseWithRules(createContext({ text, members, writerId, currency }));
}

/** The expense draft read, or a failure naming what was read instead. */
export function expense(text: string, members: Member[], writerId: string, currency = 'RUB') {
  const result = read(text, members, writerId, currency);
  if (result.kind !== 'expense') throw new Error(`"${text}" is no expense: ${JSON.stringify(result)}`);
  return result.proposal;
}

/** The settlement draft read, or a failure naming what was read instead. */
export function settlement(text: string, members: Member[], writerId: string, currency = 'RUB') {
  const result = read(text, members, writerId, currency);
  if (result.kind !== 'settlement') throw new Error(`"${text}" is no settlement: ${JSON.stringify(result)}`);
  return result.settlement;
}
