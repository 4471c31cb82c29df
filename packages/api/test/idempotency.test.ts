import { expenses, groupLogs, groupMembers, groups, idempotencyKeys, invites, openDatabase } from '@dolya/db';
import type { TestDatabase } from '@dolya/db/testing';
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purgeExpiredIdempotencyKeys } from '../src/idempotency';
import { linkedBot } from './actors';
import { raceOnSeats, refusal, trio } from './fixtures';
import { signUp, useTestDatabase } from './harness';

type Db = TestDatabase['db'];

/** An in-memory PGlite for this file, besides the default test database (PostgreSQL when it answers). */
function usePglite(): { readonly current: TestDatabase } {
  const holder = {} as { current: TestDatabase };
  beforeAll(async () => {
    const handle = openDatabase({ dataDir: 'memory://' });
    await handle.migrate();
    holder.current = { ...handle, url: undefined };
  });
  afterAll(async () => {
    await holder.current?.close();
  });
  return holder;
}

const key = () => `key-${crypto.randomUUID()}`;

async function countOf(db: Db, table: typeof expenses | typeof groups, where?: ReturnType<typeof eq>) {
  const [row] = await db.select({ n: count() }).from(table).where(where);
  return row!.n;
}

async function keyRows(db: Db) {
  return db.select().from(idempotencyKeys);
}

const databases = { 'the default test database': useTestDatabase(), 'an embedded PGlite': usePglite() };

for (const [where, database] of Object.entries(databases)) {
  describe(`idempotent creates on ${where}`, () => {
    const d = () => database.current.db;

    async function lunch(t: Awaited<ReturnType<typeof trio>>, idempotencyKey?: string, name = 'Lunch') {
      return (await t.alice.call()).expenses.create({
        groupId: t.groupId,
        name,
        amountCents: 3000,
        paidById: t.a,
        idempotencyKey,
      });
    }

    it('expenses.create: the same key twice writes one expense and one log row, and answers the same', async () => {
      const t = await trio(d());
      const k = key();
      const first = await lunch(t, k);
      const second = await lunch(t, k);
      expect(second).toEqual(first);
      expect(await countOf(d(), expenses, eq(expenses.groupId, t.groupId))).toBe(1);
      const logs = await d().select().from(groupLogs).where(eq(groupLogs.groupId, t.groupId));
      expect(logs.filter((l) => l.action === 'EXPENSE_CREATED')).toHaveLength(1);
      expect((await keyRows(d())).filter((r) => r.key === k)).toEqual([
        expect.objectContaining({ actorKey: t.alice.user.id, procedure: 'expenses.create', result: first }),
      ]);
    });

    it('without a key, every call creates', async () => {
      const t = await trio(d());
      await lunch(t);
      await lunch(t);
      expect(await countOf(d(), expenses, eq(expenses.groupId, t.groupId))).toBe(2);
    });

    it('groups.create, members.add and invites.create answer a retried key with the first result', async () => {
      const alice = await signUp(d(), 'Alice');
      const call = await alice.call();
      const k = key();
      const group = await call.groups.create({ name: 'Retry', users: [{ name: 'Pal' }], idempotencyKey: k });
      expect(
        await call.groups.create({ name: 'Retry', users: [{ name: 'Pal' }], idempotencyKey: k }),
      ).toEqual(group);
      expect(await countOf(d(), groups, eq(groups.createdByUserId, alice.user.id))).toBe(1);

      const m = key();
      const seat = await call.members.add({ groupId: group.id, name: 'Zoe', idempotencyKey: m });
      expect(await call.members.add({ groupId: group.id, name: 'Zoe', idempotencyKey: m })).toEqual(seat);
      const zoes = await d()
        .select()
        .from(groupMembers)
        .where(and(eq(groupMembers.groupId, group.id), eq(groupMembers.name, 'Zoe')));
      expect(zoes).toHaveLength(1);

      const i = key();
      const link = await call.invites.create({ groupId: group.id, idempotencyKey: i });
      expect(await call.invites.create({ groupId: group.id, idempotencyKey: i })).toEqual(link);
      const live = await d()
        .select()
        .from(invites)
        .where(and(eq(invites.groupId, group.id), isNull(invites.revokedAt)));
      expect(live.map((row) => row.token)).toEqual([link.token]);
    });

    it('the same key with another input or another procedure is CONFLICT and writes nothing', async () => {
      const t = await trio(d());
      const k = key();
      await lunch(t, k);
      const other = await refusal(lunch(t, k, 'Dinner'));
      expect({ code: other.appCode, field: other.field }).toEqual({
        code: 'CONFLICT',
        field: 'idempotencyKey',
      });
      const elsewhere = await refusal(
        (await t.alice.call()).groups.create({ name: 'Other', users: [], idempotencyKey: k }),
      );
      expect(elsewhere.appCode).toBe('CONFLICT');
      expect(await countOf(d(), expenses, eq(expenses.groupId, t.groupId))).toBe(1);
      expect(await countOf(d(), groups, eq(groups.name, 'Other'))).toBe(0);
    });

    it('keys are per account: another person may use the same key', async () => {
      const t = await trio(d());
      const k = key();
      await lunch(t, k);
      await (await t.bob.call()).expenses.create({
        groupId: t.groupId,
        name: 'Lunch',
        amountCents: 3000,
        paidById: t.b,
        idempotencyKey: k,
      });
      expect(await countOf(d(), expenses, eq(expenses.groupId, t.groupId))).toBe(2);
    });

    it('the bot acting for an account shares its keys: a retry through the bot answers the first result', async () => {
      const t = await trio(d());
      const k = key();
      const first = await lunch(t, k);
      const bot = await linkedBot(d(), t.alice.user.id);
      const input = {
        groupId: t.groupId,
        name: 'Lunch',
        amountCents: 3000,
        paidById: t.a,
        idempotencyKey: k,
      };
      expect(await (await bot()).expenses.create(input)).toEqual(first);
      expect(await countOf(d(), expenses, eq(expenses.groupId, t.groupId))).toBe(1);
    });

    it('a failed create releases its key: the corrected retry with the same key is written', async () => {
      const t = await trio(d());
      const k = key();
      const failed = await refusal(
        (await t.alice.call()).expenses.create({
          groupId: t.groupId,
          name: 'Bad',
          amountCents: -100,
          paidById: t.a,
          idempotencyKey: k,
        }),
      );
      expect(failed.appCode).toBe('INVALID_AMOUNT');
      expect((await keyRows(d())).filter((r) => r.key === k)).toEqual([]);
      // Nothing of the failed call stayed, its claim included, so the corrected input may reuse the key.
      await lunch(t, k);
      expect(await countOf(d(), expenses, eq(expenses.groupId, t.groupId))).toBe(1);
    });

    it('refuses a key shorter than 8 or longer than 100 characters, or with spaces', async () => {
      const t = await trio(d());
      for (const bad of ['short', 'x'.repeat(101), 'has a space']) {
        const error = await refusal(lunch(t, bad));
        expect({ code: error.appCode, field: error.field }).toEqual({
          code: 'VALIDATION_ERROR',
          field: 'idempotencyKey',
        });
      }
      expect(await countOf(d(), expenses, eq(expenses.groupId, t.groupId))).toBe(0);
    });

    it('frees a key after 24 hours even before it is purged: the old key then creates anew', async () => {
      const t = await trio(d());
      const old = key();
      await lunch(t, old);
      await lunch(t, old);
      expect(await countOf(d(), expenses, eq(expenses.groupId, t.groupId))).toBe(1);
      await d()
        .update(idempotencyKeys)
        .set({ createdAt: sql`now() - interval '25 hours'` })
        .where(eq(idempotencyKeys.key, old));
      await lunch(t, old);
      await lunch(t, old);
      expect(await countOf(d(), expenses, eq(expenses.groupId, t.groupId))).toBe(2);
      expect((await keyRows(d())).filter((r) => r.key === old)).toHaveLength(1);
    });

    it('purges keys older than 24 hours, and only those', async () => {
      const t = await trio(d());
      const [old, fresh] = [key(), key()];
      await lunch(t, old);
      await lunch(t, fresh);
      await d()
        .update(idempotencyKeys)
        .set({ createdAt: sql`now() - interval '25 hours'` })
        .where(eq(idempotencyKeys.key, old));
      await purgeExpiredIdempotencyKeys(d());
      const left = (await keyRows(d())).map((r) => r.key);
      expect(left).toContain(fresh);
      expect(left).not.toContain(old);
    });

    it('two requests with one key at the same moment make exactly one expense and get the same answer', async () => {
      const t = await trio(d());
      const k = key();
      const [c1, c2] = [await t.alice.call(), await t.alice.call()];
      const input = { groupId: t.groupId, name: 'Race', amountCents: 3000, paidById: t.a, idempotencyKey: k };
      const results = await raceOnSeats(
        database.current,
        [t.a],
        [() => c1.expenses.create(input), () => c2.expenses.create(input)],
      );
      const values = results.map((r) => (r.status === 'fulfilled' ? r.value : r.reason));
      expect(values[0]).toEqual(values[1]);
      expect(values[0]).toEqual({ id: expect.any(String), seriesId: null });
      expect(await countOf(d(), expenses, eq(expenses.groupId, t.groupId))).toBe(1);
    });
  });
}
