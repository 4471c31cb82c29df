import { describe, expect, it } from 'vitest';
import {
  addItem,
  assignAll,
  deleteItem,
  editItem,
  type FormItem,
  isOnItem,
  itemsAssigned,
  itemsFromBotDraft,
  itemsToApi,
  itemTotals,
  removeAll,
  setItemSplit,
  toggleMemberOnItem,
} from '../src/features/expense/items-model';
import {
  draftFromBotDraft,
  draftFromExpense,
  type ExpenseDraft,
  effectiveDraft,
  type FormMember,
  formMembers,
  newDraft,
  splitByItems,
  toApiInput,
} from '../src/features/expense/model';
import type { BotDraft, Expense } from '../src/lib/api-types';

const ME = '00000000-0000-4000-8000-000000000001';
const ANYA = '00000000-0000-4000-8000-000000000002';
const BORYA = '00000000-0000-4000-8000-000000000003';
const GONE = '00000000-0000-4000-8000-000000000009';
const members: FormMember[] = [
  { id: ME, name: 'Демо', share: 1, isCurrentUser: true, removed: false },
  { id: ANYA, name: 'Аня', share: 1, isCurrentUser: false, removed: false },
  { id: BORYA, name: 'Боря', share: 1, isCurrentUser: false, removed: false },
];
const order = members.map((m) => m.id);

/** Pizza for Аня and Боря, wine by percentages, dessert nobody is on yet. */
function receipt(): FormItem[] {
  let items = addItem([], { name: 'Пицца', number: 1, amountCents: 80_001 });
  items = addItem(items, { name: 'Вино', number: 2, amountCents: 120_000 });
  items = addItem(items, { name: 'Десерт', number: 1, amountCents: 35_000 });
  const [pizza, wine] = items;
  items = toggleMemberOnItem(items, pizza!.key, BORYA, order);
  items = toggleMemberOnItem(items, pizza!.key, ANYA, order);
  return setItemSplit(items, wine!.key, {
    method: 'percentages',
    percents: { [ME]: 50, [ANYA]: 25, [BORYA]: 25 },
  });
}

function draft(items: FormItem[], patch: Partial<ExpenseDraft> = {}): ExpenseDraft {
  return { ...newDraft(members, new Date(2026, 0, 5, 9)), name: 'Чек', amount: '1', items, ...patch };
}

describe('the positions of the form', () => {
  it('adds positions with nobody on them, toggles members on, in group order', () => {
    const items = receipt();
    expect(items.map((i) => i.split)).toEqual([
      { method: 'members', memberIds: [ANYA, BORYA] },
      { method: 'percentages', percents: { [ME]: 50, [ANYA]: 25, [BORYA]: 25 } },
      { method: 'members', memberIds: [] },
    ]);
    expect(new Set(items.map((i) => i.key)).size).toBe(3);
    expect(items.every((i) => i.id === undefined)).toBe(true);
  });

  it('turns a numeric split into members when a chip is pressed on it', () => {
    const items = receipt();
    const wine = items[1]!;
    expect(isOnItem(wine, ANYA, order)).toBe(true);
    const toggled = toggleMemberOnItem(items, wine.key, ANYA, order);
    expect(toggled[1]!.split).toEqual({ method: 'members', memberIds: [ME, BORYA] });
  });

  it('assigns everyone, takes everyone off, edits and deletes from the item menu', () => {
    const items = receipt();
    const dessert = items[2]!;
    expect(assignAll(items, dessert.key, order)[2]!.split).toEqual({ method: 'members', memberIds: order });
    expect(removeAll(items, items[0]!.key)[0]!.split).toEqual({ method: 'members', memberIds: [] });
    expect(deleteItem(items, dessert.key).map((i) => i.name)).toEqual(['Пицца', 'Вино']);
    const renamed = editItem(
      items,
      items[0]!.key,
      { name: 'Большая пицца', number: 2, amountCents: 90_000 },
      order,
    );
    expect(renamed[0]).toMatchObject({
      name: 'Большая пицца',
      number: 2,
      amountCents: 90_000,
      key: items[0]!.key,
    });
  });

  it('keeps a numeric split through an edit only while it still shares the amount out', () => {
    const start = receipt();
    const items = setItemSplit(start, start[1]!.key, {
      method: 'amounts',
      cents: { [ME]: 100_000, [ANYA]: 20_000 },
    });
    const wine = items[1]!;
    const samePrice = editItem(items, wine.key, { name: 'Красное', number: 2, amountCents: 120_000 }, order);
    expect(samePrice[1]!.split.method).toBe('amounts');
    const newPrice = editItem(items, wine.key, { name: 'Красное', number: 2, amountCents: 130_000 }, order);
    expect(newPrice[1]!.split).toEqual({ method: 'members', memberIds: [ME, ANYA] });
  });

  it('totals each member exactly, and what nobody is on', () => {
    const totals = itemTotals(receipt(), order);
    // Pizza 400.01/400.00 (the cent to Аня, first in group order), wine 600/300/300.
    expect(totals.perMember).toEqual({ [ME]: 60_000, [ANYA]: 70_001, [BORYA]: 70_000 });
    expect(totals.totalCents).toBe(235_001);
    expect(totals.unassignedCents).toBe(35_000);
  });
});

describe('what the positions make of the expense', () => {
  it('decides the amount and each member’s amount once any position is assigned', () => {
    const typed = draft(receipt(), { mode: 'shares', amount: '5' });
    expect(splitByItems(typed)).toBe(true);
    const counted = effectiveDraft(typed, members, ',');
    expect(counted).toMatchObject({
      mode: 'amounts',
      amount: '2350,01',
      amounts: { [ME]: '600', [ANYA]: '700,01', [BORYA]: '700' },
    });
    // With everyone taken off every position, the typed split counts again.
    const items = receipt();
    const cleared = items.reduce((list, item) => removeAll(list, item.key), items);
    expect(splitByItems(draft(cleared))).toBe(false);
    expect(itemsAssigned(cleared)).toBe(false);
  });

  it('leaves the typed split alone while nobody is on any position', () => {
    const items = addItem([], { name: 'Хлеб', number: 1, amountCents: 5000 });
    const typed = draft(items, { amount: '100' });
    expect(splitByItems(typed)).toBe(false);
    expect(effectiveDraft(typed, members)).toBe(typed);
    expect(toApiInput(typed, members, '')).toMatchObject({ amountCents: 10_000, splitMethod: 'shares' });
  });

  it('sends the positions with the derived split: ids kept, new ones without', () => {
    const items = [{ ...receipt()[0]!, id: '00000000-0000-4000-8000-0000000000f1' }, ...receipt().slice(1)];
    const input = toApiInput(draft(items), members, '');
    expect(input).toMatchObject({
      amountCents: 235_001,
      splitMethod: 'amounts',
      participants: [ME, ANYA, BORYA],
      splitCents: { [ME]: 60_000, [ANYA]: 70_001, [BORYA]: 70_000 },
    });
    expect(input.items).toEqual(itemsToApi(items));
    expect(input.items?.[0]).toHaveProperty('id', '00000000-0000-4000-8000-0000000000f1');
    expect(input.items?.[1]).not.toHaveProperty('id');
  });
});

describe('from what is stored', () => {
  const stored = {
    id: '00000000-0000-4000-8000-0000000000e1',
    groupId: '00000000-0000-4000-8000-0000000000a1',
    name: 'Чек',
    amountCents: 1000,
    paidById: ME,
    participants: [ANYA],
    splitCents: { [ANYA]: 1000 },
    date: '2026-10-03T12:00:00.000Z',
    notes: null,
    settlement: false,
    settlementFromId: null,
    settlementToId: null,
    createdById: ME,
    category: null,
    splitMethod: 'amounts',
    sharesInput: null,
    percentagesInput: null,
    memberNames: { [GONE]: 'Гоша' },
    payers: [{ memberId: ME, amountCents: 1000 }],
    original: null,
    items: [
      {
        id: '00000000-0000-4000-8000-0000000000f1',
        name: 'Суп',
        number: 1,
        amountCents: 1000,
        split: { method: 'members', memberIds: [ANYA] },
      },
    ],
    snapshot: [
      { name: 'суп', number: 1, amountCents: 1000, split: { method: 'members', memberIds: [GONE] } },
    ],
    version: 1,
    seriesId: null,
    series: null,
  } satisfies Expense;

  it('opens an expense with its positions, and rows for removed seats its snapshot names', () => {
    const rows = formMembers(
      members.map((m) => ({
        memberId: m.id,
        id: m.id,
        name: m.name,
        share: 1,
        isCurrentUser: m.isCurrentUser,
        membershipStatus: 'ACTIVE' as const,
        username: null,
        isAdmin: false,
        registered: true,
        telegramUsername: null,
      })),
      stored,
    );
    expect(rows.map((r) => [r.name, r.removed])).toContainEqual(['Гоша', true]);
    const opened = draftFromExpense(stored, rows);
    expect(opened.items).toEqual([{ key: stored.items[0]!.id, ...stored.items[0]! }]);
  });

  it('opens a bot draft with its receipt lines as positions', () => {
    const botDraft = {
      id: '00000000-0000-4000-8000-0000000000d1',
      groupId: stored.groupId,
      groupName: 'Ужин',
      currency: 'RUB',
      chatId: '1',
      messageId: '1',
      replyMessageId: null,
      authorUserId: ME,
      status: 'open',
      expiresAt: '2026-10-04T12:00:00.000Z',
      expenseId: null,
      expense: {
        name: 'Чек',
        amountCents: 115_000,
        payerId: ME,
        splitCents: { [ME]: 35_000, [ANYA]: 40_000, [BORYA]: 40_000 },
        items: [
          { name: 'Пицца', amountCents: 80_000, participantIds: [ANYA, BORYA] },
          { name: 'Десерт', amountCents: 35_000, participantIds: [ME] },
        ],
      },
      memberNames: {},
    } satisfies BotDraft;
    expect(itemsFromBotDraft(botDraft).map((i) => [i.name, i.amountCents, i.split])).toEqual([
      ['Пицца', 80_000, { method: 'members', memberIds: [ANYA, BORYA] }],
      ['Десерт', 35_000, { method: 'members', memberIds: [ME] }],
    ]);
    const opened = draftFromBotDraft(botDraft, members, ',');
    expect(toApiInput(opened, members, '')).toMatchObject({
      amountCents: 115_000,
      splitCents: botDraft.expense.splitCents,
    });
  });
});
