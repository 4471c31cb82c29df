import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { totalsByCurrency } from '../src';

const groupNets = fc.array(
  fc.record({
    currency: fc.constantFrom('RUB', 'EUR', 'USD'),
    netCents: fc.integer({ min: -10_000_000_000, max: 10_000_000_000 }),
  }),
  { maxLength: 30 },
);

describe('totalsByCurrency', () => {
  it('sums what is owed and what one owes per currency, never mixing currencies', () => {
    expect(
      totalsByCurrency([
        { currency: 'RUB', netCents: 120_000 },
        { currency: 'EUR', netCents: -1_550 },
        { currency: 'RUB', netCents: -30_001 },
        { currency: 'RUB', netCents: 5 },
        { currency: 'USD', netCents: 0 },
      ]),
    ).toEqual([
      { currency: 'RUB', owedToYouCents: 120_005, youOweCents: 30_001 },
      { currency: 'EUR', owedToYouCents: 0, youOweCents: 1_550 },
    ]);
  });

  it('keeps every cent: per currency, owed minus owing is the sum of the nets (property)', () => {
    fc.assert(
      fc.property(groupNets, (groups) => {
        const totals = totalsByCurrency(groups);
        for (const currency of ['RUB', 'EUR', 'USD']) {
          const net = groups.filter((g) => g.currency === currency).reduce((s, g) => s + g.netCents, 0);
          const total = totals.find((t) => t.currency === currency);
          const nonZero = groups.some((g) => g.currency === currency && g.netCents !== 0);
          expect(total !== undefined).toBe(nonZero);
          if (total) {
            expect(total.owedToYouCents - total.youOweCents).toBe(net);
            expect(total.owedToYouCents).toBeGreaterThanOrEqual(0);
            expect(total.youOweCents).toBeGreaterThanOrEqual(0);
            expect(
              Number.isSafeInteger(total.owedToYouCents) && Number.isSafeInteger(total.youOweCents),
            ).toBe(true);
          }
        }
      }),
    );
  });
});
