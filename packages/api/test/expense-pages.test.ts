import { expenses } from '@dolya/db';
import { SNAPSHOT_MAX_ITEMS } from '@dolya/domain';
import { eq, Placeholder, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { encodeCursor } from '../src/services/expense-cursor';
import { filterQuery } from '../src/services/expense-filter';
import { expensePageSelect } from '../src/services/expense-queries';
import { refusal, trio } from './fixtures';
import { useTestDatabase } from './harness';

const db = useTestDatabase();
const d = () => db.current.db;

type Trio = Awaited<ReturnType<typeof trio>>;

/** Creates expenses named by `names`, each on the given date (or today). */
async function createAll(t: Trio, rows: { name: string; date?: string }[]) {
  const call = await t.alice.call();
  const ids: string[] = [];
  for (const row of rows) {
    const { id } = await call.expenses.create({
      groupId: t.groupId,
      name: row.name,
      amountCents: 3000,
      paidById: t.a,
      ...(row.date ? { date: row.date } : {}),
    });
    ids.push(id);
  }
  return ids;
}

/** Follows nextCursor from the first page to the last; returns the pages. */
async function walk(t: Trio, limit: number) {
  const call = await t.alice.call();
  const pages: { ids: string[]; nextCursor: string | null }[] = [];
  let cursor: string | null = null;
  do {
    const page = await call.expenses.list({ groupId: t.groupId, limit, cursor });
    pages.push({ ids: page.items.map((e) => e.id), nextCursor: page.nextCursor });
    cursor = page.nextCursor;
  } while (cursor && pages.length < 100);
  return pages;
}

describe('expenses.list pages', () => {
  it('runs newest first by date, then by creation; a page of 50 by default, the last page has no cursor', async () => {
    const t = await trio(d());
    const days = Array.from({ length: 53 }, (_, i) => ({
      name: `Day ${i}`,
      date: `2026-01-${String((i % 28) + 1).padStart(2, '0')}`,
    }));
    const ids = await createAll(t, days);
    const first = await (await t.alice.call()).expenses.list({ groupId: t.groupId });
    expect(first.items).toHaveLength(50);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await (await t.alice.call()).expenses.list({
      groupId: t.groupId,
      cursor: first.nextCursor,
    });
    expect(second.items).toHaveLength(3);
    expect(second.nextCursor).toBeNull();

    // The expected order: date descending, and for one date the later-created first.
    const expected = days
      .map((row, i) => ({ id: ids[i]!, date: row.date!, i }))
      .sort((a, b) => (a.date === b.date ? b.i - a.i : a.date < b.date ? 1 : -1))
      .map((row) => row.id);
    expect([...first.items, ...second.items].map((e) => e.id)).toEqual(expected);
  });

  it('breaks ties of date and creation time by id, and a cursor keeps microseconds', async () => {
    const t = await trio(d());
    const ids = await createAll(
      t,
      Array.from({ length: 7 }, (_, i) => ({ name: `Tie ${i}`, date: '2026-03-01' })),
    );
    // Four share one creation instant; the other three are 1 microsecond apart within one millisecond.
    const at = (micro: number) =>
      sql`'2026-03-01T10:00:00.123000Z'::timestamptz + ${micro} * interval '1 microsecond'`;
    for (const [i, id] of ids.entries()) {
      await d()
        .update(expenses)
        .set({ createdAt: at(i < 4 ? 0 : i - 3) as never })
        .where(eq(expenses.id, id));
    }
    const newestFirst = [ids[6]!, ids[5]!, ids[4]!, ...ids.slice(0, 4).sort().reverse()];
    for (const limit of [1, 2, 3, 7]) {
      const pages = await walk(t, limit);
      expect(
        pages.flatMap((p) => p.ids),
        `pages of ${limit}`,
      ).toEqual(newestFirst);
      expect(pages.at(-1)!.nextCursor).toBeNull();
    }
  });

  it('the next page starts after the cursor even when its row was deleted meanwhile, and takes in new older rows', async () => {
    const t = await trio(d());
    const ids = await createAll(
      t,
      ['2026-05-05', '2026-05-04', '2026-05-03', '2026-05-02', '2026-05-01'].map((date) => ({
        name: date,
        date,
      })),
    );
    const call = await t.alice.call();
    const first = await call.expenses.list({ groupId: t.groupId, limit: 2 });
    expect(first.items.map((e) => e.id)).toEqual(ids.slice(0, 2));
    // The last row of the page goes away, and a new expense lands before and one after the cursor.
    await call.expenses.delete({ groupId: t.groupId, expenseId: ids[1]! });
    const [newer] = await createAll(t, [{ name: 'newer', date: '2026-05-06' }]);
    const [older] = await createAll(t, [{ name: 'older', date: '2026-04-30' }]);
    const rest = await call.expenses.list({ groupId: t.groupId, limit: 10, cursor: first.nextCursor });
    expect(rest.items.map((e) => e.id)).toEqual([...ids.slice(2), older]);
    expect(rest.items.map((e) => e.id)).not.toContain(newer);
    expect(rest.nextCursor).toBeNull();
  });

  it('an empty group has one empty page', async () => {
    const t = await trio(d());
    expect(await (await t.alice.call()).expenses.list({ groupId: t.groupId })).toEqual({
      items: [],
      nextCursor: null,
    });
  });

  it('refuses a limit outside 1..200 and any cursor it did not make, naming the field', async () => {
    const t = await trio(d());
    await createAll(t, [{ name: 'One' }]);
    const call = await t.alice.call();
    for (const limit of [0, -1, 201, 1.5]) {
      const refused = await refusal(call.expenses.list({ groupId: t.groupId, limit }));
      expect([refused.appCode, refused.field], String(limit)).toEqual(['VALIDATION_ERROR', 'limit']);
    }
    expect((await call.expenses.list({ groupId: t.groupId, limit: 200 })).items).toHaveLength(1);
    const forged = [
      '',
      'not-base64-json',
      Buffer.from('{"a":1}').toString('base64url'),
      Buffer.from('["2026-01-01", "2026-01-01", "x"]').toString('base64url'),
      encodeCursor({
        date: '2026-02-30T00:00:00.000000Z',
        createdAt: '2026-01-01T00:00:00.000000Z',
        id: t.a,
      }),
      encodeCursor({ date: '2026-01-01T00:00:00.000000Z', createdAt: 'yesterday', id: t.a }),
      'x'.repeat(501),
    ];
    for (const cursor of forged) {
      const refused = await refusal(call.expenses.list({ groupId: t.groupId, cursor }));
      expect([refused.appCode, refused.field], cursor.slice(0, 40)).toEqual(['VALIDATION_ERROR', 'cursor']);
    }
  });

  it('answers outsiders GROUP_NOT_FOUND before looking at the cursor', async () => {
    const t = await trio(d());
    const other = await trio(d());
    const refused = await refusal(
      (await other.alice.call()).expenses.list({ groupId: t.groupId, cursor: 'forged' }),
    );
    expect(refused.appCode).toBe('GROUP_NOT_FOUND');
  });
});

describe('a list row against expenses.get', () => {
  it('leaves out snapshot and participants, and items and split inputs unless asked for; expenses.get has them all', async () => {
    const t = await trio(d());
    const call = await t.alice.call();
    const pizza = {
      name: 'Pizza',
      number: 1,
      amountCents: 3000,
      split: { method: 'members' as const, memberIds: [t.a, t.b] },
    };
    const { id } = await call.expenses.create({
      groupId: t.groupId,
      name: 'Pizza night',
      amountCents: 3000,
      paidById: t.a,
      items: [pizza],
      snapshot: [pizza],
    });
    const full = await call.expenses.get({ groupId: t.groupId, expenseId: id });
    expect(full.snapshot).toEqual([pizza]);
    expect(full.participants).toEqual([t.a, t.b]);

    const [slim] = (await call.expenses.list({ groupId: t.groupId })).items;
    const {
      snapshot: _s,
      participants: _p,
      series: _series,
      items,
      sharesInput,
      percentagesInput,
      ...rest
    } = full;
    expect(slim).toEqual(rest);
    for (const left of ['snapshot', 'items', 'sharesInput', 'percentagesInput'])
      expect(Object.keys(slim!)).not.toContain(left);
    // The participants are the keys of splitCents, in group order.
    expect(Object.keys(slim!.splitCents)).toEqual(full.participants);

    const [withItems] = (await call.expenses.list({ groupId: t.groupId, withItems: true })).items;
    expect(withItems).toEqual({ ...rest, items });
    const [withInputs] = (await call.expenses.list({ groupId: t.groupId, withSplitInputs: true })).items;
    expect(withInputs).toEqual({ ...rest, sharesInput, percentagesInput });
  });

  it('refuses a snapshot of more than 200 items, writing nothing', async () => {
    const t = await trio(d());
    const call = await t.alice.call();
    const line = (n: number) => ({
      name: `Line ${n}`,
      number: 1,
      amountCents: 100,
      split: { method: 'members' as const, memberIds: [t.a] },
    });
    const refused = await refusal(
      call.expenses.create({
        groupId: t.groupId,
        name: 'Big',
        amountCents: 100,
        paidById: t.a,
        snapshot: Array.from({ length: SNAPSHOT_MAX_ITEMS + 1 }, (_, n) => line(n)),
      }),
    );
    expect([refused.appCode, refused.field]).toEqual(['VALIDATION_ERROR', 'snapshot']);
    expect((await call.expenses.list({ groupId: t.groupId })).items).toEqual([]);
    const { id } = await call.expenses.create({
      groupId: t.groupId,
      name: 'Fits',
      amountCents: 100,
      paidById: t.a,
      snapshot: Array.from({ length: SNAPSHOT_MAX_ITEMS }, (_, n) => line(n)),
    });
    expect((await call.expenses.get({ groupId: t.groupId, expenseId: id })).snapshot).toHaveLength(
      SNAPSHOT_MAX_ITEMS,
    );
  });
});

describe('the index behind the list', () => {
  it('serves the first page and a later page of a 10 000-expense group without sorting', async () => {
    if (db.current.kind !== 'postgres') return;
    const t = await trio(d());
    await d().execute(sql`
      insert into expenses (group_id, name, amount_cents, paid_by_member_id, date, split_method)
      select ${t.groupId}, 'Bulk ' || n, 100 + n, ${t.a}, timestamptz '2026-01-01' + n * interval '1 hour', 'shares'
      from generate_series(1, 10000) as n`);
    await d().execute(sql`analyze expenses`);
    const plan = async (where: ReturnType<typeof sql>) => {
      const result = await d().execute<{ 'QUERY PLAN': string }>(sql`
        explain select id from expenses
        where group_id = ${t.groupId} and deleted_at is null ${where}
        order by date desc, created_at desc, id desc limit 51`);
      return (Array.isArray(result) ? result : (result as { rows: { 'QUERY PLAN': string }[] }).rows)
        .map((row) => row['QUERY PLAN'])
        .join('\n');
    };
    const first = await plan(sql``);
    expect(first).toContain('Index Scan using expenses_group_date_idx');
    expect(first).not.toContain('Sort');
    const later = await plan(
      sql`and (date, created_at, id) < (timestamptz '2026-06-01', now(), ${t.a}::uuid)`,
    );
    expect(later).toContain('Index Cond');
    expect(later).toMatch(/Index Cond: \(\(group_id = .*ROW\(date, created_at, id\) </s);
    expect(later).not.toContain('Sort');
  });

  it('keeps the first page on the index when PostgreSQL plans it once for every group', async () => {
    if (db.current.kind !== 'postgres') return;
    // A big group among many small ones: PostgreSQL's one plan for any group (its generic plan)
    // must still walk the index and stop at the page's end. With the LIMIT written into the
    // statement instead of a placeholder, that plan read the big group whole and sorted it.
    const t = await trio(d());
    await d().execute(sql`
      insert into expenses (group_id, name, amount_cents, paid_by_member_id, date, split_method)
      select ${t.groupId}, 'Bulk ' || n, 100 + n, ${t.a}, timestamptz '2026-01-01' + n * interval '1 hour', 'shares'
      from generate_series(1, 10000) as n`);
    await d().execute(sql`
      with small as (
        insert into groups (name, currency) select 'Small ' || n, 'EUR' from generate_series(1, 3000) as n
        returning id),
      seat as (insert into group_members (group_id, name, position) select id, 'Solo', 0 from small
        returning group_id, id)
      insert into expenses (group_id, name, amount_cents, paid_by_member_id, date, split_method)
      select seat.group_id, 'Small', 100, seat.id, timestamptz '2026-01-01' + k * interval '1 day', 'shares'
      from seat, generate_series(1, 4) as k`);
    await d().execute(sql`analyze`);
    const page = expensePageSelect(d(), {
      afterCursor: false,
      filter: filterQuery(undefined),
      withItems: false,
      withSplitInputs: false,
    }).toSQL();
    const values: Record<string, unknown> = { groupId: t.groupId, limit: 51 };
    const literal = (value: unknown) =>
      typeof value === 'number' ? String(value) : `'${String(value).replaceAll("'", "''")}'`;
    const args = page.params.map((param) =>
      literal(param instanceof Placeholder ? values[param.name] : param),
    );
    const plan = await d().transaction(async (tx) => {
      await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
      await tx.execute(sql.raw(`prepare page_plan as ${page.sql}`));
      const result = await tx.execute<{ 'QUERY PLAN': string }>(
        sql.raw(`explain execute page_plan(${args.join(', ')})`),
      );
      await tx.execute(sql`deallocate page_plan`);
      return (result as unknown as { 'QUERY PLAN': string }[]).map((row) => row['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('Index Scan using expenses_group_date_idx');
    expect(plan).not.toContain('Sort');
  });
});
