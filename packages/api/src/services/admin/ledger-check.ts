import { type Database, groups } from '@dolya/db';
import { type Cents, convertCents, formatCents, parseAmount, sumCents } from '@dolya/domain';
import { asc, isNull } from 'drizzle-orm';
import { noTotals, storedTotals, type Totals } from '../member-totals';
import { type Ledger, type LedgerExpense, loadLedger, memberTotals } from './ledger';

/** A broken rule: something the code never writes, so a bug or a hand edit of the data. */
export interface LedgerProblem {
  groupId: string;
  groupName: string;
  /** Null for a rule of the whole group (nets) or of a member (stored totals). */
  expenseId: string | null;
  expenseName: string | null;
  /** The member whose stored totals drifted (TOTALS_DRIFT); null otherwise. */
  memberId: string | null;
  rule:
    | 'PAYERS_SUM'
    | 'SPLITS_SUM'
    | 'SETTLEMENT_SPLIT'
    | 'NEGATIVE_SPLIT'
    | 'FOREIGN_MEMBER'
    | 'NETS_SUM'
    | 'TOTALS_DRIFT'
    | 'CONVERSION';
  message: string;
}

/** An expense the spec lets be saved "not fully allocated"; its rest is booked to the payer. */
export interface PartialAllocation {
  groupId: string;
  groupName: string;
  expenseId: string;
  expenseName: string;
  splitMethod: string;
  amountCents: Cents;
  allocatedCents: Cents;
}

export interface LedgerReport {
  groups: number;
  expenses: number;
  problems: LedgerProblem[];
  notFullyAllocated: PartialAllocation[];
}

/** 100 % and the spec's 0.1 % tolerance, in hundredths of a percent. */
const FULL_PERCENT = 10_000;
const PERCENT_TOLERANCE = 10;

/**
 * Checks every live group's stored money: each expense's payer rows sum to its amount; its splits
 * sum to its amount where the rules allocate everything (settlements: the whole amount to the one
 * recipient; shares; percentages summing to 100); no split is negative; every row names a seat of
 * the group; the members' nets (paid minus owed, the unallocated rest owed by the payer) sum to
 * zero; and the stored per-member totals (member_balances) equal a recomputation from the rows.
 * Amounts-mode expenses and percentages not summing to 100 may be partly allocated by design:
 * those are listed apart, not as problems.
 */
export async function checkLedger(db: Database): Promise<LedgerReport> {
  const live = await db
    .select({ id: groups.id, name: groups.name })
    .from(groups)
    .where(isNull(groups.deletedAt))
    .orderBy(asc(groups.createdAt), asc(groups.id));
  const report: LedgerReport = { groups: live.length, expenses: 0, problems: [], notFullyAllocated: [] };
  for (const group of live) {
    const ledger = await loadLedger(db, group.id);
    const seats = new Set(ledger.seats.map((s) => s.id));
    report.expenses += ledger.expenses.length;
    for (const expense of ledger.expenses) {
      const found = (rule: LedgerProblem['rule'], message: string) =>
        report.problems.push({
          groupId: group.id,
          groupName: group.name,
          expenseId: expense.id,
          expenseName: expense.name,
          memberId: null,
          rule,
          message,
        });
      const allocated = sumCents(expense.splits.map((s) => s.amountCents));
      const paid = sumCents(expense.payers.map((p) => p.amountCents));
      if (paid !== expense.amountCents)
        found(
          'PAYERS_SUM',
          `payers sum to ${formatCents(paid)}, the amount is ${formatCents(expense.amountCents)}`,
        );
      // Issue 26: an amount paid in another currency is round_half_up(original × rate), to the cent.
      if (expense.originalAmountCents !== null && expense.exchangeRate !== null) {
        const converted = convertCents(expense.originalAmountCents, expense.exchangeRate);
        if (converted !== expense.amountCents)
          found(
            'CONVERSION',
            `${formatCents(expense.originalAmountCents)} ${expense.originalCurrency} × ${expense.exchangeRate} is ${formatCents(converted)}, the amount is ${formatCents(expense.amountCents)}`,
          );
      }
      const named = [
        expense.paidByMemberId,
        ...expense.payers.map((p) => p.memberId),
        ...expense.splits.map((s) => s.memberId),
      ];
      for (const memberId of new Set(named.filter((id) => !seats.has(id))))
        found('FOREIGN_MEMBER', `member ${memberId} is not a seat of this group`);
      for (const split of expense.splits.filter((s) => s.amountCents < 0))
        found('NEGATIVE_SPLIT', `split of member ${split.memberId} is ${formatCents(split.amountCents)}`);
      if (expense.isSettlement) {
        const [only, ...more] = expense.splits;
        if (
          more.length > 0 ||
          only?.memberId !== expense.settlementToId ||
          only.amountCents !== expense.amountCents
        )
          found('SETTLEMENT_SPLIT', 'a settlement must give its whole amount to its one recipient');
      } else if (mustAllocateAll(expense) && allocated !== expense.amountCents) {
        found(
          'SPLITS_SUM',
          `${expense.splitMethod} splits sum to ${formatCents(allocated)}, the amount is ${formatCents(expense.amountCents)}`,
        );
      } else if (allocated !== expense.amountCents) {
        report.notFullyAllocated.push({
          groupId: group.id,
          groupName: group.name,
          expenseId: expense.id,
          expenseName: expense.name,
          splitMethod: expense.splitMethod,
          amountCents: expense.amountCents,
          allocatedCents: allocated,
        });
      }
    }
    const recomputed = memberTotals(ledger);
    const netSum = sumCents([...recomputed.values()].map((t) => t.paid - t.owed + t.sent - t.received));
    if (netSum !== 0) {
      report.problems.push({
        groupId: group.id,
        groupName: group.name,
        expenseId: null,
        expenseName: null,
        memberId: null,
        rule: 'NETS_SUM',
        message: `member nets sum to ${formatCents(netSum)}, not 0.00`,
      });
    }
    for (const drift of totalsDrift(ledger, await storedTotals(db, group.id), recomputed)) {
      report.problems.push({
        groupId: group.id,
        groupName: group.name,
        expenseId: null,
        expenseName: null,
        ...drift,
      });
    }
  }
  return report;
}

const TOTAL_NAMES: [keyof Totals, string][] = [
  ['paid', 'paid'],
  ['owed', 'owed'],
  ['sent', 'sent'],
  ['received', 'received'],
];

/** Members, in group order, whose stored totals differ from the ones recomputed from the rows. */
function totalsDrift(ledger: Ledger, stored: Map<string, Totals>, recomputed: Map<string, Totals>) {
  const seatOrder = ledger.seats.map((s) => s.id);
  const names = new Map(ledger.seats.map((s) => [s.id, s.name]));
  const others = [...new Set([...stored.keys(), ...recomputed.keys()])].filter((id) => !names.has(id)).sort();
  const drifts: Pick<LedgerProblem, 'memberId' | 'rule' | 'message'>[] = [];
  for (const memberId of [...seatOrder, ...others]) {
    const kept = stored.get(memberId) ?? noTotals();
    const actual = recomputed.get(memberId) ?? noTotals();
    const differ = TOTAL_NAMES.filter(([key]) => kept[key] !== actual[key]);
    if (differ.length === 0) continue;
    const what = differ
      .map(
        ([key, label]) =>
          `${label} ${formatCents(kept[key])} stored, ${formatCents(actual[key])} in the rows`,
      )
      .join('; ');
    drifts.push({ memberId, rule: 'TOTALS_DRIFT', message: `${names.get(memberId) ?? memberId}: ${what}` });
  }
  return drifts;
}

/** Shares always allocate the whole amount; percentages do when they sum to 100 (within 0.1). */
function mustAllocateAll(expense: LedgerExpense): boolean {
  if (expense.splitMethod === 'shares') return true;
  if (expense.splitMethod !== 'percentages') return false;
  try {
    // The exact decimal parser reads a percentage with 2 decimals as whole hundredths (33.33 -> 3333).
    const hundredths = Object.values(expense.percentagesInput ?? {}).map((p) =>
      p > 0 ? parseAmount(p, { field: 'percentage' }) : 0,
    );
    return Math.abs(sumCents(hundredths) - FULL_PERCENT) <= PERCENT_TOLERANCE;
  } catch {
    // Unreadable percentages cannot promise a full allocation.
    return false;
  }
}
