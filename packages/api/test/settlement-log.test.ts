import { groupLogs } from '@dolya/db';
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setSeatStatus, trio } from './fixtures';
import { useTestDatabase } from './harness';

const db = useTestDatabase();

async function logRows(groupId: string) {
  return db.current.db
    .select()
    .from(groupLogs)
    .where(eq(groupLogs.groupId, groupId))
    .orderBy(asc(groupLogs.createdAt), asc(groupLogs.id));
}

describe('the log of a settlement', () => {
  it('names payer, recipient, amount and currency when created, changed and deleted', async () => {
    const t = await trio(db.current.db, 'RUB');
    const alice = await t.alice.call();
    const { id } = await alice.expenses.create({
      groupId: t.groupId,
      name: '',
      amountCents: 100000,
      settlement: true,
      settlementFromId: t.b,
      settlementToId: t.a,
    } as never);
    await alice.expenses.update({
      groupId: t.groupId,
      expenseId: id,
      name: '',
      amountCents: 120050,
      settlement: true,
      settlementFromId: t.b,
      settlementToId: t.c,
    } as never);
    // The recipient leaves the group; the deletion still names them.
    await setSeatStatus(db.current.db, t.c, 'REMOVED');
    await alice.expenses.delete({ groupId: t.groupId, expenseId: id });

    const rows = (await logRows(t.groupId)).filter((r) => r.action.startsWith('SETTLEMENT_'));
    expect(rows.map((r) => [r.action, r.details])).toEqual([
      [
        'SETTLEMENT_CREATED',
        {
          expenseId: id,
          name: 'Settlement payment',
          amountCents: 100000,
          currency: 'RUB',
          fromName: 'Bob',
          toName: 'Alice',
        },
      ],
      [
        'SETTLEMENT_UPDATED',
        {
          expenseId: id,
          name: 'Settlement payment',
          amountCents: 120050,
          currency: 'RUB',
          fromName: 'Bob',
          toName: 'Carl',
          changes: { amountCents: { from: 100000, to: 120050 } },
        },
      ],
      [
        'SETTLEMENT_DELETED',
        {
          expenseId: id,
          name: 'Settlement payment',
          amountCents: 120050,
          currency: 'RUB',
          fromName: 'Bob',
          toName: 'Carl',
        },
      ],
    ]);
    expect(rows.map((r) => r.message)).toEqual([
      'Alice added a payment of 1000.00 RUB from Bob to Alice',
      'Alice changed a payment of 1200.50 RUB from Bob to Carl',
      'Alice deleted a payment of 1200.50 RUB from Bob to Carl',
    ]);
    // The log list hands the same details to clients.
    const listed = await alice.logs.list({ groupId: t.groupId });
    expect(listed.find((e) => e.action === 'SETTLEMENT_CREATED')?.details).toMatchObject({
      fromName: 'Bob',
      toName: 'Alice',
    });
  });

  it('leaves ordinary expenses without payer and recipient names', async () => {
    const t = await trio(db.current.db, 'EUR');
    const alice = await t.alice.call();
    const { id } = await alice.expenses.create({
      groupId: t.groupId,
      name: 'Dinner',
      amountCents: 3000,
      paidById: t.a,
      sharesInput: { [t.a]: 1, [t.b]: 1 },
    } as never);
    const [row] = (await logRows(t.groupId)).filter((r) => r.action === 'EXPENSE_CREATED');
    expect(row?.details).toEqual({ expenseId: id, name: 'Dinner', amountCents: 3000, currency: 'EUR' });
  });
});
