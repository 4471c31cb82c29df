import type { ParseContext } from '../context';
import type { ModelAnswer } from '../model/answer-schema';
import type { ParseResult } from '../types';
import { findRepeat, type Repeat } from './find-repeat';

/** The largest step a message may set; beyond it a model's answer is not taken. */
const MAX_EVERY = 100;
const UNITS: readonly string[] = ['day', 'week', 'month', 'year'];

/** The repeat on an expense; a repayment or no expense stays as it is (a settlement never repeats). */
export function withRepeat(result: ParseResult, repeat: Repeat | null | undefined): ParseResult {
  if (result.kind !== 'expense' || !repeat) return result;
  return { ...result, proposal: { ...result.proposal, repeat } };
}

/**
 * The rules' hook: the message is read without its repeat words («аренда 45000 каждый месяц» is
 * read as «аренда 45000»), so they end up in no title and no other rule trips on them; the
 * repeat is then put on the expense read.
 */
export function readWithRepeat(
  context: ParseContext,
  read: (context: ParseContext) => ParseResult,
): ParseResult {
  const found = findRepeat(context.text);
  if (!found) return read(context);
  let result = read({ ...context, text: found.rest });
  // "Tom will pay for netflix every month": a standing payment; without its repeat, one still to come.
  if (result.kind === 'not-expense' && result.reason === 'NOT_YET') result = read(context);
  return withRepeat(result, found.repeat);
}

/** The model's answer with its description cleared of repeat words («ежемесячно интернет» -> «интернет»). */
export function withoutRepeatWords(answer: ModelAnswer): ModelAnswer {
  const found = answer.description ? findRepeat(answer.description) : null;
  return found ? { ...answer, description: found.rest || null } : answer;
}

/** The repeat the model read, when it is a rule we take; else the one the words of the message say. */
export function modelRepeat(answer: ModelAnswer, context: ParseContext): Repeat | null {
  const said = answer.repeat;
  if (
    said &&
    Number.isInteger(said.every) &&
    said.every >= 1 &&
    said.every <= MAX_EVERY &&
    UNITS.includes(said.unit)
  )
    return { every: said.every, unit: said.unit };
  return findRepeat(context.text)?.repeat ?? null;
}
