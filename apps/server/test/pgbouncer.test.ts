import { runDueOccurrences } from '@dolya/api';
import { type Database, expenses, type openDatabase } from '@dolya/db';
import { createEmptyPostgresDatabase } from '@dolya/db/testing';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PgBouncer, startPgBouncer } from '../bench/lib/pgbouncer';
import { buildApp } from '../src/app';
import { openConfiguredDatabase, prepareDatabase } from '../src/database';
import { ORIGIN, testConfig } from './harness';
import { balancesOf, createGroup, expensesOf, PASSWORD, signUp } from './helpers';

/**
 * Two instances behind Debian's PgBouncer in transaction pooling mode, configured as the README's
 * Deploy section says: DATABASE_URL through PgBouncer, DATABASE_DIRECT_URL for the start-up lock
 * and the migrations, DATABASE_PREPARE=false. Both start at once on an empty database, then serve
 * a session made on the other.
 */
let empty: Awaited<ReturnType<typeof createEmptyPostgresDatabase>>;
let bouncer: PgBouncer;
const apps: FastifyInstance[] = [];
const handles: ReturnType<typeof openDatabase>[] = [];

beforeAll(async () => {
  empty = await createEmptyPostgresDatabase();
  const direct = new URL(empty.url);
  bouncer = await startPgBouncer({
    server: { host: direct.hostname, port: Number(direct.port || 5432), user: direct.username || 'postgres' },
    database: direct.pathname.slice(1),
    serverConnections: 4,
    statementTimeoutMs: 10_000,
  });
  const config = testConfig({
    DATABASE_URL: bouncer.url,
    DATABASE_DIRECT_URL: empty.url,
    DATABASE_PREPARE: 'false',
  });
  for (let i = 0; i < 2; i++) handles.push(openConfiguredDatabase(config));
  await Promise.all(handles.map((handle) => prepareDatabase(handle, { seedDemo: true })));
  for (const handle of handles) apps.push(await buildApp(config, handle.db));
}, 60_000);

afterAll(async () => {
  for (const app of apps) await app.close();
  for (const handle of handles) await handle.close();
  await bouncer?.stop();
  await empty?.drop();
});

describe('behind PgBouncer in transaction mode', () => {
  it('two instances started at once both migrate over the direct address and serve the same session', async () => {
    const { c, email } = await signUp(() => apps[0]!, 'Ann');
    const { id, meId, seat } = await createGroup(c, ['Bob']);
    const created = await c.post(`/api/groups/${id}/expenses`, {
      name: 'Pizza',
      amount: '12.01',
      paidById: meId,
      participants: [meId, seat('Bob')],
      splitMethod: 'shares',
    });
    expect(created.status).toBe(201);

    // The same cookie on the other instance: sessions live in the database, not in a process.
    const login = await apps[0]!.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { origin: ORIGIN, 'content-type': 'application/json' },
      payload: { email, password: PASSWORD },
    });
    const cookie = String(login.headers['set-cookie']).split(';')[0]!;
    const other = await apps[1]!.inject({
      method: 'GET',
      url: `/api/groups/${id}/balances`,
      headers: { cookie },
    });
    expect(other.statusCode).toBe(200);
    const balances = await balancesOf(c, id);
    expect(balances.members.map((m) => m.net).sort()).toEqual([-6, 6]);
    expect((await expensesOf(c, id)).map((e) => e.amount)).toEqual([12.01]);
  });

  it('made one demo account between them', async () => {
    const res = await apps[1]!.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { origin: ORIGIN, 'content-type': 'application/json' },
      payload: { email: 'demo@example.com', password: 'demo' },
    });
    expect(res.statusCode).toBe(200);
  });

  it('runs the recurring job on both instances through it: each occurrence once (issue 28)', async () => {
    const { c } = await signUp(() => apps[0]!, 'Rita');
    const { id: groupId, meId, seat } = await createGroup(c, ['Bob']);
    const made = await c.post('/trpc/expenses.create', {
      groupId,
      name: 'Rent',
      amountCents: 4_500_000,
      paidById: meId,
      date: '2026-10-01T09:00:00Z',
      sharesInput: { [meId]: 1, [seat('Bob')]: 1 },
    });
    expect(made.status).toBe(200);
    const expenseId = (made.body as { result: { data: { id: string } } }).result.data.id;
    const repeat = await c.post('/trpc/recurring.create', { groupId, expenseId, every: 1, unit: 'day' });
    expect(repeat.status).toBe(200);
    const seriesId = (repeat.body as { result: { data: { id: string } } }).result.data.id;

    // No session state is needed: row locks taken and released inside each pooled transaction.
    const now = new Date('2026-10-31T09:00:00Z');
    const runs = await Promise.all(
      [0, 1, 0, 1].map((i) => runDueOccurrences(handles[i]!.db as Database, { now })),
    );
    expect(runs.flat()).toHaveLength(30);
    const rows = await (handles[0]!.db as Database)
      .select({ index: expenses.seriesIndex })
      .from(expenses)
      .where(and(eq(expenses.groupId, groupId), eq(expenses.seriesId, seriesId)));
    expect(rows.map((r) => r.index).sort((a, b) => a! - b!)).toEqual(Array.from({ length: 31 }, (_, i) => i));
  });
});
