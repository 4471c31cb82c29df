import {
  type Database,
  expenseSeries,
  expenses,
  groupLogs,
  groups,
  memberBalances,
  openDatabase,
} from '@dolya/db';
import { createPostgresTestDatabase, type TestDatabase } from '@dolya/db/testing';
import { dayIn, middayIn } from '@dolya/domain';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDueOccurrences, startRecurringJob } from '../src/services/recurring';
import { trio } from './fixtures';

/**
 * The recurring job on a real PostgreSQL: two server instances (two connection pools) running it
 * at once make each occurrence exactly once; a run stopped in the middle and the next one (a
 * restart) catch up on the missed ones, each once.
 */
let database: TestDatabase & { url: string };
let second: ReturnType<typeof openDatabase>;
const d = () => database.db;

beforeAll(async () => {
  database = await createPostgresTestDatabase();
  second = openDatabase({ databaseUrl: database.url, maxConnections: 5 });
});
afterAll(async () => {
  await second?.close();
  await database?.close();
});

type SeriesValues = typeof expenseSeries.$inferInsert;

async function addSeries(
  groupId: string,
  payer: string,
  shares: Record<string, number>,
  values: Partial<SeriesValues> & Pick<SeriesValues, 'every' | 'unit' | 'startDate' | 'nextDate'>,
) {
  const [row] = await d()
    .insert(expenseSeries)
    .values({
      groupId,
      name: 'Rent',
      amountCents: 4_500_000,
      template: { paidById: payer, splitMethod: 'shares', sharesInput: shares },
      createdByMemberId: payer,
      ...values,
    })
    .returning();
  return row!;
}

async function occurrences(groupId: string, seriesId: string) {
  return d()
    .select({ index: expenses.seriesIndex, date: expenses.date, amountCents: expenses.amountCents })
    .from(expenses)
    .where(and(eq(expenses.groupId, groupId), eq(expenses.seriesId, seriesId)))
    .orderBy(asc(expenses.seriesIndex));
}

async function seriesRow(groupId: string, seriesId: string) {
  const [row] = await d()
    .select()
    .from(expenseSeries)
    .where(and(eq(expenseSeries.groupId, groupId), eq(expenseSeries.id, seriesId)));
  return row!;
}

const dayBefore = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

/** The first minute of `day` in `zone`, found from its noon (a clock change in the night included). */
function midnightIn(day: string, zone: string): number {
  let at = middayIn(day, zone).getTime() - 14 * 3600_000;
  while (dayIn(zone, new Date(at)) !== day) at += 60_000;
  return at;
}

/** The day an expense is on in Moscow (the groups' default calendar). */
const moscowDay = (date: Date) => new Date(date.getTime() + 3 * 3600_000).toISOString().slice(0, 10);

describe('two instances at once', () => {
  it('make each due occurrence exactly once, with its log line by the system', async () => {
    const t = await trio(d(), 'RUB');
    const SERIES = 12;
    const DAYS = 15; // due: occurrences 1..15 of a daily series started 15 days before today
    const now = new Date('2026-11-29T09:00:00Z');
    const all = await Promise.all(
      Array.from({ length: SERIES }, () =>
        addSeries(
          t.groupId,
          t.a,
          { [t.a]: 1, [t.b]: 1, [t.c]: 1 },
          { every: 1, unit: 'day', startDate: '2026-11-14', nextDate: '2026-11-15' },
        ),
      ),
    );
    // Each instance runs the job twice at once, as its timer and its start-up catch-up might.
    const runs = await Promise.all([
      runDueOccurrences(d(), { now }),
      runDueOccurrences(second.db as Database, { now }),
      runDueOccurrences(d(), { now }),
      runDueOccurrences(second.db as Database, { now }),
    ]);
    const made = runs.flat();
    expect(made).toHaveLength(SERIES * DAYS);
    expect(new Set(made.map((m) => `${m.seriesId}:${m.index}`)).size).toBe(SERIES * DAYS);
    // Both instances took part.
    expect(runs[0]!.length + runs[2]!.length).toBeGreaterThan(0);
    expect(runs[1]!.length + runs[3]!.length).toBeGreaterThan(0);

    for (const series of all) {
      const rows = await occurrences(t.groupId, series.id);
      expect(rows.map((r) => r.index)).toEqual(Array.from({ length: DAYS }, (_, i) => i + 1));
      expect(moscowDay(rows[0]!.date)).toBe('2026-11-15');
      expect(moscowDay(rows.at(-1)!.date)).toBe('2026-11-29');
      const after = await seriesRow(t.groupId, series.id);
      expect(after).toMatchObject({ nextIndex: DAYS + 1, nextDate: '2026-11-30', status: 'active' });
    }

    const logs = await d()
      .select({ action: groupLogs.action, details: groupLogs.details })
      .from(groupLogs)
      .where(and(eq(groupLogs.groupId, t.groupId), isNull(groupLogs.actorMemberId)));
    expect(logs).toHaveLength(SERIES * DAYS);
    expect(new Set(logs.map((l) => l.action))).toEqual(new Set(['EXPENSE_CREATED']));
    expect(logs[0]!.details).toMatchObject({ name: 'Rent', amountCents: 4_500_000 });

    // The balances moved once per occurrence: Alice paid them all.
    const [paid] = await d()
      .select({ cents: sql<string>`sum(${memberBalances.paidCents})` })
      .from(memberBalances)
      .where(eq(memberBalances.groupId, t.groupId));
    expect(Number(paid!.cents)).toBe(SERIES * DAYS * 4_500_000);

    // Nothing more is due today, whoever runs.
    expect(await runDueOccurrences(second.db as Database, { now })).toEqual([]);
  });
});

describe('catch-up', () => {
  it('makes the missed occurrences after downtime, each once, across a stop in the middle', async () => {
    const t = await trio(d(), 'RUB');
    // Monthly from 31 January; the server was down from February to mid-June.
    const series = await addSeries(
      t.groupId,
      t.b,
      { [t.a]: 1, [t.b]: 1 },
      { every: 1, unit: 'month', startDate: '2026-01-31', nextDate: '2026-02-28' },
    );
    const now = new Date('2026-06-15T12:00:00Z');
    // The first instance is stopped after two occurrences...
    const first = await runDueOccurrences(d(), { now, limit: 2 });
    expect(first.map((m) => m.date)).toEqual(['2026-02-28', '2026-03-31']);
    // ...and on restart the rest are made, each once, by whichever instance gets them.
    const [x, y] = await Promise.all([
      runDueOccurrences(d(), { now }),
      runDueOccurrences(second.db as Database, { now }),
    ]);
    expect([...x, ...y].map((m) => m.date).sort()).toEqual(['2026-04-30', '2026-05-31']);
    const rows = await occurrences(t.groupId, series.id);
    expect(rows.map((r) => [r.index, moscowDay(r.date)])).toEqual([
      [1, '2026-02-28'],
      [2, '2026-03-31'],
      [3, '2026-04-30'],
      [4, '2026-05-31'],
    ]);
    expect(await seriesRow(t.groupId, series.id)).toMatchObject({ nextIndex: 5, nextDate: '2026-06-30' });

    // 30 June begins at 21:00 UTC on the 29th in Moscow, the group's calendar.
    expect(await runDueOccurrences(d(), { now: new Date('2026-06-29T20:59:00Z') })).toEqual([]);
    const june = await runDueOccurrences(d(), { now: new Date('2026-06-29T21:00:00Z') });
    expect(june.map((m) => m.date)).toEqual(['2026-06-30']);
    expect(await seriesRow(t.groupId, series.id)).toMatchObject({ nextIndex: 6, nextDate: '2026-07-31' });
  });

  it("makes an occurrence at the group's midnight in any time zone, not a minute before", async () => {
    // Far ahead of UTC, far behind it, and New York on the night its clocks go forward.
    const cases = [
      ['Pacific/Kiritimati', '2026-12-01'],
      ['Pacific/Pago_Pago', '2026-12-01'],
      ['America/New_York', '2026-03-08'],
      ['Asia/Kathmandu', '2026-02-28'],
    ] as const;
    for (const [zone, day] of cases) {
      const t = await trio(d(), 'RUB');
      await d().update(groups).set({ timeZone: zone }).where(eq(groups.id, t.groupId));
      const series = await addSeries(
        t.groupId,
        t.a,
        { [t.a]: 1, [t.b]: 1 },
        { every: 1, unit: 'day', startDate: dayBefore(day), nextDate: day },
      );
      const midnight = midnightIn(day, zone);
      const made = async (at: number) =>
        (await runDueOccurrences(d(), { now: new Date(at) })).filter((m) => m.seriesId === series.id);
      expect(await made(midnight - 60_000), zone).toEqual([]);
      expect(
        (await made(midnight)).map((m) => m.date),
        zone,
      ).toEqual([day]);
      const [row] = await occurrences(t.groupId, series.id);
      expect(dayIn(zone, row!.date), zone).toBe(day);
      // Daily series would fill the later tests' runs (every group of this database is run).
      await d().update(expenseSeries).set({ status: 'stopped' }).where(eq(expenseSeries.id, series.id));
    }
  });

  it('ends a series after its count or end date, and leaves paused and stopped ones alone', async () => {
    const t = await trio(d(), 'RUB');
    const shares = { [t.a]: 1, [t.c]: 1 };
    const counted = await addSeries(t.groupId, t.a, shares, {
      every: 1,
      unit: 'week',
      startDate: '2026-10-01',
      nextDate: '2026-10-08',
      count: 3,
    });
    const until = await addSeries(t.groupId, t.a, shares, {
      every: 2,
      unit: 'week',
      startDate: '2026-10-01',
      nextDate: '2026-10-15',
      until: '2026-10-29',
    });
    const paused = await addSeries(t.groupId, t.a, shares, {
      every: 1,
      unit: 'day',
      startDate: '2026-10-01',
      nextDate: '2026-10-02',
      status: 'paused',
    });
    const stopped = await addSeries(t.groupId, t.a, shares, {
      every: 1,
      unit: 'day',
      startDate: '2026-10-01',
      nextDate: '2026-10-02',
      status: 'stopped',
    });
    await runDueOccurrences(d(), { now: new Date('2026-11-29T09:00:00Z') });
    expect((await occurrences(t.groupId, counted.id)).map((r) => r.index)).toEqual([1, 2]);
    expect(await seriesRow(t.groupId, counted.id)).toMatchObject({ nextIndex: 3, nextDate: null });
    expect((await occurrences(t.groupId, until.id)).map((r) => moscowDay(r.date))).toEqual([
      '2026-10-15',
      '2026-10-29',
    ]);
    expect(await seriesRow(t.groupId, until.id)).toMatchObject({ nextDate: null });
    expect(await occurrences(t.groupId, paused.id)).toEqual([]);
    expect(await occurrences(t.groupId, stopped.id)).toEqual([]);
  });

  it('pauses a series whose occurrence the rules refuse, instead of failing every run', async () => {
    const t = await trio(d(), 'RUB');
    const broken = await addSeries(
      t.groupId,
      t.a,
      { [t.a]: 1, '00000000-0000-4000-8000-000000000999': 1 },
      { every: 1, unit: 'day', startDate: '2026-11-27', nextDate: '2026-11-28' },
    );
    expect(await runDueOccurrences(d(), { now: new Date('2026-11-29T09:00:00Z') })).toEqual([]);
    expect(await occurrences(t.groupId, broken.id)).toEqual([]);
    expect(await seriesRow(t.groupId, broken.id)).toMatchObject({ status: 'paused', nextIndex: 1 });
    // The group's log says so, by the system, with the reason.
    const pausedLines = () =>
      d()
        .select()
        .from(groupLogs)
        .where(and(eq(groupLogs.groupId, t.groupId), eq(groupLogs.action, 'SERIES_PAUSED')));
    const lines = await pausedLines();
    expect(lines.map((l) => l.actorMemberId)).toEqual([null]);
    expect(lines[0]!.details).toMatchObject({
      seriesId: broken.id,
      seriesIndex: 1,
      reason: expect.any(String),
    });
    expect(lines[0]!.message).toMatch(/^Paused the repeat of "/);
    // Paused, it is not tried (nor logged) again.
    await runDueOccurrences(d(), { now: new Date('2026-11-30T09:00:00Z') });
    expect(await pausedLines()).toHaveLength(1);
  });

  it('catches up as soon as the job starts, on two instances started together', async () => {
    const t = await trio(d(), 'RUB');
    const series = await addSeries(
      t.groupId,
      t.a,
      { [t.a]: 1, [t.b]: 1, [t.c]: 1 },
      { every: 1, unit: 'week', startDate: '2026-10-04', nextDate: '2026-10-11' },
    );
    const now = () => new Date('2026-11-29T09:00:00Z');
    const made: string[] = [];
    const onMade = (m: { date: string }) => made.push(m.date);
    const one = startRecurringJob(d(), { now, onMade, intervalMs: 3_600_000 });
    const two = startRecurringJob(second.db as Database, { now, onMade, intervalMs: 3_600_000 });
    await Promise.all([one.runNow(), two.runNow()]);
    await Promise.all([one.stop(), two.stop()]);
    const weeks = [
      '2026-10-11',
      '2026-10-18',
      '2026-10-25',
      '2026-11-01',
      '2026-11-08',
      '2026-11-15',
      '2026-11-22',
      '2026-11-29',
    ];
    expect(made.sort()).toEqual(weeks);
    expect((await occurrences(t.groupId, series.id)).map((r) => moscowDay(r.date))).toEqual(weeks);
  });

  it('a crash in the middle rolls back the occurrence under way, and the restart makes each one once', async () => {
    const t = await trio(d(), 'RUB');
    const series = await addSeries(
      t.groupId,
      t.c,
      { [t.a]: 1, [t.b]: 1, [t.c]: 1 },
      { every: 1, unit: 'day', startDate: '2026-10-20', nextDate: '2026-10-21' },
    );
    const DUE = 40; // 21 October to 29 November
    const now = new Date('2026-11-29T09:00:00Z');
    // A third instance whose connections are killed under it, as a crashed process's would be.
    const doomed = openDatabase({
      databaseUrl: `${database.url}?application_name=doomed`,
      maxConnections: 2,
    });
    let killed = 0;
    let kill: Promise<unknown> | undefined;
    const crashed = await runDueOccurrences(doomed.db as Database, {
      now,
      onMade: (m) => {
        if (m.index !== 5) return;
        // The next occurrence's transaction starts at once: it is under way when the backend dies.
        kill = d()
          .execute(
            sql`select pg_terminate_backend(pid) as gone from pg_stat_activity where application_name = 'doomed' and datname = current_database()`,
          )
          .then((rows) => {
            killed = (rows as unknown as unknown[]).length;
          });
      },
    }).then(
      (made) => ({ made, failed: false }),
      () => ({ made: [] as unknown[], failed: true }),
    );
    await kill;
    await doomed.close().catch(() => {});
    expect(killed).toBeGreaterThan(0);
    expect(crashed.failed).toBe(true);

    const before = (await occurrences(t.groupId, series.id)).length;
    expect(before).toBeGreaterThanOrEqual(5);
    expect(before).toBeLessThan(DUE);
    // The restart: both remaining instances at once.
    await Promise.all([runDueOccurrences(d(), { now }), runDueOccurrences(second.db as Database, { now })]);
    const rows = await occurrences(t.groupId, series.id);
    expect(rows.map((r) => r.index)).toEqual(Array.from({ length: DUE }, (_, i) => i + 1));
    expect(await seriesRow(t.groupId, series.id)).toMatchObject({
      nextIndex: DUE + 1,
      nextDate: '2026-11-30',
    });
    // Nothing half-made: the totals hold exactly the occurrences that exist.
    const [paid] = await d()
      .select({ cents: sql<string>`sum(${memberBalances.paidCents})` })
      .from(memberBalances)
      .where(eq(memberBalances.groupId, t.groupId));
    expect(Number(paid!.cents)).toBe(DUE * 4_500_000);
  });
});
