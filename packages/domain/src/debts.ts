import { DomainError } from './errors';
import { type Cents, sumCents } from './money';

/** `from` (a debtor, negative net) pays `to` (a creditor, positive net). */
export interface Transfer {
  from: string;
  to: string;
  amountCents: Cents;
}

/** Up to this many non-zero balances the minimum number of transfers is computed exactly. */
export const EXACT_DEBT_LIMIT = 20;

interface Balance {
  memberId: string;
  cents: Cents;
}

// Code-unit order, not localeCompare: identical in every runtime and locale.
function compareIds(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function nonZeroBalances(nets: Record<string, Cents>): Balance[] {
  const balances: Balance[] = [];
  for (const [memberId, cents] of Object.entries(nets)) {
    if (!Number.isSafeInteger(cents)) {
      throw new DomainError(
        'INVALID_AMOUNT',
        `Net of "${memberId}" must be whole cents, got ${String(cents)}`,
      );
    }
    if (cents !== 0) balances.push({ memberId, cents });
  }
  return balances;
}

/**
 * The spec's greedy method: the largest debtor pays the largest creditor (ties by id), as much as
 * both allow; whoever is settled is dropped. At most n - 1 transfers, not always the fewest.
 */
export function greedyDebts(nets: Record<string, Cents>): Transfer[] {
  const debtors: Balance[] = [];
  const creditors: Balance[] = [];
  for (const { memberId, cents } of nonZeroBalances(nets)) {
    if (cents < 0) debtors.push({ memberId, cents: -cents });
    else creditors.push({ memberId, cents });
  }
  const largestFirst = (a: Balance, b: Balance) => b.cents - a.cents || compareIds(a.memberId, b.memberId);
  debtors.sort(largestFirst);
  creditors.sort(largestFirst);

  const transfers: Transfer[] = [];
  let d = 0;
  let c = 0;
  while (d < debtors.length && c < creditors.length) {
    const debtor = debtors[d]!;
    const creditor = creditors[c]!;
    const amountCents = Math.min(debtor.cents, creditor.cents);
    transfers.push({ from: debtor.memberId, to: creditor.memberId, amountCents });
    debtor.cents -= amountCents;
    creditor.cents -= amountCents;
    if (debtor.cents === 0) d++;
    if (creditor.cents === 0) c++;
  }
  return transfers;
}

/**
 * Transfers that settle every balance exactly. For up to EXACT_DEBT_LIMIT non-zero balances the
 * count is the proven minimum, n minus the largest number of zero-sum groups the balances split
 * into (each group of k settles in k - 1 transfers, and no settlement can do better); beyond
 * that, the greedy method. Deterministic: sorted by from, then to.
 */
export function simplifyDebts(nets: Record<string, Cents>): Transfer[] {
  const balances = nonZeroBalances(nets).sort((a, b) => compareIds(a.memberId, b.memberId));
  const total = sumCents(balances.map(({ cents }) => cents));
  if (total !== 0) {
    throw new DomainError('UNBALANCED', `Balances must sum to zero, but they sum to ${total} cents`);
  }
  const transfers =
    balances.length <= EXACT_DEBT_LIMIT && subsetSumsAreExact(balances)
      ? zeroSumGroups(balances).flatMap((group) => greedyDebts(Object.fromEntries(group.map(toEntry))))
      : greedyDebts(nets);
  return transfers.sort((a, b) => compareIds(a.from, b.from) || compareIds(a.to, b.to));
}

function toEntry({ memberId, cents }: Balance): [string, Cents] {
  return [memberId, cents];
}

// Every subset sum lies within ±(sum of credits); below 2^53 a Float64Array holds them exactly.
function subsetSumsAreExact(balances: readonly Balance[]): boolean {
  const credits = balances.reduce((sum, { cents }) => (cents > 0 ? sum + cents : sum), 0);
  return Number.isSafeInteger(credits);
}

/**
 * Partitions zero-sum balances into the largest number of zero-sum groups. best[mask] is the
 * most zero-sum prefixes any ordering of `mask` can have: the best over removing one member,
 * plus one when `mask` itself sums to zero. The groups are the stretches between zero-sum
 * prefixes along an optimal ordering.
 */
function zeroSumGroups(balances: readonly Balance[]): Balance[][] {
  const size = 1 << balances.length;
  const values = Float64Array.from(balances, ({ cents }) => cents);
  const sums = new Float64Array(size);
  const best = new Uint8Array(size);
  for (let mask = 1; mask < size; mask++) {
    const lowest = mask & -mask;
    sums[mask] = sums[mask ^ lowest]! + values[31 - Math.clz32(lowest)]!;
    // Removing one member breaks at most one group, so every candidate is `first` or `first + 1`.
    const first = best[mask ^ lowest]!;
    let most = first;
    for (let rest = mask ^ lowest; rest !== 0; rest &= rest - 1) {
      if (best[mask ^ (rest & -rest)]! > first) {
        most = first + 1;
        break;
      }
    }
    best[mask] = sums[mask] === 0 ? most + 1 : most;
  }

  const groups: Balance[][] = [];
  let mask = size - 1;
  let groupMask = mask;
  while (mask !== 0) {
    const target = best[mask]! - (sums[mask] === 0 ? 1 : 0);
    let removable = mask;
    while (best[mask ^ (removable & -removable)] !== target) removable &= removable - 1;
    mask ^= removable & -removable;
    if (sums[mask] === 0) {
      groups.push(balances.filter((_, index) => ((groupMask ^ mask) >> index) & 1));
      groupMask = mask;
    }
  }
  return groups;
}
