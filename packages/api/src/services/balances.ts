import { type Database, groupMembers } from '@dolya/db';
import { centsToDecimal, type MemberStats, type SettlementSuggestion, simplifyDebts } from '@dolya/domain';
import { asc, eq, sql } from 'drizzle-orm';
import { requireMember } from './access';

export interface GroupBalances {
  currency: string;
  /** Sum of all expenses, settlements excluded. */
  total: number;
  members: MemberStats[];
  debts: SettlementSuggestion[];
}

interface TotalsRow extends Record<string, unknown> {
  member_id: string;
  paid: string | number;
  owed: string | number;
}

/**
 * Per-member totals in one aggregate over the payer and split rows. What an expense leaves
 * unallocated (amount minus its splits, either sign) is booked to its payer's own share: the payer
 * owes the whole amount, and every split moves its part from the payer to the split's member. So
 * the nets always sum to zero. Written to need no join on aggregates, which kept the plan fast on
 * tables without statistics (PGlite never auto-analyzes): see the balances bench.
 */
async function memberTotals(db: Database, groupId: string) {
  const result = await db.execute<TotalsRow>(sql`
    select member_id, sum(paid)::text as paid, sum(owed)::text as owed from (
      select p.member_id, p.amount_cents as paid, 0::bigint as owed
        from expense_payers p join expenses e on e.id = p.expense_id
        where p.group_id = ${groupId} and e.group_id = ${groupId} and e.deleted_at is null
      union all
      select e.paid_by_member_id, 0, e.amount_cents
        from expenses e
        where e.group_id = ${groupId} and e.deleted_at is null
      union all
      select moved.member_id, 0, moved.owed
        from expense_splits s join expenses e on e.id = s.expense_id
        cross join lateral (values (s.member_id, s.amount_cents), (e.paid_by_member_id, -s.amount_cents))
          as moved(member_id, owed)
        where s.group_id = ${groupId} and e.group_id = ${groupId} and e.deleted_at is null
    ) t group by member_id`);
  const rows = Array.isArray(result) ? (result as TotalsRow[]) : (result as { rows: TotalsRow[] }).rows;
  return new Map(rows.map((r) => [r.member_id, { paid: toCents(r.paid), owed: toCents(r.owed) }]));
}

function toCents(value: string | number): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n)) throw new Error(`Sum out of the exact range: ${value}`);
  return n;
}

async function expenseTotal(db: Database, groupId: string): Promise<number> {
  const result = await db.execute<{ total: string | null }>(sql`
    select sum(amount_cents)::text as total from expenses
    where group_id = ${groupId} and deleted_at is null and is_settlement = false`);
  const rows = Array.isArray(result) ? result : (result as { rows: { total: string | null }[] }).rows;
  return toCents(rows[0]?.total ?? 0);
}

export async function getBalances(db: Database, userId: string, groupId: string): Promise<GroupBalances> {
  const { group } = await requireMember(db, groupId, userId);
  const [totals, total, seats] = await Promise.all([
    memberTotals(db, groupId),
    expenseTotal(db, groupId),
    db
      .select()
      .from(groupMembers)
      .where(eq(groupMembers.groupId, groupId))
      .orderBy(asc(groupMembers.position)),
  ]);
  const nets: Record<string, number> = {};
  const members: MemberStats[] = [];
  for (const seat of seats) {
    const t = totals.get(seat.id) ?? { paid: 0, owed: 0 };
    const removed = seat.status === 'REMOVED';
    // A removed seat stays listed while money still refers to it.
    if (removed && t.paid === 0 && t.owed === 0) continue;
    nets[seat.id] = t.paid - t.owed;
    members.push({
      memberId: seat.id,
      name: seat.name,
      paid: centsToDecimal(t.paid),
      owed: centsToDecimal(t.owed),
      net: centsToDecimal(t.paid - t.owed),
      removed,
    });
  }
  const debts = simplifyDebts(nets).map((d) => ({
    fromUserId: d.from,
    toUserId: d.to,
    amount: centsToDecimal(d.amountCents),
  }));
  return { currency: group.currency, total: centsToDecimal(total), members, debts };
}
