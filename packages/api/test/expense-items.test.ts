import { randomInt } from 'node:crypto';
import type { ItemSplit } from '@dolya/domain';
import { describe, expect, it } from 'vitest';
import { linkedBot } from './actors';
import { type Caller, refusal, snapshot, trio, unknownId } from './fixtures';
import { useTestDatabase } from './harness';

const db = useTestDatabase();
const d = () => db.current.db;

type CreateInput = Parameters<Caller['expenses']['create']>[0];
type UpdateInput = Parameters<Caller['expenses']['update']>[0];
type Item = NonNullable<CreateInput['items']>[number];

const item = (name: string, amountCents: number, split: ItemSplit, extra: Partial<Item> = {}): Item => ({
  name,
  amountCents,
  split,
  ...extra,
});

/** Alice (admin), Bob (an ordinary member) and Carl (no account), in that group order. */
async function setup() {
  const t = await trio(d());
  const as = (who: 'alice' | 'bob') => t[who].call();
  const get = async (expenseId: string) =>
    (await as('alice')).expenses.get({ groupId: t.groupId, expenseId });
  /** A receipt: pizza for Alice and Bob, wine by percentages, juice for Carl. */
  const receipt = (): Item[] => [
    item('Pizza', 1001, { method: 'members', memberIds: [t.b, t.a] }),
    item('Wine', 2000, { method: 'percentages', percents: { [t.a]: 50, [t.b]: 25, [t.c]: 25 } }),
    item('Juice', 300, { method: 'members', memberIds: [t.c] }),
  ];
  const create = async (who: 'alice' | 'bob', over: Partial<CreateInput> = {}) =>
    (await as(who)).expenses.create({
      groupId: t.groupId,
      name: 'Dinner',
      amountCents: 3301,
      paidById: t.a,
      items: receipt(),
      ...over,
    });
  /** The stored expense sent back with changes, as the edit form does. */
  const update = async (who: 'alice' | 'bob', expenseId: string, change: Partial<UpdateInput> = {}) => {
    const { snapshot: _snapshot, ...stored } = await get(expenseId);
    return (await as(who)).expenses.update({ ...stored, expenseId, ...change });
  };
  return { ...t, as, get, receipt, create, update };
}

describe('an expense split by its items', () => {
  it('derives amounts mode and every member’s part from the items, exactly', async () => {
    const s = await setup();
    const { id } = await s.create('alice', {
      // The client's own split is ignored once items are assigned.
      splitMethod: 'shares',
      sharesInput: { [s.a]: 1 },
    });
    const expense = await s.get(id);
    // Pizza 501/500 (the cent to Alice, first in group order), wine 1000/500/500, juice 300 to Carl.
    expect(expense).toMatchObject({
      amountCents: 3301,
      splitMethod: 'amounts',
      sharesInput: null,
      splitCents: { [s.a]: 1501, [s.b]: 1000, [s.c]: 800 },
      participants: [s.a, s.b, s.c],
    });
    const balances = await (await s.as('alice')).balances.get({ groupId: s.groupId });
    expect(balances.members.map((m) => [m.memberId, m.owedCents])).toEqual([
      [s.a, 1501],
      [s.b, 1000],
      [s.c, 800],
    ]);
  });

  it('takes an amounts split a cent short, the cent to the first member in group order', async () => {
    const s = await setup();
    const { id } = await s.create('alice', {
      amountCents: 1000,
      items: [item('Cake', 1000, { method: 'amounts', cents: { [s.c]: 500, [s.b]: 499 } })],
    });
    expect((await s.get(id)).splitCents).toEqual({ [s.b]: 500, [s.c]: 500 });
  });

  it('leaves items nobody is on unallocated, and without any assignment keeps the typed split', async () => {
    const s = await setup();
    const partly = await s.create('alice', {
      amountCents: 1500,
      items: [
        item('Bread', 1000, { method: 'members', memberIds: [s.b] }),
        item('Water', 500, { method: 'members', memberIds: [] }),
      ],
    });
    expect(await s.get(partly.id)).toMatchObject({ amountCents: 1500, splitCents: { [s.b]: 1000 } });
    const listOnly = await s.create('alice', {
      amountCents: 900,
      sharesInput: { [s.a]: 1, [s.b]: 2 },
      items: [item('Water', 500, { method: 'members', memberIds: [] })],
    });
    expect(await s.get(listOnly.id)).toMatchObject({
      amountCents: 900,
      splitMethod: 'shares',
      splitCents: { [s.a]: 300, [s.b]: 600 },
    });
  });

  it.each<[string, (s: Awaited<ReturnType<typeof setup>>) => Partial<CreateInput>, string, string]>([
    ['an amount that is not the items’ sum', () => ({ amountCents: 3300 }), 'VALIDATION_ERROR', 'amount'],
    [
      'amounts above their item',
      (s) => ({
        items: [...s.receipt().slice(0, 2), item('Juice', 300, { method: 'amounts', cents: { [s.c]: 301 } })],
      }),
      'INVALID_SPLIT',
      'items.2.split',
    ],
    [
      'amounts two cents short',
      (s) => ({
        items: [...s.receipt().slice(0, 2), item('Juice', 300, { method: 'amounts', cents: { [s.c]: 298 } })],
      }),
      'INVALID_SPLIT',
      'items.2.split',
    ],
    [
      'percentages that do not make 100',
      (s) => ({
        items: [
          ...s.receipt().slice(0, 2),
          item('Juice', 300, { method: 'percentages', percents: { [s.c]: 50, [s.a]: 49.8 } }),
        ],
      }),
      'INVALID_SPLIT',
      'items.2.split',
    ],
    [
      'percentages with 3 decimals',
      (s) => ({
        items: [
          ...s.receipt().slice(0, 2),
          item('Juice', 300, { method: 'percentages', percents: { [s.c]: 50.005, [s.a]: 49.995 } }),
        ],
      }),
      'INVALID_SPLIT',
      'items.2.split',
    ],
    [
      'shares nobody has',
      (s) => ({
        items: [...s.receipt().slice(0, 2), item('Juice', 300, { method: 'shares', shares: { [s.c]: 0 } })],
      }),
      'INVALID_SPLIT',
      'items.2.split',
    ],
    [
      'someone outside the group',
      (s) => ({
        items: [
          ...s.receipt().slice(0, 2),
          item('Juice', 300, { method: 'members', memberIds: [unknownId()] }),
        ],
      }),
      'INVALID_MEMBER',
      'items.2.split',
    ],
    [
      'items on a settlement',
      (s) => ({ settlement: true, settlementToId: s.b }),
      'VALIDATION_ERROR',
      'items',
    ],
    [
      'an item id on a new expense',
      (s) => ({ items: [item('Pizza', 3301, { method: 'members', memberIds: [s.a] }, { id: unknownId() })] }),
      'VALIDATION_ERROR',
      'items.0.id',
    ],
  ])('refuses %s with the field at fault, writing nothing', async (_, change, code, field) => {
    const s = await setup();
    const before = await snapshot(d());
    expect(await refusal(s.create('alice', change(s)))).toMatchObject({ appCode: code, field, status: 400 });
    expect(await snapshot(d())).toEqual(before);
  });
});

describe('expenses.update with items', () => {
  it('keeps the ids of items sent with one, removes the ones left out, adds the new ones', async () => {
    const s = await setup();
    const { id } = await s.create('alice');
    const [pizza, wine] = (await s.get(id)).items;
    const result = await s.update('alice', id, {
      amountCents: 2901,
      items: [
        { ...wine!, amountCents: 1800 },
        { ...pizza!, name: 'Big pizza' },
        item('Tip', 100, { method: 'members', memberIds: [s.b] }),
      ],
    });
    expect(result.version).toBe(2);
    const items = (await s.get(id)).items;
    expect(items.map((i) => [i.id, i.name, i.amountCents])).toEqual([
      [wine!.id, 'Wine', 1800],
      [pizza!.id, 'Big pizza', 1001],
      [expect.any(String), 'Tip', 100],
    ]);
    expect([wine!.id, pizza!.id]).not.toContain(items[2]!.id);
    // Wine 900/450/450, pizza 501/500, tip 100 to Bob.
    expect((await s.get(id)).splitCents).toEqual({ [s.a]: 1401, [s.b]: 1050, [s.c]: 450 });
  });

  it('without items keeps them, and the splits still follow from them', async () => {
    const s = await setup();
    const { id } = await s.create('alice');
    const { snapshot: _s, items: _i, ...stored } = await s.get(id);
    await (await s.as('alice')).expenses.update({
      ...stored,
      expenseId: id,
      name: 'Renamed',
      splitMethod: 'shares',
      sharesInput: { [s.c]: 1 },
    });
    expect(await s.get(id)).toMatchObject({
      name: 'Renamed',
      splitMethod: 'amounts',
      splitCents: { [s.a]: 1501, [s.b]: 1000, [s.c]: 800 },
    });
    expect((await s.get(id)).items).toHaveLength(3);
    const { snapshot: _s2, items: _i2, ...now } = await s.get(id);
    const error = await refusal(
      (await s.as('alice')).expenses.update({ ...now, expenseId: id, amountCents: 5000 }),
    );
    expect(error).toMatchObject({ appCode: 'VALIDATION_ERROR', field: 'amount' });
  });

  it('refuses an id of another expense’s item, or one item twice, writing nothing', async () => {
    const s = await setup();
    const { id } = await s.create('alice');
    const other = await s.create('alice');
    const [foreign] = (await s.get(other.id)).items;
    const [pizza, wine, juice] = (await s.get(id)).items;
    const before = await snapshot(d());
    const stolen = await refusal(
      s.update('alice', id, { items: [pizza!, wine!, { ...juice!, id: foreign!.id }] }),
    );
    expect(stolen).toMatchObject({ appCode: 'VALIDATION_ERROR', field: 'items.2.id' });
    const twice = await refusal(
      s.update('alice', id, { items: [pizza!, wine!, { ...juice!, id: pizza!.id }] }),
    );
    expect(twice).toMatchObject({ appCode: 'VALIDATION_ERROR', field: 'items.2.id' });
    const badSplit = await refusal(
      s.update('alice', id, {
        items: [pizza!, wine!, { ...juice!, split: { method: 'amounts', cents: { [s.c]: 200 } } }],
      }),
    );
    expect(badSplit).toMatchObject({ appCode: 'INVALID_SPLIT', field: 'items.2.split' });
    expect(await snapshot(d())).toEqual(before);
  });
});

describe('the item menu: a group admin or the expense’s creator', () => {
  it('lets any member press member chips on someone else’s expense', async () => {
    const s = await setup();
    const { id } = await s.create('alice');
    const [pizza, wine, juice] = (await s.get(id)).items;
    // Bob joins the juice, and leaves the wine (a percentages split becomes a members split).
    await s.update('bob', id, {
      items: [
        pizza!,
        { ...wine!, split: { method: 'members', memberIds: [s.a, s.c] } },
        { ...juice!, split: { method: 'members', memberIds: [s.b, s.c] } },
      ],
    });
    expect((await s.get(id)).splitCents).toEqual({ [s.a]: 1501, [s.b]: 650, [s.c]: 1150 });
    // Anything else of the expense stays his to change, items untouched.
    await s.update('bob', id, { name: 'Bob renamed it' });
    expect((await s.get(id)).name).toBe('Bob renamed it');
  });

  it.each<[string, (items: Item[], s: Awaited<ReturnType<typeof setup>>) => Partial<UpdateInput>, string]>([
    ['renaming an item', ([p, w, j]) => ({ items: [{ ...p!, name: 'Pie' }, w!, j!] }), 'items.0'],
    ['changing its quantity', ([p, w, j]) => ({ items: [p!, { ...w!, number: 2 }, j!] }), 'items.1'],
    [
      'changing its amount',
      ([p, w, j]) => ({ amountCents: 3302, items: [p!, w!, { ...j!, amountCents: 301 }] }),
      'items.2',
    ],
    ['deleting an item', ([p, w]) => ({ amountCents: 3001, items: [p!, w!] }), 'items'],
    [
      'adding an item',
      ([p, w, j], s) => ({
        amountCents: 3401,
        items: [p!, w!, j!, item('Tip', 100, { method: 'members', memberIds: [s.b] })],
      }),
      'items',
    ],
    ['reordering the items', ([p, w, j]) => ({ items: [w!, p!, j!] }), 'items.0'],
    [
      'splitting an item by shares',
      ([p, w, j], s) => ({
        items: [p!, w!, { ...j!, split: { method: 'shares', shares: { [s.b]: 1, [s.c]: 2 } } }],
      }),
      'items.2.split',
    ],
    [
      'changing a percentages split',
      ([p, w, j], s) => ({
        items: [p!, { ...w!, split: { method: 'percentages', percents: { [s.a]: 50, [s.b]: 50 } } }, j!],
      }),
      'items.1.split',
    ],
  ])('is needed for %s: FORBIDDEN, and nothing is written', async (_, change, field) => {
    const s = await setup();
    const { id } = await s.create('alice');
    const items = (await s.get(id)).items;
    const before = await snapshot(d());
    expect(await refusal(s.update('bob', id, change(items, s)))).toMatchObject({
      appCode: 'FORBIDDEN',
      status: 403,
      field,
    });
    expect(await snapshot(d())).toEqual(before);
  });

  it('is open to the creator on their own expense and to an admin on anyone’s', async () => {
    const s = await setup();
    const bobs = await s.create('bob');
    const [pizza, wine, juice] = (await s.get(bobs.id)).items;
    await s.update('bob', bobs.id, {
      amountCents: 3300,
      items: [pizza!, { ...wine!, name: 'Red wine' }, { ...juice!, amountCents: 299 }],
    });
    await s.update('alice', bobs.id, { amountCents: 1001, items: [pizza!] });
    expect((await s.get(bobs.id)).items.map((i) => i.name)).toEqual(['Pizza']);
  });
});

describe('the snapshot: the items as first recognised', () => {
  const recognised = (s: Awaited<ReturnType<typeof setup>>) => [
    {
      name: 'Pizza',
      number: 1,
      amountCents: 1001,
      split: { method: 'members' as const, memberIds: [s.a, s.b] },
    },
  ];

  it('is set on create, returned by expenses.get and not in the list, and kept through edits', async () => {
    const s = await setup();
    const { id } = await s.create('alice', { snapshot: recognised(s) });
    expect((await s.get(id)).snapshot).toEqual(recognised(s));
    const listed = await (await s.as('alice')).expenses.list({ groupId: s.groupId });
    expect(listed.items.find((e) => e.id === id)).not.toHaveProperty('snapshot');

    const [pizza] = (await s.get(id)).items;
    // Left out, or sent back as it is: kept.
    await s.update('alice', id, { amountCents: 1001, items: [pizza!] });
    await s.update('alice', id, { name: 'Echo', snapshot: recognised(s) });
    expect((await s.get(id)).snapshot).toEqual(recognised(s));
  });

  it('cannot be changed or cleared by an update: 400 on snapshot, nothing written', async () => {
    const s = await setup();
    const { id } = await s.create('alice', { snapshot: recognised(s) });
    const none = await s.create('alice');
    const before = await snapshot(d());
    for (const [expenseId, sent] of [
      [id, [{ ...recognised(s)[0]!, amountCents: 1000 }]],
      [id, []],
      [id, null],
      [none.id, recognised(s)],
    ] as const) {
      expect(await refusal(s.update('alice', expenseId, { snapshot: sent as never }))).toMatchObject({
        appCode: 'VALIDATION_ERROR',
        field: 'snapshot',
      });
    }
    expect(await snapshot(d())).toEqual(before);
  });

  it('is checked like items when given on create', async () => {
    const s = await setup();
    const bad = [
      {
        name: 'Pizza',
        number: 1,
        amountCents: 100,
        split: { method: 'members' as const, memberIds: [unknownId()] },
      },
    ];
    expect(await refusal(s.create('alice', { snapshot: bad }))).toMatchObject({
      appCode: 'INVALID_SPLIT',
      field: 'snapshot.0.split',
    });
  });

  it('comes from the bot draft when the web form saves it, whatever the form sends', async () => {
    const s = await setup();
    const bot = await linkedBot(d(), s.alice.user.id);
    const { draft } = await (await bot()).bot.drafts.create({
      chatId: `-100${randomInt(1, 2 ** 40)}`,
      messageId: String(randomInt(1, 2 ** 40)),
      groupId: s.groupId,
      proposal: {
        name: 'Чек',
        amountCents: 1300,
        payerId: s.a,
        participantIds: [],
        items: [
          { name: 'Пицца', amountCents: 1000, participantIds: [s.a, s.b] },
          { name: 'Сок', amountCents: 300, participantIds: [s.c] },
        ],
        sourceText: 'пицца 10 я, Боб\nсок 3 Карл',
      },
    });
    const { id } = await s.create('alice', {
      draftId: draft.id,
      name: 'Чек',
      amountCents: 1300,
      items: [
        item('Пицца', 1000, { method: 'members', memberIds: [s.a] }),
        item('Сок', 300, { method: 'members', memberIds: [s.c] }),
      ],
      snapshot: recognised(s),
    });
    const expense = await s.get(id);
    expect(expense.snapshot).toEqual([
      { name: 'Пицца', number: 1, amountCents: 1000, split: { method: 'members', memberIds: [s.a, s.b] } },
      { name: 'Сок', number: 1, amountCents: 300, split: { method: 'members', memberIds: [s.c] } },
    ]);
    expect(expense.splitCents).toEqual({ [s.a]: 1000, [s.c]: 300 });
  });
});
