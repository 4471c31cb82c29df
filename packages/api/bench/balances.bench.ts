/**
 * A seeded group of 50 members and 10 000 expenses, on the embedded PGlite and on the PostgreSQL
 * server (TEST_DATABASE_URL / DATABASE_URL, else 127.0.0.1:5432 when it answers): balances, the
 * first page of the expense list and one deep in it, the whole list read page by page, the
 * spending chart, and one write. The rows are inserted directly, as before the stored totals, and
 * the totals are then filled by the backfill migration's own SQL (timed too).
 * Run: npm run bench -w @dolya/api
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  expensePayers,
  expenseSplits,
  expenses,
  groupMembers,
  migrationsFolder,
  openDatabase,
} from '@dolya/db';
import { createTestDatabase } from '@dolya/db/testing';
import { type SplitMethod, splitExpense } from '@dolya/domain';
import { sql } from 'drizzle-orm';
import { browserActor } from '../src/context';
import { appRouter } from '../src/routers';
import { resolveSession } from '../src/services/sessions';
import { createCallerFactory } from '../src/trpc';

const MEMBERS = 50;
const EXPENSES = 10_000;
const CALLS = 200;
const BACKFILL_SQL = readFileSync(join(migrationsFolder, '0008_member_balances_backfill.sql'), 'utf8');
const config = { sessionSecret: 'bench-secret-bench-secret-bench-secret', sessionTtlDays: 1 };

type Db = Awaited<ReturnType<typeof createTestDatabase>>['db'];

function prng(seed: number) {
  return () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
}

async function seedGroup(db: Db) {
  const caller = createCallerFactory(appRouter);
  let token: string | undefined;
  const ctx = async () => {
    const user = (await resolveSession(db, config, token))?.user ?? null;
    return {
      db,
      config,
      actor: browserActor(user),
      user,
      sessionToken: token,
      ip: '127.0.0.1',
      cookie: {
        set: (value: string) => {
          token = value;
        },
        clear: () => {
          token = undefined;
        },
      },
    };
  };
  await caller(await ctx()).auth.register({
    name: 'Bench',
    email: `bench${Date.now()}@example.com`,
    password: 'bench-pass',
  });
  const users = Array.from({ length: MEMBERS - 1 }, (_, i) => ({ name: `Member ${i + 1}` }));
  const { id: groupId } = await caller(await ctx()).groups.create({ name: 'Bench', currency: 'EUR', users });
  const seats = await db.select().from(groupMembers);
  const memberOrder = seats.sort((a, b) => a.position - b.position).map((s) => s.id);

  const random = prng(42);
  const pick = () => memberOrder[Math.floor(random() * memberOrder.length)]!;
  const methods: SplitMethod[] = ['shares', 'amounts', 'percentages'];
  const started = performance.now();
  for (let batch = 0; batch < EXPENSES / 500; batch++) {
    const rows = Array.from({ length: 500 }, (_, i) => {
      const amountCents = 100 + Math.floor(random() * 5_000_000);
      const payerId = pick();
      const method = methods[(batch * 500 + i) % 3]!;
      const participants = [...new Set(Array.from({ length: 2 + Math.floor(random() * 8) }, pick))];
      const shares = Object.fromEntries(participants.map((id) => [id, 1 + Math.floor(random() * 3)]));
      const splits = splitExpense({ amountCents, payerId, memberOrder, method: 'shares', shares });
      return { amountCents, payerId, method, splits };
    });
    const inserted = await db
      .insert(expenses)
      .values(
        rows.map((r, i) => ({
          groupId,
          name: `Expense ${batch * 500 + i}`,
          amountCents: r.amountCents,
          paidByMemberId: r.payerId,
          date: new Date(Date.UTC(2026, 0, 1) + (batch * 500 + i) * 60_000),
          splitMethod: r.method,
        })),
      )
      .returning({ id: expenses.id });
    await db.insert(expensePayers).values(
      rows.map((r, i) => ({
        expenseId: inserted[i]!.id,
        groupId,
        memberId: r.payerId,
        amountCents: r.amountCents,
      })),
    );
    await db.insert(expenseSplits).values(
      rows.flatMap((r, i) =>
        Object.entries(r.splits).map(([memberId, amountCents]) => ({
          expenseId: inserted[i]!.id,
          groupId,
          memberId,
          amountCents,
        })),
      ),
    );
  }
  const seedMs = performance.now() - started;
  const backfillStarted = performance.now();
  await db.execute(sql.raw(BACKFILL_SQL));
  const backfillMs = performance.now() - backfillStarted;
  // PGlite never analyzes by itself; a server's autovacuum would have by now.
  await db.execute(sql`analyze`);
  return { groupId, seedMs, backfillMs, call: async () => caller(await ctx()) };
}

/** Median and 99th percentile of `runs` calls after a warm-up, in ms. */
async function time(fn: () => Promise<unknown>, runs = CALLS): Promise<{ median: number; p99: number }> {
  await fn();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await fn();
    samples.push(performance.now() - t);
  }
  samples.sort((a, b) => a - b);
  const at = (q: number) => samples[Math.min(samples.length - 1, Math.ceil(q * samples.length) - 1)]!;
  return { median: at(0.5), p99: at(0.99) };
}

const ms = ({ median, p99 }: { median: number; p99: number }) =>
  `median ${median.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

async function benchOne(label: string, db: Db) {
  const { groupId, seedMs, backfillMs, call } = await seedGroup(db);
  const c = await call();
  const balances = await c.balances.get({ groupId });
  const balancesMs = await time(() => c.balances.get({ groupId }));

  const first = await c.expenses.list({ groupId });
  const firstMs = await time(() => c.expenses.list({ groupId }));
  // The whole slim list, read as a client would: pages of 200 until the last.
  let wholeBytes = 0;
  let rows = 0;
  let deepCursor: string | null = null;
  const wholeStarted = performance.now();
  for (let cursor: string | null = null, page = 0; page === 0 || cursor; page++) {
    const result: Awaited<ReturnType<typeof c.expenses.list>> = await c.expenses.list({
      groupId,
      limit: 200,
      cursor,
    });
    wholeBytes += Buffer.byteLength(JSON.stringify(result.items));
    rows += result.items.length;
    if (page === 40) deepCursor = result.nextCursor;
    cursor = result.nextCursor;
  }
  const wholeMs = performance.now() - wholeStarted;
  const deepMs = await time(() => c.expenses.list({ groupId, cursor: deepCursor }));
  const spendingMs = await time(() => c.stats.spending({ groupId, timeZone: 'Europe/Moscow' }));
  const createMs = await time(
    () =>
      c.expenses.create({
        groupId,
        name: 'Bench',
        amountCents: 12_345,
        paidById: balances.members[0]!.memberId,
        splitMethod: 'shares',
        settlement: false,
      }),
    20,
  );
  console.log(
    [
      `${label}: seeded in ${(seedMs / 1000).toFixed(1)} s, member totals backfilled in ${backfillMs.toFixed(0)} ms`,
      `  balances.get (${balances.debts.length} transfers)    ${ms(balancesMs)}`,
      `  first page of 50                ${ms(firstMs)}, ${kb(Buffer.byteLength(JSON.stringify(first)))} of JSON`,
      `  a page after 8 200 rows         ${ms(deepMs)}`,
      `  whole slim list, pages of 200   ${rows} rows, ${kb(wholeBytes)} of JSON, ${wholeMs.toFixed(0)} ms in all`,
      `  stats.spending                  ${ms(spendingMs)}`,
      `  expenses.create (20 calls)      ${ms(createMs)}`,
    ].join('\n'),
  );
}

console.log(`Group of ${MEMBERS} members and ${EXPENSES} expenses; ${CALLS} calls each after a warm-up`);
const pglite = openDatabase({ dataDir: 'memory://' });
await pglite.migrate();
await benchOne('PGlite', pglite.db);
await pglite.close();

const server = await createTestDatabase();
if (server.kind === 'postgres') await benchOne('PostgreSQL', server.db);
else console.log('PostgreSQL: no server reachable, skipped');
await server.close();
