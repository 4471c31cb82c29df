import { sumCents } from '@dolya/domain';
import type { Reading } from './reading';

/**
 * «счёт 12000: я 7000, Олег 5000, делим на всех», "dinner 140: me 80, Vanya 60, split": the parts
 * add up to the total and the whole group shares it, so the parts are what each one paid, not what
 * each one owes.
 */
export function partsPaidByThem(reading: Reading): Reading {
  const { splits, amount } = reading;
  if (splits.length < 2 || !amount || !reading.everyone) return reading;
  if (reading.payer || reading.payers.length > 0 || reading.participants.length > 0) return reading;
  if (sumCents(splits.map((split) => split.amount.cents)) !== amount.cents) return reading;
  return {
    ...reading,
    splits: [],
    payers: splits.map((split) => ({ name: split.name, amount: split.amount })),
  };
}
