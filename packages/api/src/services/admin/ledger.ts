import { type Database, expensePayers, expenseSplits, expenses, groupMembers } from '@dolya/db';
import { type Cents, sumCents } from '@dolya/domain';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Totals } from '../member-totals';

export type Seat = typeof groupMembers.$inferSelect;
type ExpenseRow = typeof expenses.$inferSelect;

export interface MoneyRow {
  memberId: string;
  amountCents: Cents;
}

export interface LedgerExpense extends ExpenseRow {
  payers: MoneyRow[];
  splits: MoneyRow[];
}

export interface Ledger {
  /** Every seat of the group, removed ones too, in group order. */
  seats: Seat[];
  /** Live (not deleted) expenses and settlements, oldest first, with their payer and split rows. */
  expenses: LedgerExpense[];
}

/** A group's money as stored, read straight from the rows (the admin tools' own view of the ledger). */
export async function loadLedger(db: Database, groupId: string): Promise<Ledger> {
  const [seats, rows, payers, splits] = await Promise.all([
    db
      .select()
      .from(groupMembers)
      .where(eq(groupMembers.groupId, groupId))
      .orderBy(asc(groupMembers.position)),
    db
      .select()
      .from(expenses)
      .where(and(eq(expenses.groupId, groupId), isNull(expenses.deletedAt)))
      .orderBy(asc(expenses.date), asc(expenses.createdAt)),
    db
      .select({
        expenseId: expensePayers.expenseId,
        memberId: expensePayers.memberId,
        amountCents: expensePayers.amountCents,
      })
      .from(expensePayers)
      .where(eq(expensePayers.groupId, groupId)),
    db
      .select({
        expenseId: expenseSplits.expenseId,
        memberId: expenseSplits.memberId,
        amountCents: expenseSplits.amountCents,
      })
      .from(expenseSplits)
      .where(eq(expenseSplits.groupId, groupId)),
  ]);
  const position = new Map(seats.map((s) => [s.id, s.position]));
  const byPosition = (a: MoneyRow, b: MoneyRow) =>
    (position.get(a.memberId) ?? Number.MAX_SAFE_INTEGER) -
    (position.get(b.memberId) ?? Number.MAX_SAFE_INTEGER);
  const payersOf = byExpense(payers);
  const splitsOf = byExpense(splits);
  return {
    seats,
    expenses: rows.map((row) => ({
      ...row,
      payers: (payersOf.get(row.id) ?? []).sort(byPosition),
      splits: (splitsOf.get(row.id) ?? []).sort(byPosition),
    })),
  };
}

function byExpense(rows: (MoneyRow & { expenseId: string })[]): Map<string, MoneyRow[]> {
  const map = new Map<string, MoneyRow[]>();
  for (const { expenseId, memberId, amountCents } of rows) {
    const list = map.get(expenseId) ?? [];
    list.push({ memberId, amountCents });
    map.set(expenseId, list);
  }
  return map;
}

/**
 * Paid, owed, sent and received per seat under the balance rule, recomputed from the rows: payers
 * paid what their rows say, each split's member owes its split, and what an expense leaves
 * unallocated (amount minus its splits, either sign) is owed by the member shown as payer;
 * settlements count as sent (payers) and received (splits) instead. Seats without money are absent.
 */
export function memberTotals(ledger: Ledger): Map<string, Totals> {
  const parts = new Map<string, Record<keyof Totals, Cents[]>>();
  const add = (memberId: string, key: keyof Totals, cents: Cents) => {
    const lists = parts.get(memberId) ?? { paid: [], owed: [], sent: [], received: [] };
    lists[key].push(cents);
    parts.set(memberId, lists);
  };
  for (const expense of ledger.expenses) {
    const paidAs = expense.isSettlement ? 'sent' : 'paid';
    const owedAs = expense.isSettlement ? 'received' : 'owed';
    for (const payer of expense.payers) add(payer.memberId, paidAs, payer.amountCents);
    for (const split of expense.splits) add(split.memberId, owedAs, split.amountCents);
    const rest = expense.amountCents - sumCents(expense.splits.map((s) => s.amountCents));
    if (rest !== 0) add(expense.paidByMemberId, owedAs, rest);
  }
  const totals = new Map<string, Totals>();
  for (const [memberId, lists] of parts) {
    totals.set(memberId, {
      paid: sumCents(lists.paid),
      owed: sumCents(lists.owed),
      sent: sumCents(lists.sent),
      received: sumCents(lists.received),
    });
  }
  return totals;
}
