import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { listedExpenseSchema } from '../src/rest/schemas';
import { client, useServer } from './harness';
import {
  type Client,
  createGroup,
  expectError,
  json,
  type ListedExpense,
  signUp,
  type User,
} from './helpers';

describe('GET /api/groups/{id}/expenses in pages', () => {
  const server = useServer();
  const app = () => server.app;
  let ann: { c: Client; user: User };
  let olga: { c: Client; user: User };
  let groupId: string;
  let me: string;
  /** A recognised receipt as REST sends it: JSON text of items in the spec's shape. */
  const receiptSnapshot = () =>
    JSON.stringify([
      { name: 'Pizza', number: 1, amount: 12.5, splitMethod: 'members', splitJson: JSON.stringify([me]) },
    ]);
  /** Newest first, as the whole list answers. */
  let all: ListedExpense[];

  beforeAll(async () => {
    ann = await signUp(app, 'Ann');
    olga = await signUp(app, 'Olga');
    const g = await createGroup(ann.c, ['Bob']);
    groupId = g.id;
    me = g.meId;
    // 250 expenses the quick way (more than one internal page of 200), and two through the API,
    // one with a receipt and a snapshot.
    await server.db.db.execute(sql`
      insert into expenses (group_id, name, amount_cents, paid_by_member_id, date, split_method)
      select ${groupId}, 'Bulk ' || n, n, ${me}, timestamptz '2025-01-01' + n * interval '1 hour', 'shares'
      from generate_series(1, 250) as n`);
    for (const name of ['Receipt', 'Plain']) {
      const res = await ann.c.post(`/api/groups/${groupId}/expenses`, {
        name,
        amount: '12,50',
        paidById: me,
        date: '2026-01-01',
        snapshot: receiptSnapshot(),
        items:
          name === 'Receipt'
            ? [{ name: 'Pizza', amount: '12,50', splitMethod: 'members', splitJson: `["${me}"]` }]
            : [],
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    }
    const whole = await ann.c.get(`/api/groups/${groupId}/expenses`);
    expect(whole.status).toBe(200);
    all = json<ListedExpense[]>(whole);
  });

  it('without limit answers the whole list as one JSON array, rows without snapshot, items kept', async () => {
    const res = await ann.c.get(`/api/groups/${groupId}/expenses`);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers.link).toBeUndefined();
    expect(all).toHaveLength(252);
    z.array(z.strictObject(listedExpenseSchema.shape)).parse(all);
    expect(all.slice(0, 2).map((e) => e.name)).toEqual(['Plain', 'Receipt']);
    expect(all[1]!.items.map((i) => [i.name, i.amount])).toEqual([['Pizza', 12.5]]);
    expect(all.every((e) => !('snapshot' in e))).toBe(true);
    expect(all.at(-1)!.name).toBe('Bulk 1');
    expect(new Set(all.map((e) => e.id)).size).toBe(252);
  });

  it('with limit answers pages linked by rel="next" until the last, which links nowhere', async () => {
    const seen: ListedExpense[] = [];
    let url: string | undefined = `/api/groups/${groupId}/expenses?limit=60`;
    let pages = 0;
    while (url) {
      const res = await ann.c.get(url);
      expect(res.status).toBe(200);
      const page = json<ListedExpense[]>(res);
      expect(Array.isArray(page)).toBe(true);
      seen.push(...page);
      pages += 1;
      const link = res.headers.link as string | undefined;
      if (pages < 5) {
        expect(page).toHaveLength(60);
        expect(link).toMatch(
          new RegExp(`^</api/groups/${groupId}/expenses\\?limit=60&cursor=[A-Za-z0-9_-]+>; rel="next"$`),
        );
      } else {
        expect(page).toHaveLength(12);
        expect(link).toBeUndefined();
      }
      url = link?.match(/^<([^>]+)>/)?.[1];
    }
    expect(pages).toBe(5);
    expect(seen).toEqual(all);
  });

  it('a cursor alone gives a page of 50 after it', async () => {
    const first = await ann.c.get(`/api/groups/${groupId}/expenses?limit=2`);
    const cursor = (first.headers.link as string).match(/cursor=([^>]+)>/)![1]!;
    const rest = await ann.c.get(`/api/groups/${groupId}/expenses?cursor=${cursor}`);
    expect(json<ListedExpense[]>(rest)).toEqual(all.slice(2, 52));
    expect(rest.headers.link).toMatch(/limit=50&cursor=/);
  });

  it('refuses a limit outside 1..200 or not a whole number, and a cursor it did not make, naming the field', async () => {
    for (const limit of ['0', '201', '-1', '1.5', 'abc', '', '1e2', '0050000']) {
      expectError(
        await ann.c.get(`/api/groups/${groupId}/expenses?limit=${limit}`),
        400,
        'VALIDATION_ERROR',
        'limit',
      );
    }
    expectError(
      await ann.c.get(`/api/groups/${groupId}/expenses?limit=1&limit=2`),
      400,
      'VALIDATION_ERROR',
      'limit',
    );
    expect(json<unknown[]>(await ann.c.get(`/api/groups/${groupId}/expenses?limit=200`))).toHaveLength(200);
    expect(json<unknown[]>(await ann.c.get(`/api/groups/${groupId}/expenses?limit=1`))).toHaveLength(1);
    for (const cursor of ['nope', 'W10', `${'A'.repeat(600)}`]) {
      expectError(
        await ann.c.get(`/api/groups/${groupId}/expenses?limit=5&cursor=${cursor}`),
        400,
        'VALIDATION_ERROR',
        'cursor',
      );
    }
    expectError(
      await ann.c.get(`/api/groups/${groupId}/expenses?cursor=a&cursor=b`),
      400,
      'VALIDATION_ERROR',
      'cursor',
    );
  });

  it('answers 401 signed out and 404 to outsiders before judging the query', async () => {
    expectError(await client(app).get(`/api/groups/${groupId}/expenses?limit=0`), 401, 'UNAUTHORIZED');
    expectError(await olga.c.get(`/api/groups/${groupId}/expenses?limit=0`), 404, 'GROUP_NOT_FOUND');
    expectError(
      await olga.c.get(`/api/groups/${groupId}/expenses?limit=5&cursor=nope`),
      404,
      'GROUP_NOT_FOUND',
    );
    expectError(await olga.c.get(`/api/groups/${groupId}/expenses`), 404, 'GROUP_NOT_FOUND');
  });

  it('searches with q, member, category, from, to and tz; the next link keeps the search', async () => {
    const bulk2 = (n: number) => all.filter((e) => e.name.startsWith(`Bulk ${n}`));
    const seen: ListedExpense[] = [];
    let url: string | undefined = `/api/groups/${groupId}/expenses?limit=4&q=${encodeURIComponent('BULK 2')}`;
    while (url) {
      const res = await ann.c.get(url);
      expect(res.status).toBe(200);
      seen.push(...json<ListedExpense[]>(res));
      const link = res.headers.link as string | undefined;
      if (link) expect(link).toMatch(/&q=BULK\+2>; rel="next"$/);
      url = link?.match(/^<([^>]+)>/)?.[1];
    }
    expect(seen).toEqual(bulk2(2));
    // Without limit: the whole matching list.
    expect(json<ListedExpense[]>(await ann.c.get(`/api/groups/${groupId}/expenses?q=plain`))).toEqual(
      all.filter((e) => e.name === 'Plain'),
    );
    const day = json<ListedExpense[]>(
      await ann.c.get(`/api/groups/${groupId}/expenses?from=2025-01-02&to=2025-01-02&tz=UTC`),
    );
    // Bulk n is at n hours past 2025-01-01 00:00 UTC: the 2nd holds n = 24..47.
    expect(day.map((e) => e.name)).toEqual(Array.from({ length: 24 }, (_, i) => `Bulk ${47 - i}`));
    expect(
      json<ListedExpense[]>(await ann.c.get(`/api/groups/${groupId}/expenses?member=${me}&limit=3`)),
    ).toEqual(all.slice(0, 3));
    expect(json<unknown[]>(await ann.c.get(`/api/groups/${groupId}/expenses?category=food`))).toEqual([]);
  });

  it('refuses a bad search parameter naming it', async () => {
    const bad: [string, string][] = [
      [`from=2025-02-30`, 'from'],
      [`from=2025-02-02&to=2025-02-01`, 'to'],
      [`tz=Mars/Olympus&from=2025-01-01`, 'tz'],
      [`member=nope`, 'member'],
      [`q=${'x'.repeat(101)}`, 'q'],
      [`q=a&q=b`, 'q'],
    ];
    for (const [query, field] of bad) {
      expectError(
        await ann.c.get(`/api/groups/${groupId}/expenses?${query}`),
        400,
        'VALIDATION_ERROR',
        field,
      );
      expectError(
        await ann.c.get(`/api/groups/${groupId}/expenses?limit=5&${query}`),
        400,
        'VALIDATION_ERROR',
        field,
      );
    }
    expectError(await olga.c.get(`/api/groups/${groupId}/expenses?member=nope`), 404, 'GROUP_NOT_FOUND');
  });

  it('GET /api/groups/expenses/{id} gives one expense in full, snapshot included; 404 to outsiders', async () => {
    const receipt = all[1]!;
    const res = await ann.c.get(`/api/groups/expenses/${receipt.id}`);
    expect(res.status).toBe(200);
    // One expense also says whether it repeats (issue 28): not this one.
    expect(res.body).toEqual({ ...receipt, snapshot: receiptSnapshot(), recurrence: null, nextDate: null });
    expectError(await olga.c.get(`/api/groups/expenses/${receipt.id}`), 404, 'EXPENSE_NOT_FOUND');
    expectError(await client(app).get(`/api/groups/expenses/${receipt.id}`), 401, 'UNAUTHORIZED');
  });

  it('refuses a snapshot of more than 200 items with 400 on the snapshot field, and takes one of 200', async () => {
    const lines = (count: number) =>
      JSON.stringify(
        Array.from({ length: count }, (_, n) => ({
          name: `Line ${n}`,
          number: 1,
          amount: 1,
          splitMethod: 'members',
          splitJson: JSON.stringify([me]),
        })),
      );
    const body = (snapshot: string) => ({ name: 'Receipt', amount: 1, paidById: me, snapshot });
    expectError(
      await ann.c.post(`/api/groups/${groupId}/expenses`, body(lines(201))),
      400,
      'VALIDATION_ERROR',
      'snapshot',
    );
    const created = await ann.c.post(`/api/groups/${groupId}/expenses`, body(lines(200)));
    expect(created.status).toBe(201);
    const id = json<{ id: string }>(created).id;
    const stored = json<{ snapshot: string }>(await ann.c.get(`/api/groups/expenses/${id}`)).snapshot;
    expect(JSON.parse(stored)).toHaveLength(200);
    expect((await ann.c.delete(`/api/groups/expenses/${id}`)).status).toBe(204);
  });
});
