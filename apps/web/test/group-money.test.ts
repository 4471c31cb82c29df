import { describe, expect, it } from 'vitest';
import {
  canSubmitSettlement,
  changeSettleUp,
  debtBetween,
  debtLines,
  initialSettleUp,
  myPart,
  needsAllocationWarning,
  toCents,
} from '../src/features/group/money';

const ME = 'me';
const ANYA = 'anya';
const BORYA = 'borya';

describe('toCents', () => {
  it('reads API decimals exactly, never through float multiplication', () => {
    expect(toCents(0.29)).toBe(29); // 0.29 * 100 = 28.999999999999996
    expect(toCents(1200)).toBe(120000);
    expect(toCents(850.5)).toBe(85050);
    expect(toCents(-141.26)).toBe(-14126);
  });
});

describe('myPart: you lent / you borrowed', () => {
  const expense = {
    amount: 1200,
    paidById: ME,
    splits: { [ME]: 400, [ANYA]: 400, [BORYA]: 400 },
    settlement: false,
  };

  it('when I paid, I lent the amount minus my own split', () => {
    expect(myPart(expense, ME)).toEqual({ kind: 'lent', cents: 80000 });
  });

  it('when I paid and am not in the split, I lent the whole amount', () => {
    expect(myPart({ ...expense, splits: { [ANYA]: 600, [BORYA]: 600 } }, ME)).toEqual({
      kind: 'lent',
      cents: 120000,
    });
  });

  it('when someone else paid, I borrowed my split', () => {
    expect(
      myPart(
        {
          amount: 850.5,
          paidById: ANYA,
          splits: { [ME]: 300, [ANYA]: 300, [BORYA]: 250.5 },
          settlement: false,
        },
        ME,
      ),
    ).toEqual({ kind: 'borrowed', cents: 30000 });
  });

  it('works in cents where floats would drift', () => {
    const split = { amount: 0.3, paidById: ME, splits: { [ME]: 0.1, [ANYA]: 0.2 }, settlement: false };
    expect(myPart(split, ME)).toEqual({ kind: 'lent', cents: 20 });
    expect(myPart({ ...split, paidById: ANYA }, ME)).toEqual({ kind: 'borrowed', cents: 10 });
  });

  it('is nothing when I am not involved, when it nets to zero, and for settlements', () => {
    expect(myPart({ ...expense, paidById: ANYA, splits: { [ANYA]: 600, [BORYA]: 600 } }, ME)).toEqual({
      kind: 'none',
    });
    expect(myPart({ ...expense, splits: { [ME]: 1200 } }, ME)).toEqual({ kind: 'none' });
    expect(myPart({ ...expense, settlement: true }, ME)).toEqual({ kind: 'none' });
    expect(myPart(expense, undefined)).toEqual({ kind: 'none' });
  });
});

describe('needsAllocationWarning (tolerance 0.01)', () => {
  const base = { amount: 100, paidById: ME, settlement: false };
  it('is quiet when the splits match within one cent', () => {
    expect(needsAllocationWarning({ ...base, splits: { [ME]: 33.33, [ANYA]: 33.33, [BORYA]: 33.34 } })).toBe(
      false,
    );
    expect(needsAllocationWarning({ ...base, splits: { [ME]: 50, [ANYA]: 49.99 } })).toBe(false);
    expect(needsAllocationWarning({ ...base, splits: { [ME]: 50, [ANYA]: 50.01 } })).toBe(false);
  });
  it('warns beyond one cent, either way', () => {
    expect(needsAllocationWarning({ ...base, splits: { [ME]: 50, [ANYA]: 49.98 } })).toBe(true);
    expect(needsAllocationWarning({ ...base, splits: { [ME]: 60, [ANYA]: 60 } })).toBe(true);
    expect(needsAllocationWarning({ ...base, splits: {} })).toBe(true);
  });
  it('never for settlements', () => {
    expect(needsAllocationWarning({ ...base, settlement: true, splits: {} })).toBe(false);
  });
});

const debts = [
  { fromUserId: ANYA, toUserId: ME, amount: 141.26 },
  { fromUserId: BORYA, toUserId: ME, amount: 500 },
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
        { fromUserId: ME, toUserId: ANYA, amount: 10 },
        { fromUserId: BORYA, toUserId: ANYA, amount: 20 },
      ],
      ME,
    );
    expect(lines.map((l) => l.role)).toEqual(['iOwe', 'others']);
  });
  it('drops zero lines', () => {
    expect(debtLines([{ fromUserId: ME, toUserId: ANYA, amount: 0 }], ME)).toEqual([]);
  });
});

describe('settle-up prefill', () => {
  const members = [ME, ANYA, BORYA];

  it('starts with me when I owe someone', () => {
    const mine = [...debts, { fromUserId: ME, toUserId: BORYA, amount: 99.9 }];
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
