import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { refusal, trio } from './fixtures';
import { useTestDatabase } from './harness';

const db = useTestDatabase();
const d = () => db.current.db;

type Trio = Awaited<ReturnType<typeof trio>>;
type Filter = NonNullable<
  Parameters<Awaited<ReturnType<Trio['alice']['call']>>['expenses']['list']>[0]['filter']
>;

interface Row {
  name: string;
  notes?: string;
  date: string;
  payer: 'a' | 'b' | 'c';
  /** Who has a part (shares of 1 each). */
  parts: ('a' | 'b' | 'c')[];
  category?: string;
}

async function createAll(t: Trio, rows: Row[]) {
  const call = await t.alice.call();
  const ids: string[] = [];
  for (const row of rows) {
    const { id } = await call.expenses.create({
      groupId: t.groupId,
      name: row.name,
      notes: row.notes ?? null,
      amountCents: 3000,
      paidById: t[row.payer],
      date: row.date,
      category: row.category ?? null,
      splitMethod: 'shares',
      sharesInput: Object.fromEntries(row.parts.map((p) => [t[p], 1])),
    });
    ids.push(id);
  }
  return ids;
}

/** Every matching expense, following the cursors page by page. */
async function searchAll(t: Trio, filter: Filter, limit = 2) {
  const call = await t.alice.call();
  const names: string[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const page = await call.expenses.list({ groupId: t.groupId, limit, cursor, filter });
    names.push(...page.items.map((e) => e.name));
    cursor = page.nextCursor;
    pages++;
  } while (cursor && pages < 100);
  return names;
}

const rows: Row[] = [
  { name: 'Пицца в Казани', date: '2026-01-05', payer: 'a', parts: ['a', 'b'], category: 'food' },
  {
    name: 'Такси',
    notes: 'из аэропорта',
    date: '2026-01-06',
    payer: 'b',
    parts: ['b', 'c'],
    category: 'transport',
  },
  { name: 'Ёлка', date: '2026-01-07', payer: 'a', parts: ['a', 'b', 'c'] },
  { name: 'Hotel KAZAN', date: '2026-01-08', payer: 'c', parts: ['c'], category: 'housing' },
  { name: '50% off_sale', date: '2026-02-01', payer: 'a', parts: ['a'], category: 'shopping' },
  { name: 'Кофе', date: '2026-02-02', payer: 'a', parts: ['a'], category: 'food' },
];

describe('expenses.list with a filter', () => {
  it('finds text in the name or notes, whatever the case, ё as е, newest first across pages', async () => {
    const t = await trio(d());
    await createAll(t, rows);
    expect(await searchAll(t, { text: 'казан' })).toEqual(['Пицца в Казани']);
    expect(await searchAll(t, { text: 'KAZAN' })).toEqual(['Hotel KAZAN']);
    expect(await searchAll(t, { text: 'КАЗАН' })).toEqual(['Пицца в Казани']);
    expect(await searchAll(t, { text: 'аэропорт' })).toEqual(['Такси']);
    expect(await searchAll(t, { text: 'елка' })).toEqual(['Ёлка']);
    expect(await searchAll(t, { text: 'ЁЛКА' })).toEqual(['Ёлка']);
    expect(await searchAll(t, { text: '  такси  ' })).toEqual(['Такси']);
    expect(await searchAll(t, { text: '' }, 50)).toHaveLength(rows.length);
  });

  it('takes %, _ and \\ as the characters themselves', async () => {
    const t = await trio(d());
    await createAll(t, rows);
    expect(await searchAll(t, { text: '50%' })).toEqual(['50% off_sale']);
    expect(await searchAll(t, { text: '%' })).toEqual(['50% off_sale']);
    expect(await searchAll(t, { text: '_' })).toEqual(['50% off_sale']);
    expect(await searchAll(t, { text: 'f_s' })).toEqual(['50% off_sale']);
    expect(await searchAll(t, { text: 'o%f' })).toEqual([]);
    expect(await searchAll(t, { text: '\\' })).toEqual([]);
  });

  it('filters by a member who paid or has a part, by category and by calendar days', async () => {
    const t = await trio(d());
    await createAll(t, rows);
    expect(await searchAll(t, { memberId: t.c })).toEqual(['Hotel KAZAN', 'Ёлка', 'Такси']);
    expect(await searchAll(t, { memberId: t.b })).toEqual(['Ёлка', 'Такси', 'Пицца в Казани']);
    expect(await searchAll(t, { categoryId: 'food' })).toEqual(['Кофе', 'Пицца в Казани']);
    expect(await searchAll(t, { dateFrom: '2026-01-06', dateTo: '2026-01-07' })).toEqual(['Ёлка', 'Такси']);
    expect(await searchAll(t, { dateFrom: '2026-02-01' })).toEqual(['Кофе', '50% off_sale']);
    expect(await searchAll(t, { dateTo: '2026-01-05' })).toEqual(['Пицца в Казани']);
    expect(await searchAll(t, { memberId: t.a, categoryId: 'food', text: 'пиц' })).toEqual([
      'Пицца в Казани',
    ]);
  });

  it('reads the days in the viewer’s time zone', async () => {
    const t = await trio(d());
    // 22:30 UTC on the 5th is already the 6th in Moscow (UTC+3).
    await createAll(t, [{ name: 'Late', date: '2026-01-05T22:30:00Z', payer: 'a', parts: ['a'] }]);
    expect(await searchAll(t, { dateFrom: '2026-01-06', dateTo: '2026-01-06' })).toEqual([]);
    expect(
      await searchAll(t, { dateFrom: '2026-01-06', dateTo: '2026-01-06', timeZone: 'Europe/Moscow' }),
    ).toEqual(['Late']);
    expect(await searchAll(t, { dateTo: '2026-01-05', timeZone: 'Europe/Moscow' })).toEqual([]);
  });

  it('leaves deleted expenses out', async () => {
    const t = await trio(d());
    const [pizza] = await createAll(t, rows);
    await (await t.alice.call()).expenses.delete({ groupId: t.groupId, expenseId: pizza! });
    expect(await searchAll(t, { text: 'пицц' })).toEqual([]);
  });

  it('refuses a range that ends before it starts, an unknown zone and too long a text, with the field', async () => {
    const t = await trio(d());
    const call = await t.alice.call();
    const bad: [Filter, string][] = [
      [{ dateFrom: '2026-02-01', dateTo: '2026-01-01' }, 'filter.dateTo'],
      [{ dateFrom: '2026-02-30' }, 'filter.dateFrom'],
      [{ timeZone: 'Mars/Olympus' }, 'filter.timeZone'],
      [{ text: 'x'.repeat(101) }, 'filter.text'],
      [{ memberId: 'not-an-id' }, 'filter.memberId'],
    ];
    for (const [filter, field] of bad) {
      const error = await refusal(call.expenses.list({ groupId: t.groupId, filter }));
      expect(error.appCode, JSON.stringify(filter)).toBe('VALIDATION_ERROR');
      expect(error.field, JSON.stringify(filter)).toBe(field);
    }
  });

  it('gives an outsider the 404 before looking at the filter', async () => {
    const t = await trio(d());
    const other = await trio(d());
    const error = await refusal(
      (await other.alice.call()).expenses.list({ groupId: t.groupId, filter: { text: 'x', memberId: t.a } }),
    );
    expect(error.appCode).toBe('GROUP_NOT_FOUND');
  });

  it('pages through exactly the matching expenses, whatever the page size (property)', async () => {
    const t = await trio(d());
    const all = Array.from({ length: 24 }, (_, i) => ({
      name: `${['Обед', 'Taxi', 'Кино'][i % 3]} ${i}`,
      // Several on one day, so the cursor's creation time and id break ties.
      date: `2026-03-${String((i % 5) + 1).padStart(2, '0')}`,
      payer: (['a', 'b', 'c'] as const)[i % 3]!,
      parts: [(['a', 'b', 'c'] as const)[(i + 1) % 3]!],
      category: i % 4 === 0 ? 'food' : undefined,
    }));
    await createAll(t, all);
    const everything = await searchAll(t, {}, 200);
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          text: fc.constantFrom(undefined, 'обед', 'TAXI', '1', 'кино 2'),
          member: fc.constantFrom(undefined, 'a', 'b', 'c'),
          categoryId: fc.constantFrom(undefined, 'food'),
          dateFrom: fc.constantFrom(undefined, '2026-03-02'),
          dateTo: fc.constantFrom(undefined, '2026-03-04'),
        }),
        fc.integer({ min: 1, max: 7 }),
        async (f, limit) => {
          const filter: Filter = {
            ...(f.text ? { text: f.text } : {}),
            ...(f.member ? { memberId: t[f.member as 'a' | 'b' | 'c'] } : {}),
            ...(f.categoryId ? { categoryId: f.categoryId } : {}),
            ...(f.dateFrom ? { dateFrom: f.dateFrom } : {}),
            ...(f.dateTo ? { dateTo: f.dateTo } : {}),
          };
          const expected = everything.filter((name) => {
            const row = all.find((r) => r.name === name)!;
            const member = f.member as 'a' | 'b' | 'c' | undefined;
            return (
              (!f.text || row.name.toLowerCase().includes(f.text.toLowerCase())) &&
              (!member || row.payer === member || row.parts.includes(member)) &&
              (!f.categoryId || row.category === f.categoryId) &&
              (!f.dateFrom || row.date >= f.dateFrom) &&
              (!f.dateTo || row.date <= f.dateTo)
            );
          });
          expect(await searchAll(t, filter, limit)).toEqual(expected);
        },
      ),
      { numRuns: 25 },
    );
  });
});
