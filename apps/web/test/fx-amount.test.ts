import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { convertAmount, localDay } from '../src/lib/fx/foreign';
import { usedCurrencies } from '../src/lib/fx/rates';
import { trpc } from '../src/lib/trpc';

/** The settle-up form's amount (issue 26): as typed, in the group's currency or another. */
const typed = (patch: Partial<Parameters<typeof convertAmount>[0]> = {}) => ({
  amount: '20',
  currency: 'EUR',
  rateText: null,
  convertedText: null,
  ...patch,
});
const fetched = { rate: '93.75', date: '2026-11-28', source: 'frankfurter' };

describe('an amount in another currency, as the settle-up form converts it', () => {
  it('in the group’s currency: as typed, nothing to convert', () => {
    expect(convertAmount(typed({ currency: '' }), '2026-11-29')).toEqual({
      foreign: false,
      rate: null,
      typedCents: 2000,
      amountCents: 2000,
      original: null,
    });
  });

  it('at the suggested rate: round_half_up(typed × rate), recorded as fetched on the rate’s day', () => {
    const money = convertAmount(typed({ amount: '20,01' }), '2026-11-29', fetched);
    // 2001 × 93.75 = 187 593.75 → 187 594
    expect(money.amountCents).toBe(187_594);
    expect(money.original).toEqual({
      currency: 'EUR',
      amountCents: 2001,
      rate: '93.75',
      rateDate: '2026-11-28',
      rateSource: 'fetched',
    });
  });

  it('without a rate: none to save with until one is typed, or the amount in the group’s currency', () => {
    expect(convertAmount(typed(), '2026-11-29')).toMatchObject({ rate: 'missing', amountCents: undefined });
    expect(convertAmount(typed({ rateText: '0' }), '2026-11-29').rate).toBe('invalid');
    const byRate = convertAmount(typed({ rateText: '94,1' }), '2026-11-29', fetched);
    expect(byRate).toMatchObject({ amountCents: 188_200, original: { rate: '94.1', rateSource: 'manual' } });
    expect(byRate.original?.rateDate).toBe('2026-11-29');
    const byAmount = convertAmount(typed({ convertedText: '1 875' }), '2026-11-29');
    expect(byAmount).toMatchObject({
      amountCents: 187_500,
      original: { rate: '93.75', rateSource: 'manual' },
    });
  });

  it('dates a rate by the local day', () => {
    expect(localDay(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
  });
});

describe('the currencies a group used, for the currency button (issue 26)', () => {
  it('are read from the cached list pages, newest first, each once', () => {
    const client = new QueryClient();
    const row = (currency: string | null) => ({ original: currency ? { currency } : null });
    // Only what usedCurrencies reads of a list page's rows.
    const listKey = (groupId: string): QueryKey => trpc.expenses.list.infiniteQueryKey({ groupId });
    client.setQueryData(listKey('g1'), {
      pages: [{ items: [row('GEL'), row(null), row('EUR')] }, { items: [row('GEL'), row('USD')] }],
      pageParams: [null, 'c'],
    });
    client.setQueryData(listKey('g2'), {
      pages: [{ items: [row('CHF')] }],
      pageParams: [null],
    });
    expect(usedCurrencies(client, 'g1')).toEqual(['GEL', 'EUR', 'USD']);
    expect(usedCurrencies(client, 'g3')).toEqual([]);
  });
});
