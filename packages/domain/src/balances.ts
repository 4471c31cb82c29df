import { DomainError } from './errors';
import { type Cents, sumCents } from './money';

export interface LedgerEntry {
  amountCents: Cents;
  payerId: string;
  /** Who paid how much; defaults to the payer paying the whole amount. */
  payers?: { memberId: string; cents: Cents }[];
  splits: Record<string, Cents>;
}

export interface MemberBalance {
  paid: Cents;
  owed: Cents;
  net: Cents;
}

function addCents(a: Cents, b: Cents): Cents {
  const sum = a + b;
  if (!Number.isSafeInteger(sum)) {
    throw new DomainError('INVALID_AMOUNT', 'A balance is beyond the safe integer range of cents');
  }
  return sum;
}

/**
 * Paid, owed and net per member. An under- or over-allocated entry books the difference
 * (amount minus the sum of its splits) to the payer's own share, so the nets always sum to zero.
 * Members in `memberIds` come first (even with zeros), then others in order of first appearance.
 */
export function computeBalances(
  entries: Iterable<LedgerEntry>,
  memberIds: readonly string[] = [],
): Record<string, MemberBalance> {
  const balances = new Map<string, MemberBalance>();
  const balanceOf = (memberId: string): MemberBalance => {
    let balance = balances.get(memberId);
    if (balance === undefined) {
      balance = { paid: 0, owed: 0, net: 0 };
      balances.set(memberId, balance);
    }
    return balance;
  };
  for (const memberId of memberIds) balanceOf(memberId);

  for (const { amountCents, payerId, payers, splits } of entries) {
    if (!Number.isSafeInteger(amountCents)) {
      throw new DomainError(
        'INVALID_AMOUNT',
        `Amount must be whole cents, got ${String(amountCents)}`,
        'amount',
      );
    }
    const paidBy = payers ?? [{ memberId: payerId, cents: amountCents }];
    const paidTotal = sumCents(paidBy.map(({ cents }) => cents));
    if (paidTotal !== amountCents) {
      throw new DomainError(
        'UNBALANCED',
        `Payers paid ${paidTotal} cents in total, but the expense is ${amountCents} cents`,
        'payers',
      );
    }
    for (const { memberId, cents } of paidBy) {
      const balance = balanceOf(memberId);
      balance.paid = addCents(balance.paid, cents);
    }

    const shares = Object.entries(splits);
    for (const [memberId, cents] of shares) {
      const balance = balanceOf(memberId);
      balance.owed = addCents(balance.owed, cents);
    }
    const unallocated = addCents(amountCents, -sumCents(shares.map(([, cents]) => cents)));
    if (unallocated !== 0) {
      const balance = balanceOf(payerId);
      balance.owed = addCents(balance.owed, unallocated);
    }
  }

  const result: Record<string, MemberBalance> = {};
  for (const [memberId, { paid, owed }] of balances) {
    result[memberId] = { paid, owed, net: addCents(paid, -owed) };
  }
  return result;
}
