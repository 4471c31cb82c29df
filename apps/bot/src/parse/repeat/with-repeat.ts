import type { ParseContext } from '../context';
import type { ModelAnswer } from '../model/answer-schema';
import { capitalizeFirst } from '../text';
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
 * repeat is then put on the expense read. Taking words out must not make a message harder to
 * read: when the rest is declined or asked about and the whole message is a sure expense ("Tom
 * will pay for netflix every month" is a standing payment, without its repeat one still to come),
 * or the rest is declined and the whole is an expense at all, the whole message's reading is
 * taken, its title cleared of the repeat words.
 */
export function readWithRepeat(
  context: ParseContext,
  read: (context: ParseContext) => ParseResult,
): ParseResult {
  const found = findRepeat(context.text);
  if (!found) return read(context);
  const rest = read({ ...context, text: found.rest });
  if (!unsure(rest)) return withRepeat(rest, found.repeat);
  const whole = read(context);
  // The whole message's reading when it is sure, or an expense where the rest is none at all.
  const better = whole.kind === 'expense' && (!unsure(whole) || rest.kind === 'not-expense');
  if (!better) return withRepeat(rest, found.repeat);
  const name = findRepeat(whole.proposal.name)?.rest;
  const titled = name ? { ...whole, proposal: { ...whole.proposal, name: capitalizeFirst(name) } } : whole;
  return withRepeat(titled, found.repeat);
}

/** Declined, or asking before it can be a draft. */
function unsure(result: ParseResult): boolean {
  if (result.kind === 'not-expense') return true;
  const read = result.kind === 'expense' ? result.proposal : result.settlement;
  return read.questions.length > 0 || read.unknownNames.length > 0 || read.ambiguousNames.length > 0;
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
