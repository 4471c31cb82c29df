import { isCurrencyCode } from '@dolya/domain';
import { readAmountText } from '../amount-text';
import { emptyReading, type ReadAmount, type Reading } from '../reading';
import { normalizeWord } from '../text';
import { EVERYONE_WORDS } from '../vocabulary';
import type { ModelAnswer } from './answer-schema';

/** The model's answer cannot be used; the rules answer instead. */
export class UnusableAnswerError extends Error {
  override name = 'UnusableAnswerError';
}

function amountOf(text: string, what: string): ReadAmount {
  const amount = readAmountText(text);
  if (!amount) throw new UnusableAnswerError(`The model's ${what} "${text}" is not an amount`);
  return amount;
}

const sum = (amounts: ReadAmount[]): ReadAmount => ({
  cents: amounts.reduce((total, amount) => total + amount.cents, 0),
  currency: amounts.find((amount) => amount.currency)?.currency ?? null,
});

/** "me" as the repayment's giver is the writer; the reading says so with null. */
const writerOf = (name: string) => (['me', 'я'].includes(normalizeWord(name.trim())) ? null : name);

/** An expense answer as a reading: amounts through our exact reader, names left as written. */
export function readingFromAnswer(answer: ModelAnswer): Reading {
  const currency = answer.currency?.trim().toUpperCase() || null;
  if (currency && !isCurrencyCode(currency)) {
    throw new UnusableAnswerError(`The model's currency "${answer.currency}" is no ISO 4217 code`);
  }
  const splits = answer.splits.map(({ name, amount }) => ({
    name,
    amount: amountOf(amount, `amount of ${name}`),
  }));
  const amount = answer.amount ? amountOf(answer.amount, 'amount') : null;
  if (!amount && splits.length === 0 && answer.payers.every((payer) => !payer.amount))
    throw new UnusableAnswerError('The model found an expense but no amount');

  const everyone = answer.participants.some((name) => EVERYONE_WORDS.has(normalizeWord(name.trim())));
  const payers = answer.payers.map(({ name, amount: paid }) => ({
    name,
    amount: paid ? amountOf(paid, `amount of ${name}`) : null,
  }));
  const each = payers.length > 1 && payers.every((payer) => payer.amount === null);
  return {
    ...emptyReading(),
    description: answer.description,
    amount: amount ?? (payers.length > 1 && !each ? sum(payers.map((payer) => payer.amount!)) : null),
    amountIsEach: each,
    payers: payers.length > 1 ? payers : [],
    recipients: answer.giftFor,
    settlement: answer.repayment ? { from: writerOf(answer.repayment.from), to: answer.repayment.to } : null,
    payer: answer.payer,
    participants: answer.participants.filter((name) => !EVERYONE_WORDS.has(normalizeWord(name.trim()))),
    everyone,
    splits,
    currency,
  };
}
