import { computeBalances } from '@dolya/domain';
import { describe, expect, it } from 'vitest';
import {
  canSubmitSettlement,
  changeSettleUp,
  debtBetween,
  debtLines,
  initialSettleUp,
  myPart,
  needsAllocationWarning,
  settleOptions,
} from '../src/features/group/money';

const ME = 'me';
const ANYA = 'anya';
const BORYA = 'borya';

describe('myPart: you lent / you borrowed', () => {
  const expense = {
    amountCents: 120000,
    paidById: ME,
    splitCents: { [ME]: 40000, [ANYA]: 40000, [BORYA]: 40000 },
    settlement: false,
  };

  it('with several payers (issue 26), what I paid minus my split, either way', () => {
    const shared = {
      ...expense,
      paidById: ANYA,
      payers: [
        { memberId: ME, amountCents: 30000 },
        { memberId: ANYA, amountCents: 90000 },
      ],
    };
    expect(myPart(shared, ME)).toEqual({ kind: 'borrowed', cents: 10000 });
    expect(myPart(shared, ANYA)).toEqual({ kind: 'lent', cents: 50000 });
    expect(myPart(shared, BORYA)).toEqual({ kind: 'borrowed', cents: 40000 });
    expect(myPart({ ...shared, splitCents: { [ME]: 30000, [ANYA]: 90000 } }, ME)).toEqual({ kind: 'none' });
  });

  it('when I paid, I lent the amount minus my own split', () => {
    expect(myPart(expense, ME)).toEqual({ kind: 'lent', cents: 80000 });
  });

  it('when I paid and am not in the split, I lent the whole amount', () => {
    expect(myPart({ ...expense, splitCents: { [ANYA]: 60000, [BORYA]: 60000 } }, ME)).toEqual({
      kind: 'lent',
      cents: 120000,
    });
  });

  it('a partly allocated expense shows the ledger’s figure: the payer keeps what nobody took (issue 27)', () => {
    // 1000 ₽ split 50 % / 30 %: the ledger puts the unallocated 200 on the payer, so Anya owes 300
    // (the debts) and my share is 700 (the statistics); the row said "you lent 500".
    const partly = {
      amountCents: 100000,
      paidById: ME,
      splitCents: { [ME]: 50000, [ANYA]: 30000 },
      settlement: false,
    };
    expect(myPart(partly, ME)).toEqual({ kind: 'lent', cents: 30000 });
    const ledger = computeBalances(
      [{ amountCents: 100000, payerId: ME, splits: partly.splitCents }],
      [ME, ANYA],
    );
    expect(ledger[ME]!.net).toBe(30000);
    expect(ledger[ANYA]!.net).toBe(-30000);
    // Over-allocated the other way: what I lent is still what the others took.
    expect(myPart({ ...partly, splitCents: { [ME]: 50000, [ANYA]: 60000 } }, ME)).toEqual({
      kind: 'lent',
      cents: 60000,
    });
  });

  it('when someone else paid, I borrowed my split', () => {
    expect(
      myPart(
        {
          amountCents: 85050,
          paidById: ANYA,
          splitCents: { [ME]: 30000, [ANYA]: 30000, [BORYA]: 25050 },
          settlement: false,
        },
        ME,
      ),
    ).toEqual({ kind: 'borrowed', cents: 30000 });
  });

  it('works in cents: 0.30 split 0.10 / 0.20', () => {
    const split = { amountCents: 30, paidById: ME, splitCents: { [ME]: 10, [ANYA]: 20 }, settlement: false };
    expect(myPart(split, ME)).toEqual({ kind: 'lent', cents: 20 });
    expect(myPart({ ...split, paidById: ANYA }, ME)).toEqual({ kind: 'borrowed', cents: 10 });
  });

  it('is nothing when I am not involved, when it nets to zero, and for settlements', () => {
    expect(myPart({ ...expense, paidById: ANYA, splitCents: { [ANYA]: 60000, [BORYA]: 60000 } }, ME)).toEqual(
      {
        kind: 'none',
      },
    );
    expect(myPart({ ...expense, splitCents: { [ME]: 120000 } }, ME)).toEqual({ kind: 'none' });
    expect(myPart({ ...expense, settlement: true }, ME)).toEqual({ kind: 'none' });
    expect(myPart(expense, undefined)).toEqual({ kind: 'none' });
  });
});

describe('needsAllocationWarning (tolerance 0.01)', () => {
  const base = { amountCents: 10000, paidById: ME, settlement: false };
  it('is quiet when the splits match within one cent', () => {
    expect(needsAllocationWarning({ ...base, splitCents: { [ME]: 3333, [ANYA]: 3333, [BORYA]: 3334 } })).toBe(
      false,
    );
    expect(needsAllocationWarning({ ...base, splitCents: { [ME]: 5000, [ANYA]: 4999 } })).toBe(false);
    expect(needsAllocationWarning({ ...base, splitCents: { [ME]: 5000, [ANYA]: 5001 } })).toBe(false);
  });
  it('warns beyond one cent, either way', () => {
    expect(needsAllocationWarning({ ...base, splitCents: { [ME]: 5000, [ANYA]: 4998 } })).toBe(true);
    expect(needsAllocationWarning({ ...base, splitCents: { [ME]: 6000, [ANYA]: 6000 } })).toBe(true);
    expect(needsAllocationWarning({ ...base, splitCents: {} })).toBe(true);
  });
  it('never for settlements', () => {
    expect(needsAllocationWarning({ ...base, settlement: true, splitCents: {} })).toBe(false);
  });
});

const debts = [
  { fromMemberId: ANYA, toMemberId: ME, amountCents: 14126 },
  { fromMemberId: BORYA, toMemberId: ME, amountCents: 50000 },
];

describe('debtLines', () => {
  it('marks lines owed to me and keeps the API order, in cents', () => {
    expect(debtLines(debts, ME)).toEqual([
      { from: ANYA, to: ME, cents: 14126, role: 'owedToMe' },
      { from: BORYA, to: ME, cents: 50000, role: 'owedToMe' },
    ]);
  });
  it('marks lines I owe, and others', () => {
    const lines = debtLines(
      [
        { fromMemberId: ME, toMemberId: ANYA, amountCents: 1000 },
        { fromMemberId: BORYA, toMemberId: ANYA, amountCents: 2000 },
      ],
      ME,
    );
    expect(lines.map((l) => l.role)).toEqual(['iOwe', 'others']);
  });
  it('drops zero lines', () => {
    expect(debtLines([{ fromMemberId: ME, toMemberId: ANYA, amountCents: 0 }], ME)).toEqual([]);
  });
});

describe('settle-up prefill', () => {
  const members = [ME, ANYA, BORYA];

  it('starts with me when I owe someone', () => {
    const mine = [...debts, { fromMemberId: ME, toMemberId: BORYA, amountCents: 9990 }];
    expect(initialSettleUp(mine, ME, members)).toEqual({ payer: ME, recipient: BORYA, amount: '99.90' });
  });

  it('otherwise starts with the first debtor and their creditor', () => {
    expect(initialSettleUp(debts, ME, members)).toEqual({ payer: ANYA, recipient: ME, amount: '141.26' });
  });

  it('without debts: me to the first other member, no amount', () => {
    expect(initialSettleUp([], ME, members)).toEqual({ payer: ME, recipient: ANYA, amount: '' });
  });

  it('follows the debt matching payer → recipient when either changes', () => {
    const start = initialSettleUp(debts, ME, members);
    const borya = changeSettleUp(debts, start, { payer: BORYA });
    expect(borya).toEqual({ payer: BORYA, recipient: ME, amount: '500.00' });
    const toAnya = changeSettleUp(debts, borya, { recipient: ANYA });
    expect(toAnya).toEqual({ payer: BORYA, recipient: ANYA, amount: '' });
    const back = changeSettleUp(debts, toAnya, { recipient: ME });
    expect(back.amount).toBe('500.00');
  });

  it('a payer who owes nobody keeps the recipient unless it is the payer', () => {
    const start = { payer: ANYA, recipient: BORYA, amount: '' };
    expect(changeSettleUp(debts, start, { payer: ME })).toEqual({ payer: ME, recipient: BORYA, amount: '' });
    expect(changeSettleUp(debts, start, { payer: BORYA })).toEqual({
      payer: BORYA,
      recipient: ME,
      amount: '500.00',
    });
    expect(changeSettleUp([], start, { payer: BORYA })).toEqual({ payer: BORYA, recipient: '', amount: '' });
  });

  it('writes the amount with the interface decimal mark (a comma in Russian)', () => {
    const start = initialSettleUp(debts, ME, members, ',');
    expect(start.amount).toBe('141,26');
    expect(changeSettleUp(debts, start, { payer: BORYA }, ',').amount).toBe('500,00');
  });

  it('debtBetween is directional', () => {
    expect(debtBetween(debts, ANYA, ME)).toBe(14126);
    expect(debtBetween(debts, ME, ANYA)).toBe(0);
  });
});

describe('canSubmitSettlement (spec §5)', () => {
  it('needs payer, a different recipient and an amount above zero', () => {
    expect(canSubmitSettlement(ME, ANYA, 1)).toBe(true);
    expect(canSubmitSettlement('', ANYA, 100)).toBe(false);
    expect(canSubmitSettlement(ME, '', 100)).toBe(false);
    expect(canSubmitSettlement(ME, ME, 100)).toBe(false);
    expect(canSubmitSettlement(ME, ANYA, 0)).toBe(false);
  });
});

describe('settleOptions: who the settle-up form offers', () => {
  const members = [
    { memberId: ME, name: 'Я' },
    { memberId: ANYA, name: 'Аня' },
  ];
  const name = (id: string) => `name of ${id}`;

  it('current members first, then each other one named once, in order', () => {
    expect(settleOptions(members, [BORYA, ANYA, 'gone', BORYA, ME], name)).toEqual([
      { id: ME, name: 'Я' },
      { id: ANYA, name: 'Аня' },
      { id: BORYA, name: 'name of borya' },
      { id: 'gone', name: 'name of gone' },
    ]);
  });

  it('skips an empty id (a payment fixed without a recipient)', () => {
    expect(settleOptions(members, ['', ANYA], name)).toEqual([
      { id: ME, name: 'Я' },
      { id: ANYA, name: 'Аня' },
    ]);
  });
});
