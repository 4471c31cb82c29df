import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { logActions, refusal, snapshot, trio, unknownId } from './fixtures';
import { useTestDatabase } from './harness';

const db = useTestDatabase();
const d = () => db.current.db;

type Trio = Awaited<ReturnType<typeof trio>>;

async function nets(t: Trio) {
  const balances = await (await t.alice.call()).balances.get({ groupId: t.groupId });
  return Object.fromEntries(balances.members.map((m) => [m.memberId, m.netCents]));
}

async function addAndDelete(t: Trio, who: 'alice' | 'bob', amountCents = 9000) {
  const call = await t[who].call();
  const { id } = await call.expenses.create({
    groupId: t.groupId,
    name: 'Dinner',
    amountCents,
    paidById: who === 'alice' ? t.a : t.b,
    splitMethod: 'shares',
    sharesInput: { [t.a]: 1, [t.b]: 1, [t.c]: 1 },
  });
  const before = await nets(t);
  await call.expenses.delete({ groupId: t.groupId, expenseId: id });
  return { id, before };
}

describe('expenses.restore', () => {
  it('brings a deleted expense back as it was, with its balances and a log line', async () => {
    const t = await trio(d());
    const { id, before } = await addAndDelete(t, 'bob');
    const call = await t.alice.call();
    const result = await call.expenses.restore({ groupId: t.groupId, expenseId: id });
    expect(result).toEqual({ id, version: 2, restored: true });
    expect(await nets(t)).toEqual(before);
    const page = await call.expenses.list({ groupId: t.groupId });
    expect(page.items.map((e) => [e.id, e.name, e.amountCents])).toEqual([[id, 'Dinner', 9000]]);
    const [log] = await call.logs.list({ groupId: t.groupId });
    expect(log).toMatchObject({
      action: 'EXPENSE_RESTORED',
      actor: { id: t.a, name: 'Alice' },
      details: { expenseId: id, name: 'Dinner', amountCents: 9000, currency: 'EUR' },
      restorable: false,
    });
    const ledger = await (await t.alice.call()).expenses.get({ groupId: t.groupId, expenseId: id });
    expect(ledger.version).toBe(2);
  });

  it('is for a group admin or the expense’s creator; anyone else gets FORBIDDEN and nothing changes', async () => {
    const t = await trio(d());
    const alices = await addAndDelete(t, 'alice');
    const bobs = await addAndDelete(t, 'bob');
    const before = await snapshot(d());
    const refused = await refusal(
      (await t.bob.call()).expenses.restore({ groupId: t.groupId, expenseId: alices.id }),
    );
    expect(refused.appCode).toBe('FORBIDDEN');
    expect(await snapshot(d())).toEqual(before);
    await expect(
      (await t.bob.call()).expenses.restore({ groupId: t.groupId, expenseId: bobs.id }),
    ).resolves.toMatchObject({ restored: true });
  });

  it('marks the deletions the viewer may restore in the log', async () => {
    const t = await trio(d());
    const alices = await addAndDelete(t, 'alice');
    const bobs = await addAndDelete(t, 'bob');
    const restorable = async (who: 'alice' | 'bob') =>
      (await (await t[who].call()).logs.list({ groupId: t.groupId }))
        .filter((l) => l.restorable)
        .map((l) => l.details?.expenseId);
    expect(await restorable('alice')).toEqual([bobs.id, alices.id]);
    expect(await restorable('bob')).toEqual([bobs.id]);
    await (await t.bob.call()).expenses.restore({ groupId: t.groupId, expenseId: bobs.id });
    expect(await restorable('alice')).toEqual([alices.id]);
    expect(await restorable('bob')).toEqual([]);
  });

  it('leaves a live expense as it is, so a retried restore is harmless', async () => {
    const t = await trio(d());
    const { id } = await addAndDelete(t, 'alice');
    const call = await t.alice.call();
    await call.expenses.restore({ groupId: t.groupId, expenseId: id });
    const before = await snapshot(d());
    expect(await call.expenses.restore({ groupId: t.groupId, expenseId: id })).toEqual({
      id,
      version: 2,
      restored: false,
    });
    expect(await snapshot(d())).toEqual(before);
  });

  it('restores a settlement with its own log line; an unknown id is EXPENSE_NOT_FOUND', async () => {
    const t = await trio(d());
    const call = await t.alice.call();
    const { id } = await call.expenses.create({
      groupId: t.groupId,
      amountCents: 500,
      settlement: true,
      settlementFromId: t.b,
      settlementToId: t.a,
    });
    const before = await nets(t);
    await call.expenses.delete({ groupId: t.groupId, expenseId: id });
    await call.expenses.restore({ groupId: t.groupId, expenseId: id });
    expect(await nets(t)).toEqual(before);
    expect(await logActions(d(), t.groupId)).toContain('SETTLEMENT_RESTORED');
    const [log] = await call.logs.list({ groupId: t.groupId });
    expect(log?.details).toMatchObject({ fromName: 'Bob', toName: 'Alice', amountCents: 500 });
    const missing = await refusal(call.expenses.restore({ groupId: t.groupId, expenseId: unknownId() }));
    expect(missing.appCode).toBe('EXPENSE_NOT_FOUND');
  });

  it('after any deletes and restores, the nets are those of the live expenses and sum to zero (property)', async () => {
    const t = await trio(d());
    const call = await t.alice.call();
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            cents: fc.integer({ min: 1, max: 1_000_000 }),
            deleteIt: fc.boolean(),
            restoreIt: fc.boolean(),
          }),
          {
            minLength: 1,
            maxLength: 4,
          },
        ),
        async (steps) => {
          const start = await nets(t);
          const expected = { ...start };
          for (const step of steps) {
            const before = await nets(t);
            const { id } = await call.expenses.create({
              groupId: t.groupId,
              name: 'Step',
              amountCents: step.cents,
              paidById: t.b,
              splitMethod: 'shares',
              sharesInput: { [t.a]: 1, [t.c]: 2 },
            });
            const after = await nets(t);
            let live = true;
            if (step.deleteIt) {
              await call.expenses.delete({ groupId: t.groupId, expenseId: id });
              live = false;
              if (step.restoreIt) {
                await call.expenses.restore({ groupId: t.groupId, expenseId: id });
                live = true;
              }
            }
            for (const seat of Object.keys(after)) {
              expected[seat] = (expected[seat] ?? 0) + (live ? after[seat]! - before[seat]! : 0);
            }
          }
          const end = await nets(t);
          expect(end).toEqual(expected);
          expect(Object.values(end).reduce((a, b) => a + b, 0)).toBe(0);
        },
      ),
      { numRuns: 10 },
    );
  });
});
