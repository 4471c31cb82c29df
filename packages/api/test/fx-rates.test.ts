import { fxRates } from '@dolya/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFxProvider } from '../src/testing';
import { refusal } from './fixtures';
import { signUp, testConfig, useTestDatabase } from './harness';

const db = useTestDatabase();

describe('fx.rate', () => {
  let provider: Awaited<ReturnType<typeof startFxProvider>>;
  beforeAll(async () => {
    provider = await startFxProvider({
      'EUR/RUB': { rate: '93.75' },
      // More digits than a double keeps: read from the text, rounded to 12 significant digits.
      'USD/RUB': { rate: '81.123456789012345' },
      // A weekend: the provider answers Friday's rate.
      'GEL/RUB': { rate: '29.5', date: '2026-11-27' },
    });
  });
  afterAll(async () => provider.close());
  const config = () => ({ ...testConfig, fxRatesUrl: provider.url, fxTimeoutMs: 500 });

  it('answers {rate, date, source} from the provider, then from the cache', async () => {
    const alice = await signUp(db.current.db, 'Alice', config());
    const before = provider.calls.length;
    const query = { from: 'EUR', to: 'RUB', date: '2026-11-28' };
    expect(await (await alice.call()).fx.rate(query)).toEqual({
      rate: '93.75',
      date: '2026-11-28',
      source: 'frankfurter',
    });
    expect(await (await alice.call()).fx.rate(query)).toEqual({
      rate: '93.75',
      date: '2026-11-28',
      source: 'frankfurter',
    });
    expect(provider.calls.slice(before)).toEqual(['/v2/rate/EUR/RUB?date=2026-11-28']);
    const cached = await db.current.db.select().from(fxRates);
    expect(cached).toHaveLength(1);
  });

  it('keeps the provider’s digits exactly, to 12 significant ones', async () => {
    const alice = await signUp(db.current.db, 'Alice', config());
    const answer = await (await alice.call()).fx.rate({ from: 'usd', to: 'rub', date: '2026-11-28' });
    expect(answer.rate).toBe('81.123456789');
  });

  it('answers the date the rate is of', async () => {
    const alice = await signUp(db.current.db, 'Alice', config());
    const answer = await (await alice.call()).fx.rate({ from: 'GEL', to: 'RUB', date: '2026-11-29' });
    expect(answer).toMatchObject({ rate: '29.5', date: '2026-11-27' });
  });

  it('RATE_UNAVAILABLE when the provider has no rate, fails, is too slow or is not configured', async () => {
    const alice = await signUp(db.current.db, 'Alice', config());
    const unknown = await refusal(
      (await alice.call()).fx.rate({ from: 'AMD', to: 'RUB', date: '2026-11-28' }),
    );
    expect(unknown.appCode).toBe('RATE_UNAVAILABLE');

    provider.state.fail = true;
    const down = await refusal((await alice.call()).fx.rate({ from: 'EUR', to: 'RUB', date: '2026-11-20' }));
    provider.state.fail = false;
    expect(down.appCode).toBe('RATE_UNAVAILABLE');

    provider.state.delayMs = 2000;
    const started = Date.now();
    const slow = await refusal((await alice.call()).fx.rate({ from: 'EUR', to: 'RUB', date: '2026-11-21' }));
    provider.state.delayMs = 0;
    expect(slow.appCode).toBe('RATE_UNAVAILABLE');
    expect(Date.now() - started).toBeLessThan(1500);

    const bob = await signUp(db.current.db, 'Bob', testConfig);
    const none = await refusal((await bob.call()).fx.rate({ from: 'EUR', to: 'RUB', date: '2026-11-22' }));
    expect(none.appCode).toBe('RATE_UNAVAILABLE');
    // Nothing is cached from a refusal.
    expect((await db.current.db.select().from(fxRates)).map((r) => r.requestedDate)).not.toContain(
      '2026-11-20',
    );
  });

  it('refuses an unknown currency or a bad date naming the field', async () => {
    const alice = await signUp(db.current.db, 'Alice', config());
    const badFrom = await refusal(
      (await alice.call()).fx.rate({ from: 'XYZ', to: 'RUB', date: '2026-11-28' }),
    );
    expect([badFrom.appCode, badFrom.field]).toEqual(['INVALID_CURRENCY', 'from']);
    const badDate = await refusal(
      (await alice.call()).fx.rate({ from: 'EUR', to: 'RUB', date: '28.11.2026' }),
    );
    expect([badDate.appCode, badDate.field]).toEqual(['VALIDATION_ERROR', 'date']);
  });

  it('one currency both ways is 1 without asking anyone', async () => {
    const alice = await signUp(db.current.db, 'Alice', config());
    const before = provider.calls.length;
    expect(await (await alice.call()).fx.rate({ from: 'RUB', to: 'RUB', date: '2026-11-28' })).toEqual({
      rate: '1',
      date: '2026-11-28',
      source: 'identity',
    });
    expect(provider.calls.length).toBe(before);
  });

  it('needs a session', async () => {
    const { browser } = await import('./harness');
    const anonymous = await browser(db.current.db, config());
    const error = await refusal(
      (await anonymous.call()).fx.rate({ from: 'EUR', to: 'RUB', date: '2026-11-28' }),
    );
    expect(error.appCode).toBe('UNAUTHORIZED');
  });
});
