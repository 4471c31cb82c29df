import { DomainError } from './errors';
import { type Cents, sumCents } from './money';

/** One payer of an expense and what they paid, in the group's currency. */
export interface Payer {
  memberId: string;
  cents: Cents;
}

const FIELD = 'payers';

/**
 * Checks who paid an expense: at least one payer, each a member once, each amount above zero
 * (a single payer may carry any amount, as every expense had before several payers), and the
 * amounts summing exactly to the expense's. Returns them in group order.
 */
export function checkPayers(
  amountCents: Cents,
  payers: readonly Payer[],
  memberOrder: readonly string[],
): Payer[] {
  if (payers.length === 0) throw new DomainError('INVALID_MEMBER', 'Name at least one payer', FIELD);
  const position = new Map(memberOrder.map((memberId, index) => [memberId, index]));
  const seen = new Set<string>();
  for (const { memberId, cents } of payers) {
    if (!position.has(memberId)) {
      throw new DomainError('INVALID_MEMBER', `Payer "${memberId}" is not a member of this group`, FIELD);
    }
    if (seen.has(memberId)) {
      throw new DomainError('INVALID_MEMBER', `Payer "${memberId}" is named twice`, FIELD);
    }
    seen.add(memberId);
    if (!Number.isSafeInteger(cents) || (payers.length > 1 && cents <= 0)) {
      throw new DomainError(
        'INVALID_AMOUNT',
        `What "${memberId}" paid must be whole cents above zero, got ${String(cents)}`,
        FIELD,
      );
    }
  }
  const total = sumCents(payers.map(({ cents }) => cents));
  if (total !== amountCents) {
    throw new DomainError(
      'UNBALANCED',
      `The payers paid ${total} cents in total, but the expense is ${amountCents} cents`,
      FIELD,
    );
  }
  return [...payers].sort((a, b) => (position.get(a.memberId) ?? 0) - (position.get(b.memberId) ?? 0));
}

/**
 * "The payer" of an expense where a rule needs one (a split's remainder, paidById): the payer
 * who paid the most; of equals, the first in group order (members outside it come last).
 */
export function mainPayer(payers: readonly Payer[], memberOrder: readonly string[]): string {
  const position = new Map(memberOrder.map((memberId, index) => [memberId, index]));
  const rank = (memberId: string) => position.get(memberId) ?? Number.MAX_SAFE_INTEGER;
  let best: Payer | undefined;
  for (const payer of payers) {
    if (
      best === undefined ||
      payer.cents > best.cents ||
      (payer.cents === best.cents && rank(payer.memberId) < rank(best.memberId))
    ) {
      best = payer;
    }
  }
  if (best === undefined) throw new DomainError('INVALID_MEMBER', 'Name at least one payer', FIELD);
  return best.memberId;
}
