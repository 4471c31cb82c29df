import type { SnapshotItem } from '@dolya/domain';
import { describe, expect, it } from 'vitest';
import { snapshotAsPaid } from '../src/features/expense/foreign-items';

const A = 'a';
const B = 'b';
const C = 'c';
const order = [A, B, C];
const euros = (rate: string, amountCents: number) => ({
  currency: 'EUR',
  amountCents,
  rate,
  rateDate: '2026-11-28',
  rateSource: 'fetched' as const,
});

/**
 * What the bot stored for a receipt of 12,50 € + 30,00 € + 2,50 € at 93,7512 (issue 26): the
 * total converted (421 880,4 → 421 880 kopecks), the positions its exact shares.
 */
const stored: SnapshotItem[] = [
  { name: 'Паста', number: 1, amountCents: 117_190, split: { method: 'members', memberIds: [A] } },
  {
    name: 'Рыба',
    number: 1,
    amountCents: 281_253,
    split: { method: 'amounts', cents: { [B]: 140_627, [C]: 140_626 } },
  },
  { name: 'Кофе', number: 2, amountCents: 23_437, split: { method: 'members', memberIds: [C] } },
];

describe('the receipt as first recognised, in the currency it was paid in', () => {
  it('shows the positions as the receipt said them, in euros, while the expense’s money is unchanged', () => {
    const shown = snapshotAsPaid(stored, { amountCents: 421_880, original: euros('93.7512', 4500) }, order);
    expect(shown.map((item) => [item.name, item.number, item.amountCents])).toEqual([
      ['Паста', 1, 1250],
      ['Рыба', 1, 3000],
      ['Кофе', 2, 250],
    ]);
    // A split by amounts follows, in euros, summing to its position.
    expect(shown[1]!.split).toEqual({ method: 'amounts', cents: { [B]: 1500, [C]: 1500 } });
    expect(shown[0]!.split).toEqual(stored[0]!.split);
  });

  it('after the amount was edited, each position at the expense’s rate (not shares of the new amount)', () => {
    // The expense now 50 € at 93,7512 (468 756 kopecks); the snapshot still sums to 421 880.
    const shown = snapshotAsPaid(stored, { amountCents: 468_756, original: euros('93.7512', 5000) }, order);
    expect(shown.map((item) => item.amountCents)).toEqual([1250, 3000, 250]);
  });

  it('in the group’s currency the snapshot is as stored', () => {
    expect(snapshotAsPaid(stored, { amountCents: 421_880, original: null }, order)).toEqual(stored);
  });
});
