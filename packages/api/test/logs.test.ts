import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { groupLogs, groups, migrationsFolder, openDatabase } from '@dolya/db';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { LOG_ACTIONS } from '../src';
import { trio } from './fixtures';
import { useTestDatabase } from './harness';

const db = useTestDatabase();

describe('logs.list', () => {
  it('carries the money of expense and settlement entries as amountCents, a whole number', async () => {
    const t = await trio(db.current.db);
    const call = await t.alice.call();
    const { id } = await call.expenses.create({
      groupId: t.groupId,
      name: 'Dinner',
      amountCents: 120_050,
      paidById: t.a,
    });
    await call.expenses.update({
      groupId: t.groupId,
      expenseId: id,
      name: 'Dinner',
      amountCents: 100_001,
      paidById: t.a,
    });
    await call.expenses.delete({ groupId: t.groupId, expenseId: id });
    const { id: settlementId } = await call.expenses.create({
      groupId: t.groupId,
      amountCents: 1,
      settlement: true,
      settlementFromId: t.b,
      settlementToId: t.a,
    });

    const logs = await call.logs.list({ groupId: t.groupId });
    expect(logs.map((l) => [l.action, l.details])).toEqual([
      [
        'SETTLEMENT_CREATED',
        {
          expenseId: settlementId,
          name: 'Settlement payment',
          amountCents: 1,
          currency: 'EUR',
          fromName: 'Bob',
          toName: 'Alice',
        },
      ],
      ['EXPENSE_DELETED', { expenseId: id, name: 'Dinner', amountCents: 100_001, currency: 'EUR' }],
      [
        'EXPENSE_UPDATED',
        {
          expenseId: id,
          name: 'Dinner',
          amountCents: 100_001,
          currency: 'EUR',
          changes: { amountCents: { from: 120_050, to: 100_001 }, split: true },
        },
      ],
      ['EXPENSE_CREATED', { expenseId: id, name: 'Dinner', amountCents: 120_050, currency: 'EUR' }],
      ['GROUP_CREATED', expect.not.objectContaining({ amount: expect.anything() })],
    ]);
    for (const entry of logs) expect(LOG_ACTIONS).toContain(entry.action);
  });
});

describe('an edit’s log line (issue 27)', () => {
  it('says what changed: name, amount, payer, split, date, notes; nothing listed when nothing changed', async () => {
    const t = await trio(db.current.db);
    const call = await t.alice.call();
    const base = { groupId: t.groupId, name: 'Taxi', amountCents: 60_000, paidById: t.a };
    const { id } = await call.expenses.create({ ...base, date: '2026-03-01T12:00:00.000Z' });
    await call.expenses.update({
      ...base,
      expenseId: id,
      name: 'Taxi home',
      amountCents: 90_000,
      paidById: t.b,
      date: '2026-03-02T12:00:00.000Z',
      notes: 'night rate',
    });
    await call.expenses.update({
      ...base,
      expenseId: id,
      name: 'Taxi home',
      amountCents: 90_000,
      paidById: t.b,
      date: '2026-03-02T12:00:00.000Z',
      notes: 'night rate',
    });
    const [same, changed] = (await call.logs.list({ groupId: t.groupId })).filter(
      (l) => l.action === 'EXPENSE_UPDATED',
    );
    expect(changed!.details).toMatchObject({
      changes: {
        name: { from: 'Taxi', to: 'Taxi home' },
        amountCents: { from: 60_000, to: 90_000 },
        payer: { from: 'Alice', to: 'Bob' },
        date: true,
        split: true,
        notes: true,
      },
    });
    expect(changed!.details).not.toHaveProperty('changes.category');
    expect(same!.details).not.toHaveProperty('changes');
  });
});

describe('the group’s last activity', () => {
  it('moves forward with each write', async () => {
    const t = await trio(db.current.db);
    const call = await t.alice.call();
    const before = (await call.groups.get({ groupId: t.groupId })).lastActivity;
    await new Promise((resolve) => setTimeout(resolve, 5));
    await call.expenses.create({ groupId: t.groupId, name: 'Dinner', amountCents: 900, paidById: t.a });
    expect((await call.groups.get({ groupId: t.groupId })).lastActivity > before).toBe(true);
  });

  it('does not make a write wait for another transaction holding the group row', async (context) => {
    // PostgreSQL only: PGlite has one connection, so no other transaction can hold the row.
    if (!db.current.url) context.skip();
    const t = await trio(db.current.db);
    const call = await t.alice.call();
    const side = openDatabase({ databaseUrl: db.current.url!, maxConnections: 1 });
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let locked = () => {};
    const holding = new Promise<void>((resolve) => {
      locked = resolve;
    });
    const holder = side.db.transaction(async (tx) => {
      await tx.update(groups).set({ name: 'Trip' }).where(eq(groups.id, t.groupId));
      locked();
      await released;
    });
    try {
      await holding;
      const created = call.expenses.create({
        groupId: t.groupId,
        name: 'Taxi',
        amountCents: 700,
        paidById: t.a,
      });
      const waited = new Promise((resolve) => setTimeout(() => resolve('still waiting'), 3000));
      expect(await Promise.race([created.then(() => 'created'), waited])).toBe('created');
    } finally {
      release();
      await holder;
      await side.close();
    }
    const names = (await call.expenses.list({ groupId: t.groupId })).items.map((e) => e.name);
    expect(names).toContain('Taxi');
  });
});

describe('migration 0004_log_amount_cents', () => {
  const migration = readFileSync(join(migrationsFolder, '0004_log_amount_cents.sql'), 'utf8');

  async function insertLog(groupId: string, details: Record<string, unknown>) {
    const [row] = await db.current.db
      .insert(groupLogs)
      .values({ groupId, actorMemberId: null, action: 'EXPENSE_CREATED', message: 'Old entry', details })
      .returning({ id: groupLogs.id });
    return row!.id;
  }

  async function detailsOf(id: string) {
    const [row] = await db.current.db.select().from(groupLogs).where(eq(groupLogs.id, id));
    return row!.details;
  }

  it('turns the decimal text of older entries into exact cents, keeping the other details', async () => {
    const t = await trio(db.current.db);
    const old = await insertLog(t.groupId, { expenseId: t.a, name: 'Hotel', amount: '1200.50' });
    const cent = await insertLog(t.groupId, { name: 'Gum', amount: '0.01' });
    const whole = await insertLog(t.groupId, { name: 'Round', amount: '7' });
    const largest = await insertLog(t.groupId, { name: 'Largest', amount: '1000000000000.00' });
    // Not written by any version of the app, but must not break the migration: left as they were.
    const odd = await insertLog(t.groupId, { name: 'Odd', amount: '1 200,50' });
    const none = await insertLog(t.groupId, { memberId: t.b, name: 'Bob' });

    await db.current.db.execute(sql.raw(migration));

    expect(await detailsOf(old)).toEqual({ expenseId: t.a, name: 'Hotel', amountCents: 120_050 });
    expect(await detailsOf(cent)).toEqual({ name: 'Gum', amountCents: 1 });
    expect(await detailsOf(whole)).toEqual({ name: 'Round', amountCents: 700 });
    expect(await detailsOf(largest)).toEqual({ name: 'Largest', amountCents: 100_000_000_000_000 });
    expect(await detailsOf(odd)).toEqual({ name: 'Odd', amount: '1 200,50' });
    expect(await detailsOf(none)).toEqual({ memberId: t.b, name: 'Bob' });

    // The procedure reads a converted entry like a new one.
    const logs = await (await t.alice.call()).logs.list({ groupId: t.groupId });
    expect(logs.find((l) => l.id === old)?.details).toEqual({
      expenseId: t.a,
      name: 'Hotel',
      amountCents: 120_050,
    });

    // Running it again changes nothing.
    const before = await db.current.db.select().from(groupLogs).where(eq(groupLogs.groupId, t.groupId));
    await db.current.db.execute(sql.raw(migration));
    expect(await db.current.db.select().from(groupLogs).where(eq(groupLogs.groupId, t.groupId))).toEqual(
      before,
    );
  });
});
