import { type Database, expensePayers, expenseSplits, memberBalances, together } from '@dolya/db';
import type { Cents } from '@dolya/domain';
import { and, asc, eq, sql } from 'drizzle-orm';

/**
 * The stored per-member totals of a group (table member_balances): every expense write adds the
 * difference its rows make, in its own transaction, so reading balances costs O(members).
 */

/** One member's money in a group: expenses (paid, owed) apart from settlement payments (sent, received). */
export interface Totals {
  paid: Cents;
  owed: Cents;
  sent: Cents;
  received: Cents;
}

export const noTotals = (): Totals => ({ paid: 0, owed: 0, sent: 0, received: 0 });

export interface MoneyRow {
  memberId: string;
  amountCents: Cents;
}

/** An expense's money as its payer and split rows hold it. */
export interface ExpenseMoney {
  amountCents: Cents;
  /** The member shown as payer: owes what the splits leave unallocated. */
  paidById: string;
  settlement: boolean;
  payers: readonly MoneyRow[];
  splits: readonly MoneyRow[];
}

/** Changes to members' totals, by member id. */
export type TotalsDelta = Map<string, Totals>;

/**
 * Adds `sign` times what one expense moves to `delta`, under the balance rule: payers paid their
 * rows, each split's member owes its split, and what the splits leave unallocated (either sign)
 * is owed by the member shown as payer, so the nets always sum to zero. A settlement counts as
 * sent (its payers) and received (its splits) instead.
 */
export function addExpense(delta: TotalsDelta, expense: ExpenseMoney, sign: 1 | -1): TotalsDelta {
  const paidAs = expense.settlement ? 'sent' : 'paid';
  const owedAs = expense.settlement ? 'received' : 'owed';
  const add = (memberId: string, key: keyof Totals, cents: Cents) => {
    const totals = delta.get(memberId) ?? noTotals();
    totals[key] += sign * cents;
    delta.set(memberId, totals);
  };
  for (const payer of expense.payers) add(payer.memberId, paidAs, payer.amountCents);
  let allocated = 0;
  for (const split of expense.splits) {
    add(split.memberId, owedAs, split.amountCents);
    allocated += split.amountCents;
  }
  const unallocated = expense.amountCents - allocated;
  if (unallocated !== 0) add(expense.paidById, owedAs, unallocated);
  return delta;
}

/** The money of a stored expense, read from its rows (before they are replaced or the expense deleted). */
export async function storedExpenseMoney(
  db: Database,
  expense: { id: string; groupId: string; amountCents: Cents; paidByMemberId: string; isSettlement: boolean },
): Promise<ExpenseMoney> {
  const [payers, splits] = await together([
    db
      .select({ memberId: expensePayers.memberId, amountCents: expensePayers.amountCents })
      .from(expensePayers)
      .where(and(eq(expensePayers.groupId, expense.groupId), eq(expensePayers.expenseId, expense.id))),
    db
      .select({ memberId: expenseSplits.memberId, amountCents: expenseSplits.amountCents })
      .from(expenseSplits)
      .where(and(eq(expenseSplits.groupId, expense.groupId), eq(expenseSplits.expenseId, expense.id))),
  ]);
  return {
    amountCents: expense.amountCents,
    paidById: expense.paidByMemberId,
    settlement: expense.isSettlement,
    payers,
    splits,
  };
}

/**
 * Adds a delta to the stored totals in one upsert; call it in the transaction of the write. Each
 * row is `total = total + change`, atomic under the row lock, so concurrent writes in a group
 * never lose one another's change; rows go in member id order, so writers lock them in the same
 * order and cannot deadlock on each other.
 */
export async function applyTotalsDelta(db: Database, groupId: string, delta: TotalsDelta): Promise<void> {
  const rows = [...delta]
    .filter(([, t]) => t.paid !== 0 || t.owed !== 0 || t.sent !== 0 || t.received !== 0)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([memberId, t]) => ({
      groupId,
      memberId,
      paidCents: t.paid,
      owedCents: t.owed,
      sentCents: t.sent,
      receivedCents: t.received,
    }));
  if (rows.length === 0) return;
  await db
    .insert(memberBalances)
    .values(rows)
    .onConflictDoUpdate({
      target: [memberBalances.groupId, memberBalances.memberId],
      set: {
        paidCents: sql`"member_balances"."paid_cents" + excluded."paid_cents"`,
        owedCents: sql`"member_balances"."owed_cents" + excluded."owed_cents"`,
        sentCents: sql`"member_balances"."sent_cents" + excluded."sent_cents"`,
        receivedCents: sql`"member_balances"."received_cents" + excluded."received_cents"`,
      },
    });
}

/** The stored totals of a group's members; a member without a row has none. */
export async function storedTotals(db: Database, groupId: string): Promise<Map<string, Totals>> {
  const rows = await db
    .select()
    .from(memberBalances)
    .where(eq(memberBalances.groupId, groupId))
    .orderBy(asc(memberBalances.memberId));
  return new Map(
    rows.map((r) => [
      r.memberId,
      { paid: r.paidCents, owed: r.owedCents, sent: r.sentCents, received: r.receivedCents },
    ]),
  );
}
