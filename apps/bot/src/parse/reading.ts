import type { Cents } from '@dolya/domain';

/** The writer, in a reading's names. */
export const WRITER = 'me';

export interface ReadAmount {
  cents: Cents;
  /** ISO 4217 code when the amount names its currency. */
  currency: string | null;
}

/**
 * What one message says, names still as written: the common ground of the rule-based reader and
 * the model. Turning it into a proposal (members, conventions, arithmetic) is one shared step.
 */
export interface Reading {
  description: string | null;
  /** The total; null when only per-person amounts are written. */
  amount: ReadAmount | null;
  /** "по 450", "15 each": the amount is what each participant pays. */
  amountIsEach: boolean;
  /** «квест 2400 я, Катя, Олег, Света по 600»: a per-person amount written beside the total. */
  eachAmount: ReadAmount | null;
  payer: string | null;
  /** Who takes part, as written; empty when nobody is named. */
  participants: string[];
  /** "все", "all", "за всех": everyone, said out loud. */
  everyone: boolean;
  /** "кроме Игоря", "except Dave": everyone but these. */
  excluded: string[];
  /** Per-person amounts. */
  splits: { name: string; amount: ReadAmount }[];
  /** A currency named away from the amount ("в евро"). */
  currency: string | null;
  /** A repayment from -> to, names as written; from null: the writer; to null: not said. */
  settlement: { from: string | null; to: string | null } | null;
  /** Several payers ("Катя и я заплатили по 500", "Паша 700 и я 300"), each with their part when written. */
  payers: { name: string; amount: ReadAmount | null }[];
  /** People the purchase is for as a gift ("цветы Свете"): they take no part unless named again. */
  recipients: string[];
  /** "3 пива по 250": the total is a count times a price. */
  product: { count: number; each: ReadAmount } | null;
  /** "пиво 1к + чипсы 500": the total is these parts, with their own words when they have them. */
  sum: { amount: ReadAmount; words: string | null }[] | null;
  /** The amount is unclear: the totals it may be. */
  amountCandidates: ReadAmount[] | null;
  /** «оля 500», «перевёл 500»: an expense or a repayment, the message does not say. */
  kindUnclear: boolean;
  /** «обменял 100 долларов по 90»: money changed, nothing spent. */
  exchange: boolean;
  /** «Катя и Олег платили пополам»: several payers, each an equal part. */
  payersEvenly: boolean;
  /** «маша или миша платили»: one of the payers named paid; which, the writer must say. */
  payerAlternatives: boolean;
  /** «платил кто-то из девчонок», "someone paid": the message does not say who paid. */
  payerUnknown: boolean;
}

/** Receipt lines: one position a line, with its own people. */
export interface ReceiptReading {
  title: string | null;
  payer: string | null;
  items: Reading[];
}

export function emptyReading(): Reading {
  return {
    description: null,
    amount: null,
    amountIsEach: false,
    eachAmount: null,
    payer: null,
    participants: [],
    everyone: false,
    excluded: [],
    splits: [],
    currency: null,
    settlement: null,
    payers: [],
    recipients: [],
    product: null,
    sum: null,
    amountCandidates: null,
    kindUnclear: false,
    exchange: false,
    payersEvenly: false,
    payerAlternatives: false,
    payerUnknown: false,
  };
}
