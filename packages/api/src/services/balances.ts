import { type Database, groupMembers } from '@dolya/db';
import { type Cents, simplifyDebts } from '@dolya/domain';
import { asc, eq, sql } from 'drizzle-orm';
import { requireMember } from './access';

/**
 * One member's money in a group. Spending figures leave settlements out; the net includes them, so
 * `netCents = paidCents - owedCents + sentCents - receivedCents`, and the screen can show each step.
 */
export interface MemberBalance {
  memberId: string;
  name: string;
  /** A removed seat still named by money. */
  removed: boolean;
  /** Paid for expenses. */
  paidCents: Cents;
  /** Share of expenses. */
  owedCents: Cents;
  /** Settlement payments made to others. */
  sentCents: Cents;
  /** Settlement payments received from others. */
  receivedCents: Cents;
  netCents: Cents;
}

/** A simplified debt: `fromMemberId` pays `toMemberId`. */
export interface Debt {
  fromMemberId: string;
  toMemberId: string;
  amountCents: Cents;
}

export interface GroupBalances {
  currency: string;
  /** Sum of all expenses, settlements excluded. */
  totalCents: Cents;
  members: MemberBalance[];
  debts: Debt[];
}

interface TotalsRow extends Record<string, unknown> {
  member_id: string;
  settlement: boolean;
  paid: string | number;
  owed: string | number;
}

interface Totals {
  paid: Cents;
  owed: Cents;
  sent: Cents;
  received: Cents;
}

/**
 * Per-member totals in one aggregate over the payer and split rows, apart for expenses and
 * settlements. What an expense leaves unallocated (amount minus its splits, either sign) is booked
 * to its payer's own share: the payer owes the whole amount, and every split moves its part from
 * the payer to the split's member. So the nets always sum to zero. Written to need no join on
 * aggregates, which kept the plan fast on tables without statistics (PGlite never auto-analyzes):
 * see the balances bench.
 */
async function memberTotals(db: Database, groupId: string): Promise<Map<string, Totals>> {
  const result = await db.execute<TotalsRow>(sql`
    select member_id, settlement, sum(paid)::text as paid, sum(owed)::text as owed from (
      select p.member_id, e.is_settlement as settlement, p.amount_cents as paid, 0::bigint as owed
        from expense_payers p join expenses e on e.id = p.expense_id
        where p.group_id = ${groupId} and e.group_id = ${groupId} and e.deleted_at is null
      union all
      select e.paid_by_member_id, e.is_settlement, 0, e.amount_cents
        from expenses e
        where e.group_id = ${groupId} and e.deleted_at is null
      union all
      select moved.member_id, e.is_settlement, 0, moved.owed
        from expense_splits s join expenses e on e.id = s.expense_id
        cross join lateral (values (s.member_id, s.amount_cents), (e.paid_by_member_id, -s.amount_cents))
          as moved(member_id, owed)
        where s.group_id = ${groupId} and e.group_id = ${groupId} and e.deleted_at is null
    ) t group by member_id, settlement`);
  const rows = Array.isArray(result) ? (result as TotalsRow[]) : (result as { rows: TotalsRow[] }).rows;
  const totals = new Map<string, Totals>();
  for (const row of rows) {
    const t = totals.get(row.member_id) ?? { paid: 0, owed: 0, sent: 0, received: 0 };
    if (row.settlement) {
      t.sent += toCents(row.paid);
      t.received += toCents(row.owed);
    } else {
      t.paid += toCents(row.paid);
      t.owed += toCents(row.owed);
    }
    totals.set(row.member_id, t);
  }
  return totals;
}

function toCents(value: string | number): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n)) throw new Error(`Sum out of the exact range: ${value}`);
  return n;
}

async function expenseTotal(db: Database, groupId: string): Promise<Cents> {
  const result = await db.execute<{ total: string | null }>(sql`
    select sum(amount_cents)::text as total from expenses
    where group_id = ${groupId} and deleted_at is null and is_settlement = false`);
  const rows = Array.isArray(result) ? result : (result as { rows: { total: string | null }[] }).rows;
  return toCents(rows[0]?.total ?? 0);
}

export async function getBalances(db: Database, userId: string, groupId: string): Promise<GroupBalances> {
  const { group } = await requireMember(db, groupId, userId);
  return groupBalances(db, group);
}

/**
 * The balances of a group, whoever asks (callers check access first). Debts come in group order of
 * the payer, then of the recipient, so every client lists them alike.
 */
export async function groupBalances(
  db: Database,
  group: { id: string; currency: string },
): Promise<GroupBalances> {
  const groupId = group.id;
  const [totals, totalCents, seats] = await Promise.all([
    memberTotals(db, groupId),
    expenseTotal(db, groupId),
    db
      .select()
      .from(groupMembers)
      .where(eq(groupMembers.groupId, groupId))
      .orderBy(asc(groupMembers.position)),
  ]);
  const nets: Record<string, Cents> = {};
  const members: MemberBalance[] = [];
  for (const seat of seats) {
    const t = totals.get(seat.id) ?? { paid: 0, owed: 0, sent: 0, received: 0 };
    const removed = seat.status === 'REMOVED';
    // A removed seat stays listed while money still refers to it.
    if (removed && t.paid === 0 && t.owed === 0 && t.sent === 0 && t.received === 0) continue;
    const netCents = t.paid - t.owed + t.sent - t.received;
    nets[seat.id] = netCents;
    members.push({
      memberId: seat.id,
      name: seat.name,
      removed,
      paidCents: t.paid,
      owedCents: t.owed,
      sentCents: t.sent,
      receivedCents: t.received,
      netCents,
    });
  }
  const position = new Map(seats.map((seat) => [seat.id, seat.position]));
  const order = (id: string) => position.get(id) ?? Number.MAX_SAFE_INTEGER;
  const debts = simplifyDebts(nets)
    .sort((a, b) => order(a.from) - order(b.from) || order(a.to) - order(b.to))
    .map((d) => ({ fromMemberId: d.from, toMemberId: d.to, amountCents: d.amountCents }));
  return { currency: group.currency, totalCents, members, debts };
}
