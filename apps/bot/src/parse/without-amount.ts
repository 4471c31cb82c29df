import type { ParseContext } from './context';
import type { Reading } from './reading';
import { proposalFromReading, settlementFromReading } from './resolve';
import type { ParseResult, Question } from './types';

/** «Олег заплатил за паром», "tom paid me back", «вернул долг»: money moved, its amount not said. */
const PAID =
  /(?<![\p{L}])(?:(?:за)?платил[аи]?|оплатил[аи]?|купил[аи]?|вернул[аи]?|перевел[аи]?|перевёл|скинул[аи]?|отдал[аи]?|рассчитал(?:ся|ась|ись)|в\s+расч[её]те|paid|bought|spent|covered|settled\s+up|überwiesen|bezahlt)(?![\p{L}])/iu;
/** «не платил», «ещё не оплатила», "haven't paid": nothing moved. */
const NOT_PAID =
  /(?:(?<![\p{L}])(?:не|not|never)|n['’]t)\s+(?:\p{L}+\s+)?(?:(?:за)?платил|оплатил|paid|перев[её]л|вернул|отдал)/iu;
/** «мы с Аней в расчёте», «рассчиталась с Аней»: a repayment settling up, read with the writer as payer. */
const SETTLED_UP = /(?<![\p{L}])(?:рассчитал(?:ся|ась|ись)|в\s+расч[её]те|settled\s+up)(?![\p{L}])/iu;

/** Telling apart "how much?" (no button to press: the writer replies with the amount). */
export const AMOUNT_TO_TYPE: Question = { kind: 'amount', candidates: [] };

export function isAmountToType(question: Question | undefined): boolean {
  return question?.kind === 'amount' && question.candidates.length === 0;
}

/**
 * A payment written without its amount: read as far as it goes (who paid, for what, for whom), with
 * "how much?" as the first question, instead of a refusal that makes the writer start over. The
 * amount the writer replies with is read with the message (see the bot's amount answers).
 */
export function readWithoutAmount(
  text: string,
  reading: Reading,
  context: ParseContext,
): ParseResult | undefined {
  if (!PAID.test(text) || NOT_PAID.test(text)) return undefined;
  // Any amount stands in while the people are resolved; the result says it is not known.
  const priced: Reading = {
    ...reading,
    amount: { cents: 100, currency: null },
    amountIsEach: false,
    ...(SETTLED_UP.test(text) && !reading.settlement ? { settlement: { from: null, to: null } } : {}),
  };
  const settlement = settlementFromReading(priced, context);
  if (settlement) {
    return {
      kind: 'settlement',
      settlement: { ...settlement, amountCents: 0, questions: [AMOUNT_TO_TYPE, ...settlement.questions] },
      source: 'rules',
    };
  }
  const proposal = proposalFromReading({ ...priced, kindUnclear: false }, context);
  if (!proposal) return undefined;
  const { splits: _splits, payers: _payers, amountNote: _note, ...known } = proposal;
  return {
    kind: 'expense',
    proposal: {
      ...known,
      amountCents: 0,
      questions: [AMOUNT_TO_TYPE, ...proposal.questions.filter((question) => question.kind !== 'title')],
    },
    source: 'rules',
  };
}
