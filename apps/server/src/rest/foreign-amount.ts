import { AppError, toAppError } from '@dolya/api';
import { convertCents, type ExpenseInput, formatCents, sumCents } from '@dolya/domain';
import type { Caller } from './caller';
import type { ExpenseBodyParts } from './presenter';

/**
 * A REST expense body made whole (issue 26). With originalAmount/originalCurrency: the currency
 * must not be the group's, the rate is the one sent (typed: 'manual') or the one of the expense's
 * date (fetched through fx.rate: 'fetched', RATE_UNAVAILABLE naming exchangeRate when none can be
 * had), the amount is round_half_up(original × rate), and an amount sent must equal it. Then the
 * REST rule on a payers map of several: each amount above zero, summing to the amount (400 naming
 * payers); whether each is a member is the procedure's check, also naming payers.
 */
export async function completeExpenseInput(
  caller: Caller,
  groupId: string,
  { input, foreign, payers }: ExpenseBodyParts,
): Promise<ExpenseInput> {
  let amountCents = input.amountCents;
  let original: ExpenseInput['original'] = null;
  if (foreign) {
    const { currency } = await caller.groups.get({ groupId });
    if (foreign.currency === currency) {
      throw new AppError(
        'INVALID_CURRENCY',
        `originalCurrency: the group's own currency (${currency}) needs no conversion`,
        'originalCurrency',
      );
    }
    const date = (input.date ?? new Date().toISOString()).slice(0, 10);
    let rate = foreign.rate;
    let rateDate = date;
    if (rate === undefined) {
      try {
        const fetched = await caller.fx.rate({ from: foreign.currency, to: currency, date });
        rate = fetched.rate;
        rateDate = fetched.date;
      } catch (error) {
        const refusal = toAppError(error);
        if (refusal.appCode !== 'RATE_UNAVAILABLE') throw error;
        throw new AppError('RATE_UNAVAILABLE', `exchangeRate: ${refusal.message}`, 'exchangeRate');
      }
    }
    const converted = convertCents(foreign.amountCents, rate, 'amount');
    if (amountCents !== undefined && amountCents !== converted) {
      throw new AppError(
        'INVALID_AMOUNT',
        `amount: must be originalAmount × exchangeRate, ${formatCents(converted)}`,
        'amount',
      );
    }
    amountCents = converted;
    original = {
      currency: foreign.currency,
      amountCents: foreign.amountCents,
      rate,
      rateDate,
      rateSource: foreign.rate === undefined ? 'fetched' : 'manual',
    };
  }
  if (amountCents === undefined) throw new AppError('VALIDATION_ERROR', 'amount: required', 'amount');
  // One entry is "that one paid it all", as paidById says (which wins when both are sent): a client
  // that sends back what it read, payers included, with another amount or payer keeps working.
  if (payers && payers.length < 2) {
    const { payers: _one, ...rest } = input;
    return { ...rest, paidById: input.paidById ?? payers[0]?.memberId ?? null, amountCents, original };
  }
  if (payers) {
    if (payers.some((p) => p.amountCents <= 0)) {
      throw new AppError('INVALID_AMOUNT', 'payers: each amount must be above zero', 'payers');
    }
    const total = sumCents(payers.map((p) => p.amountCents));
    if (total !== amountCents) {
      throw new AppError(
        'UNBALANCED',
        `payers: they paid ${formatCents(total)} in total, but the amount is ${formatCents(amountCents)}`,
        'payers',
      );
    }
  }
  return { ...input, amountCents, original };
}
