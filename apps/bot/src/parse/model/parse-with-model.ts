import type { ParseContext } from '../context';
import { nameForms } from '../name-forms';
import { modelRepeat, withoutRepeatWords, withRepeat } from '../repeat/with-repeat';
import { proposalFromReading, settlementFromReading } from '../resolve';
import { normalizeWord } from '../text';
import type { ParseResult } from '../types';
import { readingFromAnswer, UnusableAnswerError } from './answer-to-reading';
import type { ModelReader } from './model-reader';

const wordsOf = (text: string) => (text.match(/[\p{L}\p{M}\d_'’-]+/gu) ?? []).map(normalizeWord);

/** Whether the message writes this name, in any of its case forms ("Костя" for "с Костей"). */
function isInMessage(name: string, messageWords: ReadonlySet<string>): boolean {
  return wordsOf(name).every((word) => nameForms(word).some((form) => messageWords.has(form)));
}

/**
 * The model reads the message; our code does the rest: amounts through the exact reader, names
 * through the member matcher, arithmetic by the domain. Throws whenever the answer is unusable,
 * including a name that matches no member and is not in the message (the model made it up).
 */
export async function parseWithModel(context: ParseContext, readModel: ModelReader): Promise<ParseResult> {
  const answer = withoutRepeatWords(await readModel(context));
  if (!answer.isExpense) return { kind: 'not-expense', reason: 'MODEL_NOT_EXPENSE', source: 'model' };

  const reading = readingFromAnswer(answer);
  const messageWords = new Set(wordsOf(context.text));
  const settlement = settlementFromReading(reading, context);
  if (settlement) {
    refuseInvented(settlement.unknownNames, messageWords);
    return { kind: 'settlement', settlement, source: 'model' };
  }
  const proposal = proposalFromReading(reading, context);
  if (!proposal) throw new UnusableAnswerError('The model found an expense but no amount');
  refuseInvented(proposal.unknownNames, messageWords);
  return withRepeat({ kind: 'expense', proposal, source: 'model' }, modelRepeat(answer, context));
}

function refuseInvented(unknownNames: readonly string[], messageWords: ReadonlySet<string>) {
  const invented = unknownNames.filter((name) => !isInMessage(name, messageWords));
  if (invented.length > 0) {
    throw new UnusableAnswerError(
      `The model named people who are not in the message: ${invented.join(', ')}`,
    );
  }
}
