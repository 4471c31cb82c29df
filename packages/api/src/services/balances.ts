import { type Database, groupMembers, groups, memberBalances, preparedFor } from '@dolya/db';
import { type Cents, simplifyDebts, sumCents } from '@dolya/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import { requireSeatAmong } from './access';
import { noTotals, type Totals } from './member-totals';

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

/**
 * The seats of a group in group order with their stored totals, and the group's currency and
 * deletion on each row: the balances and the caller's access to them in one query.
 */
const seatTotalsQuery = (db: Database) =>
  preparedFor(db, 'seat-totals', (d) =>
    d
      .select({
        seat: groupMembers,
        totals: memberBalances,
        currency: groups.currency,
        groupDeletedAt: groups.deletedAt,
      })
      .from(groupMembers)
      .innerJoin(groups, eq(groups.id, groupMembers.groupId))
      .leftJoin(
        memberBalances,
        and(eq(memberBalances.groupId, groupMembers.groupId), eq(memberBalances.memberId, groupMembers.id)),
      )
      .where(eq(groupMembers.groupId, sql.placeholder('groupId')))
      .orderBy(asc(groupMembers.position))
      .prepare('seat-totals'),
  );

type SeatTotalsRow = Awaited<ReturnType<ReturnType<typeof seatTotalsQuery>['execute']>>[number];

export async function getBalances(db: Database, userId: string, groupId: string): Promise<GroupBalances> {
  const rows = await seatTotalsQuery(db).execute({ groupId });
  requireSeatAmong(
    rows.map((r) => r.seat),
    userId,
    rows[0]?.groupDeletedAt != null,
  );
  // The check found the caller's seat, so there is a first row.
  return balancesOf(rows, rows[0]!.currency);
}

/**
 * The balances of a group, whoever asks (callers check access first), from the stored per-member
 * totals (member-totals.ts), so the cost grows with the members, not the expenses. What an expense
 * leaves unallocated is owed by its payer, so the nets sum to zero. The total of expenses is what
 * their payers paid (each expense's payer rows sum to its amount). Debts come in group order of the
 * payer, then of the recipient, so every client lists them alike.
 */
export async function groupBalances(
  db: Database,
  group: { id: string; currency: string },
): Promise<GroupBalances> {
  return balancesOf(await seatTotalsQuery(db).execute({ groupId: group.id }), group.currency);
}

function balancesOf(rows: SeatTotalsRow[], currency: string): GroupBalances {
  const seats = rows.map((r) => r.seat);
  const totals = new Map<string, Totals>();
  for (const { seat, totals: t } of rows) {
    if (t)
      totals.set(seat.id, {
        paid: t.paidCents,
        owed: t.owedCents,
        sent: t.sentCents,
        received: t.receivedCents,
      });
  }
  const nets: Record<string, Cents> = {};
  const members: MemberBalance[] = [];
  for (const seat of seats) {
    const t = totals.get(seat.id) ?? noTotals();
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
  const totalCents = sumCents([...totals.values()].map((t) => t.paid));
  return { currency, totalCents, members, debts };
}
