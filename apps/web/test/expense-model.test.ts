import { describe, expect, it } from 'vitest';
import {
  canSubmit,
  clampPercentText,
  clearMode,
  computeSplits,
  draftFromExpense,
  type ExpenseDraft,
  type FormMember,
  formatChipDate,
  fromDateInputValue,
  ledger,
  missingFields,
  newDraft,
  parseChipDate,
  parseMoney,
  parsePercent,
  parseShare,
  participantsOf,
  switchMode,
  toApiInput,
  toDateInputValue,
  totalsStatus,
  withFetchedRate,
} from '../src/features/expense/model';
import { en } from '../src/i18n/en';
import { ru } from '../src/i18n/ru';
import type { Expense } from '../src/lib/api-types';

const ME = '00000000-0000-4000-8000-000000000001';
const ANYA = '00000000-0000-4000-8000-000000000002';
const BORYA = '00000000-0000-4000-8000-000000000003';
const members: FormMember[] = [
  { id: ME, name: 'Демо', share: 1, isCurrentUser: true, removed: false },
  { id: ANYA, name: 'Аня', share: 2, isCurrentUser: false, removed: false },
  { id: BORYA, name: 'Боря', share: 1, isCurrentUser: false, removed: false },
];

function draft(patch: Partial<ExpenseDraft> = {}): ExpenseDraft {
  return { ...newDraft(members, new Date(2026, 0, 5, 9)), name: 'Ужин', amount: '100', ...patch };
}

function expense(patch: Partial<Expense>): Expense {
  return {
    id: '00000000-0000-4000-8000-0000000000e1',
    groupId: '00000000-0000-4000-8000-0000000000a1',
    name: 'Такси',
    amountCents: 85050,
    paidById: ANYA,
    participants: [ME, ANYA, BORYA],
    splitCents: { [ME]: 30000, [ANYA]: 30000, [BORYA]: 25050 },
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
    memberNames: {},
    items: [],
    snapshot: null,
    payers: [{ memberId: patch.paidById ?? ANYA, amountCents: patch.amountCents ?? 85050 }],
    original: null,
    version: 1,
    seriesId: null,
    series: null,
    ...patch,
  };
}

describe('typed expense dates (DD.MM.YYYY, as the chip shows them)', () => {
  it('reads dots, commas, slashes and dashes, at local noon', () => {
    for (const text of ['05.01.2026', '5,1,2026', '05/01/2026', ' 5-1-2026 ']) {
      const iso = parseChipDate(text);
      expect(iso, text).toBeDefined();
      const date = new Date(iso!);
      expect([date.getDate(), date.getMonth() + 1, date.getFullYear(), date.getHours()]).toEqual([
        5, 1, 2026, 12,
      ]);
    }
  });

  it('refuses days that do not exist and other shapes', () => {
    for (const text of ['31.02.2026', '00.01.2026', '2026-01-05', '5.1.26', '']) {
      expect(parseChipDate(text), text).toBeUndefined();
    }
  });
});

describe('amount parsing (spec §5)', () => {
  it('accepts a comma as the decimal separator', () => {
    expect(parseMoney('12,5')).toBe(1250);
    expect(parseMoney('0,01')).toBe(1);
  });

  it('strips spaces, including the no-break ones of ru-RU formatting', () => {
    expect(parseMoney('1 200,50')).toBe(120050);
    expect(parseMoney(' 1\u00a0200.5 ')).toBe(120050);
  });

  it('turns anything non-numeric into 0', () => {
    for (const text of ['', 'abc', '12a', '1,2,3', '--1', '1e3']) expect(parseMoney(text)).toBe(0);
  });

  it('rounds extra decimals to cents and never goes negative', () => {
    expect(parseMoney('10.005')).toBe(1001);
    expect(parseMoney('-5')).toBe(0);
  });

  it('reads shares as whole numbers from 0 up', () => {
    expect(parseShare('3')).toBe(3);
    expect(parseShare('2.9')).toBe(2);
    expect(parseShare('-1')).toBe(0);
    expect(parseShare('x')).toBe(0);
    expect(parseShare('')).toBe(0);
  });

  it('clamps percentages to 0–100', () => {
    expect(clampPercentText('150')).toBe('100');
    expect(clampPercentText('-3')).toBe('0');
    expect(clampPercentText('33.33')).toBe('33.33');
    expect(parsePercent('33,33')).toBe(3333);
    expect(parsePercent('250')).toBe(10_000);
  });
});

describe('totals indicator (spec §5)', () => {
  const amounts = (a: string, b: string) =>
    draft({ mode: 'amounts', amounts: { [ME]: a, [ANYA]: b, [BORYA]: '' } });

  it('amounts are good within 0.01 of the amount, either way', () => {
    expect(totalsStatus(amounts('50', '50'), members)).toMatchObject({
      good: true,
      allocated: 10_000,
      left: 0,
    });
    expect(totalsStatus(amounts('50', '49,99'), members).good).toBe(true);
    expect(totalsStatus(amounts('50', '50,01'), members).good).toBe(true);
    expect(totalsStatus(amounts('50', '49,98'), members)).toMatchObject({ good: false, left: 2 });
    expect(totalsStatus(amounts('50', '50,02'), members)).toMatchObject({ good: false, left: -2 });
  });

  it('percentages are good within 0.1 of 100', () => {
    const pct = (a: string, b: string) =>
      totalsStatus(draft({ mode: 'percentages', percents: { [ME]: a, [ANYA]: b, [BORYA]: '' } }), members);
    expect(pct('50', '50')).toMatchObject({ good: true, total: 10_000 });
    expect(pct('50', '49.9').good).toBe(true);
    expect(pct('50', '50.1').good).toBe(true);
    expect(pct('50', '49.89').good).toBe(false);
    expect(pct('50', '50.11').good).toBe(false);
    expect(pct('', '').good).toBe(false);
  });

  it('shares are good once anyone has a share', () => {
    expect(totalsStatus(draft(), members)).toMatchObject({ mode: 'shares', good: true, totalShares: 4 });
    expect(totalsStatus(clearMode(draft()), members).good).toBe(false);
  });
});

describe('switching split modes (spec §4)', () => {
  const typed = draft({ amounts: { [ME]: '10', [ANYA]: '20', [BORYA]: '' } });

  it('switches freely and keeps typed amounts on a new expense', () => {
    const next = switchMode(typed, 'amounts');
    expect(next.mode).toBe('amounts');
    expect(next.amounts).toEqual(typed.amounts);
    expect(switchMode(next, 'percentages').mode).toBe('percentages');
  });

  it('on edit, switching to amounts resets them to zero unless the expense was stored in amounts', () => {
    const fromShares = switchMode(typed, 'amounts', 'shares');
    expect(Object.values(fromShares.amounts).map(parseMoney)).toEqual([0, 0, 0]);
    expect(switchMode(typed, 'amounts', 'percentages').amounts[ME]).toBe('');
    expect(switchMode(typed, 'amounts', 'amounts').amounts).toEqual(typed.amounts);
  });

  it('leaves the other modes untouched on edit', () => {
    const next = switchMode({ ...typed, mode: 'amounts' }, 'shares', 'shares');
    expect(next.shares).toEqual(typed.shares);
    expect(next.amounts).toEqual(typed.amounts);
  });

  it('keeps a settlement in amounts mode', () => {
    const settlement = { ...draft({ mode: 'amounts' }), settlement: true, recipientId: ANYA };
    expect(switchMode(settlement, 'shares', 'amounts')).toBe(settlement);
  });

  it('clear resets only the current mode', () => {
    const cleared = clearMode({ ...typed, mode: 'amounts' });
    expect(Object.values(cleared.amounts)).toEqual(['', '', '']);
    expect(cleared.shares).toEqual(typed.shares);
    expect(Object.values(clearMode(typed).shares)).toEqual([0, 0, 0]);
  });
});

describe('participants and the live split', () => {
  it('only members with a positive value take part, in every mode', () => {
    expect(participantsOf(draft({ shares: { [ME]: 1, [ANYA]: 0, [BORYA]: 2 } }), members)).toEqual([
      ME,
      BORYA,
    ]);
    expect(
      participantsOf(
        draft({ mode: 'amounts', amounts: { [ME]: '0', [ANYA]: 'abc', [BORYA]: '5' } }),
        members,
      ),
    ).toEqual([BORYA]);
    expect(
      participantsOf(
        draft({ mode: 'percentages', percents: { [ME]: '60', [ANYA]: '', [BORYA]: '40' } }),
        members,
      ),
    ).toEqual([ME, BORYA]);
  });

  it('splits shares in cents with the remainder to the payer', () => {
    const splits = computeSplits(
      draft({ amount: '100', shares: { [ME]: 1, [ANYA]: 1, [BORYA]: 1 } }),
      members,
    );
    expect(splits).toEqual({ [ME]: 3334, [ANYA]: 3333, [BORYA]: 3333 });
  });

  it('uses the group default shares for a new expense', () => {
    expect(computeSplits(draft({ amount: '100' }), members)).toEqual({
      [ME]: 2500,
      [ANYA]: 5000,
      [BORYA]: 2500,
    });
  });
});

describe('form to API input', () => {
  it('is refused until name, amount > 0 and payer are set', () => {
    expect(missingFields(draft({ name: ' ', amount: 'abc', payerId: '' }))).toEqual([
      'name',
      'amount',
      'payer',
    ]);
    expect(canSubmit(draft({ amount: '0' }))).toBe(false);
    expect(canSubmit(draft())).toBe(true);
  });

  it('sends shares with the typed input and a preview split', () => {
    const input = toApiInput(
      draft({ name: ' Ужин ', amount: '1 200,5', notes: '  ' }),
      members,
      'Погашение долга',
    );
    expect(input).toMatchObject({
      name: 'Ужин',
      amountCents: 120050,
      paidById: ME,
      notes: null,
      settlement: false,
      splitMethod: 'shares',
      sharesInput: { [ME]: 1, [ANYA]: 2, [BORYA]: 1 },
      participants: [ME, ANYA, BORYA],
      splitCents: { [ME]: 30013, [ANYA]: 60025, [BORYA]: 30012 },
    });
    expect(input.percentagesInput).toBeUndefined();
  });

  it('sends amounts in cents and percentages as numbers', () => {
    const amounts = toApiInput(
      draft({ mode: 'amounts', amount: '100', amounts: { [ME]: '33,3', [ANYA]: '66.7', [BORYA]: '' } }),
      members,
      '',
    );
    expect(amounts).toMatchObject({ splitMethod: 'amounts', splitCents: { [ME]: 3330, [ANYA]: 6670 } });
    expect(amounts.participants).toEqual([ME, ANYA]);
    expect(amounts.sharesInput).toBeUndefined();

    const pct = toApiInput(
      draft({ mode: 'percentages', percents: { [ME]: '33.33', [ANYA]: '66.67', [BORYA]: '' } }),
      members,
      '',
    );
    expect(pct.percentagesInput).toEqual({ [ME]: 33.33, [ANYA]: 66.67, [BORYA]: 0 });
    expect(pct.participants).toEqual([ME, ANYA]);
  });

  it('sends a settlement with the localised name and no participants or splits', () => {
    const settlement = {
      ...draft({ mode: 'amounts', payerId: BORYA, amount: '1000' }),
      settlement: true,
      recipientId: ME,
    };
    expect(toApiInput(settlement, members, 'Погашение долга')).toEqual({
      name: 'Погашение долга',
      amountCents: 100000,
      paidById: BORYA,
      date: settlement.date,
      notes: null,
      settlement: true,
      settlementFromId: BORYA,
      settlementToId: ME,
      splitMethod: 'amounts',
      participants: [],
      splitCents: {},
      category: null,
    });
    expect(missingFields({ ...settlement, recipientId: BORYA })).toEqual(['recipient']);
  });
});

describe('edit prefill', () => {
  it('restores amounts with the interface decimal separator', () => {
    const d = draftFromExpense(expense({}), members, ',');
    expect(d).toMatchObject({ name: 'Такси', amount: '850,50', payerId: ANYA, mode: 'amounts' });
    expect(d.amounts).toEqual({ [ME]: '300', [ANYA]: '300', [BORYA]: '250,50' });
  });

  it('restores typed shares and percentages, zero for members not named', () => {
    const shares = draftFromExpense(
      expense({ splitMethod: 'shares', sharesInput: { [ME]: 2, [ANYA]: 1 }, notes: 'Рынок' }),
      members,
    );
    expect(shares.shares).toEqual({ [ME]: 2, [ANYA]: 1, [BORYA]: 0 });
    expect(shares.notes).toBe('Рынок');
    const pct = draftFromExpense(
      expense({ splitMethod: 'percentages', percentagesInput: { [ME]: 50, [ANYA]: 25, [BORYA]: 25 } }),
      members,
    );
    expect(pct.percents).toEqual({ [ME]: '50', [ANYA]: '25', [BORYA]: '25' });
    expect(totalsStatus(pct, members).good).toBe(true);
  });

  it('restores a settlement with its payer and recipient', () => {
    const d = draftFromExpense(
      expense({
        settlement: true,
        settlementFromId: BORYA,
        settlementToId: ME,
        paidById: BORYA,
        amountCents: 100000,
      }),
      members,
    );
    expect(d).toMatchObject({
      settlement: true,
      mode: 'amounts',
      payerId: BORYA,
      recipientId: ME,
      amount: '1000',
    });
  });
});

describe('date chip', () => {
  it('shows DD.MM.YYYY and round-trips through the date input', () => {
    const iso = new Date(2026, 0, 5, 9, 30).toISOString();
    expect(formatChipDate(iso)).toBe('05.01.2026');
    expect(toDateInputValue(iso)).toBe('2026-01-05');
    const picked = fromDateInputValue('2026-02-28');
    expect(picked && formatChipDate(picked)).toBe('28.02.2026');
    expect(fromDateInputValue('')).toBeUndefined();
  });
});

describe('expense i18n', () => {
  it('has the same keys in Russian and English', () => {
    expect(Object.keys(en.expense).sort()).toEqual(Object.keys(ru.expense).sort());
  });
});

describe('an expense with several payers or another currency (issue 26)', () => {
  const stored = expense({
    amountCents: 421_875,
    paidById: ANYA,
    payers: [
      { memberId: ME, amountCents: 121_875 },
      { memberId: ANYA, amountCents: 300_000 },
    ],
    original: {
      currency: 'EUR',
      amountCents: 4500,
      rate: '93.75',
      rateDate: '2026-11-28',
      rateSource: 'fetched',
    },
    splitCents: { [ME]: 140_625, [ANYA]: 140_625, [BORYA]: 140_625 },
  });

  it('an edit that changes nothing else sends the stored cents back exactly', () => {
    const draft = { ...draftFromExpense(stored, members), name: 'Ужин в Риге' };
    // The form shows them in euros: the amount as paid, each payer's part of it.
    expect(draft).toMatchObject({ currency: 'EUR', amount: '45', severalPayers: true });
    expect(draft.payerAmounts).toMatchObject({ [ME]: '13', [ANYA]: '32' });
    const input = toApiInput(draft, members, 'Погашение');
    expect(input.amountCents).toBe(421_875);
    expect(input.payers).toEqual(stored.payers);
    expect(input.original).toEqual(stored.original);
    expect(input.splitCents).toEqual(stored.splitCents);
  });

  it('a new amount in euros converts at the stored rate; the payers must then add up again', () => {
    const draft = { ...draftFromExpense(stored, members), amount: '50' };
    expect(missingFields(draft)).toEqual(['payers']);
    const fixed = { ...draft, payerAmounts: { ...draft.payerAmounts, [ANYA]: '37' } };
    expect(missingFields(fixed)).toEqual([]);
    const input = toApiInput(fixed, members, 'Погашение');
    expect(input.amountCents).toBe(468_750);
    expect(input.original).toEqual({ ...stored.original, amountCents: 5000 });
    // 13 € and 37 € of 468 750 cents, exactly: 121 875 and 346 875.
    expect(input.payers).toEqual([
      { memberId: ME, amountCents: 121_875 },
      { memberId: ANYA, amountCents: 346_875 },
    ]);
    expect(input.paidById).toBe(ANYA);
  });
});

describe('another currency in a new expense (issue 26)', () => {
  const euros = (patch: Partial<ExpenseDraft> = {}) => draft({ currency: 'EUR', amount: '45', ...patch });
  const fetched = { rate: '93.75', date: '2026-01-02', source: 'frankfurter' };

  it('converts with the suggested rate, exactly, and records it as fetched', () => {
    const money = ledger(euros(), members, fetched);
    expect(money.amountCents).toBe(421_875);
    expect(money.original).toEqual({
      currency: 'EUR',
      amountCents: 4500,
      rate: '93.75',
      rateDate: '2026-01-02',
      rateSource: 'fetched',
    });
    // Saved through the form: the suggested rate is fixed into the draft.
    const input = toApiInput(withFetchedRate(euros(), fetched), members, 'x');
    expect(input.original?.rateSource).toBe('fetched');
    expect(input.amountCents).toBe(421_875);
  });

  it('without a rate asks for one; a typed rate is recorded as typed, on the expense’s day', () => {
    expect(missingFields(euros())).toEqual(['rate']);
    const typed = euros({ rateText: '93,7' });
    expect(missingFields(typed)).toEqual([]);
    const input = toApiInput(typed, members, 'x');
    expect(input.amountCents).toBe(421_650);
    expect(input.original).toMatchObject({ rate: '93.7', rateSource: 'manual', rateDate: '2026-01-05' });
    expect(missingFields(euros({ rateText: '0' }))).toEqual(['rate']);
    expect(missingFields(euros({ rateText: '1.1234567890123' }))).toEqual(['rate']);
  });

  it('or the amount in the group’s currency, from which an exact rate follows', () => {
    const input = toApiInput(euros({ convertedText: '4 218,75' }), members, 'x');
    expect(input.amountCents).toBe(421_875);
    expect(input.original).toMatchObject({ rate: '93.75', rateSource: 'manual' });
    // 1 000 ₽ for 3 €: a rate of 12 digits that converts back to exactly 1 000,00.
    const odd = toApiInput(euros({ amount: '3', convertedText: '1000' }), members, 'x');
    expect(odd.original?.rate).toBe('333.333333333');
    expect(odd.amountCents).toBe(100_000);
  });

  it('amounts typed in euros become exact shares of the converted amount, the remainder to the payer', () => {
    const typed = euros({
      rateText: '93.33',
      mode: 'amounts',
      amounts: { [ME]: '12,34', [ANYA]: '20', [BORYA]: '12,66' },
    });
    const money = ledger(typed, members);
    expect(money.amountCents).toBe(419_985);
    const splits = computeSplits(money.inGroup, members);
    // 419 985 × 1234 / 4500 = 115 168.3…, × 2000 / 4500 = 186 660, × 1266 / 4500 = 118 155.7…
    expect(splits).toEqual({ [ME]: 115_170, [ANYA]: 186_660, [BORYA]: 118_155 });
    expect(Object.values(splits).reduce((a, b) => a + b, 0)).toBe(419_985);
    expect(toApiInput(typed, members, 'x').splitCents).toEqual(splits);
  });
});

describe('several payers (issue 26)', () => {
  const bill = (payerAmounts: Record<string, string>) =>
    draft({ amount: '1000', severalPayers: true, payerAmounts, mode: 'shares' });

  it('refuses to save until the whole amount is assigned, to the cent', () => {
    expect(missingFields(bill({}))).toEqual(['payers']);
    expect(ledger(bill({ [ME]: '300', [ANYA]: '699,99' }), members).payersLeft).toBe(1);
    expect(missingFields(bill({ [ME]: '300', [ANYA]: '699,99' }))).toEqual(['payers']);
    expect(ledger(bill({ [ME]: '300', [ANYA]: '800' }), members).payersLeft).toBe(-10_000);
    expect(missingFields(bill({ [ME]: '300', [ANYA]: '700' }))).toEqual([]);
  });

  it('sends each payer, and the one who paid most as the payer', () => {
    const input = toApiInput(bill({ [ME]: '300', [ANYA]: '700' }), members, 'x');
    expect(input.payers).toEqual([
      { memberId: ME, amountCents: 30_000 },
      { memberId: ANYA, amountCents: 70_000 },
    ]);
    expect(input.paidById).toBe(ANYA);
    // Shares 1 : 2 : 1 of 1 000,00: the odd cents go to who paid most.
    expect(toApiInput(bill({ [ME]: '300', [ANYA]: '700' }), members, 'x').splitCents).toEqual({
      [ME]: 25_000,
      [ANYA]: 50_000,
      [BORYA]: 25_000,
    });
  });
});

describe('an expense in another currency with positions (issue 26)', () => {
  const original = {
    currency: 'EUR',
    amountCents: 4500,
    rate: '93.7512',
    rateDate: '2026-10-03',
    rateSource: 'fetched' as const,
  };
  // Stored in roubles: positions that no euro amounts convert to exactly (typed by hand, say).
  const stored = expense({
    name: 'Ужин',
    amountCents: 421_880,
    paidById: ME,
    payers: [{ memberId: ME, amountCents: 421_880 }],
    original,
    splitCents: { [ME]: 100_000, [ANYA]: 200_000, [BORYA]: 121_880 },
    items: [
      {
        id: 'i1',
        name: 'Паста',
        number: 1,
        amountCents: 100_000,
        split: { method: 'members', memberIds: [ME] },
      },
      {
        id: 'i2',
        name: 'Рыба',
        number: 1,
        amountCents: 321_880,
        split: { method: 'amounts', cents: { [ANYA]: 200_000, [BORYA]: 121_880 } },
      },
    ],
  });

  it('opens the positions in euros and, unchanged, saves the stored cents back exactly', () => {
    const draft = draftFromExpense(stored, members, ',');
    expect(draft.currency).toBe('EUR');
    expect(draft.items.map((item) => item.amountCents)).toEqual([1067, 3433]);
    expect(draft.items[1]?.split).toEqual({ method: 'amounts', cents: { [ANYA]: 2134, [BORYA]: 1299 } });
    const input = toApiInput({ ...draft, name: 'Ужин в Риге' }, members, '');
    expect(input.amountCents).toBe(421_880);
    expect(input.original).toEqual(original);
    expect(input.items?.map((item) => [item.amountCents, item.split])).toEqual(
      stored.items.map((item) => [item.amountCents, item.split]),
    );
    expect(input.splitCents).toEqual(stored.splitCents);
  });

  it('a position edited in euros converts the positions afresh, summing exactly to the converted amount', () => {
    const draft = draftFromExpense(stored, members, ',');
    const items = draft.items.map((item, index) => (index === 0 ? { ...item, amountCents: 1567 } : item));
    const input = toApiInput({ ...draft, items }, members, '');
    // 50,00 € × 93,7512 = 4 687,56 ₽.
    expect(input.amountCents).toBe(468_756);
    expect(input.original?.amountCents).toBe(5000);
    const cents = input.items?.map((item) => item.amountCents) ?? [];
    expect(cents.reduce((a, b) => a + b, 0)).toBe(468_756);
    expect(Object.values(input.splitCents ?? {}).reduce((a, b) => a + b, 0)).toBe(468_756);
    const fish = input.items?.[1]?.split;
    expect(fish?.method).toBe('amounts');
    if (fish?.method === 'amounts')
      expect(Object.values(fish.cents).reduce((a, b) => a + b, 0)).toBe(cents[1]);
    expect(computeSplits(ledger({ ...draft, items, amount: '50' }, members).inGroup, members)).toEqual(
      input.splitCents,
    );
  });
});
