/**
 * Balances of a seeded group of 50 members and 10 000 expenses, on the embedded PGlite and on the
 * PostgreSQL server (TEST_DATABASE_URL / DATABASE_URL, else 127.0.0.1:5432 when it answers).
 * Run: npm run bench -w @dolya/api
 */
import { expensePayers, expenseSplits, expenses, groupMembers, openDatabase } from '@dolya/db';
import { createTestDatabase } from '@dolya/db/testing';
import { type SplitMethod, splitExpense } from '@dolya/domain';
import { browserActor } from '../src/context';
import { appRouter } from '../src/routers';
import { resolveSession } from '../src/services/sessions';
import { createCallerFactory } from '../src/trpc';

const MEMBERS = 50;
const EXPENSES = 10_000;
const RUNS = 7;
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
  return { groupId, seedMs, call: async () => caller(await ctx()) };
}

async function time(fn: () => Promise<unknown>): Promise<number> {
  await fn(); // warm-up
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    await fn();
    samples.push(performance.now() - t);
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)]!;
}

async function benchOne(label: string, db: Db) {
  const { groupId, seedMs, call } = await seedGroup(db);
  const c = await call();
  const balancesMs = await time(() => c.balances.get({ groupId }));
  const listMs = await time(() => c.expenses.list({ groupId }));
  const balances = await c.balances.get({ groupId });
  const createMs = await time(() =>
    c.expenses.create({
      groupId,
      name: 'Bench',
      amountCents: 12_345,
      paidById: balances.members[0]!.memberId,
      splitMethod: 'shares',
      settlement: false,
    }),
  );
  console.log(
    `${label.padEnd(10)} seed ${(seedMs / 1000).toFixed(1)} s | balances+debts ${balancesMs.toFixed(1)} ms ` +
      `(${balances.debts.length} transfers) | list 10k expenses ${listMs.toFixed(0)} ms | create one expense ${createMs.toFixed(1)} ms`,
  );
}

console.log(`Group of ${MEMBERS} members and ${EXPENSES} expenses; median of ${RUNS} runs after a warm-up`);
const pglite = openDatabase({ dataDir: 'memory://' });
await pglite.migrate();
await benchOne('PGlite', pglite.db);
await pglite.close();

const server = await createTestDatabase();
if (server.kind === 'postgres') await benchOne('PostgreSQL', server.db);
else console.log('PostgreSQL: no server reachable, skipped');
await server.close();
