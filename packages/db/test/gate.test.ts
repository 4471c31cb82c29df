import { describe, expect, it } from 'vitest';
import { createGate } from '../src/gate';
import { DatabaseUnavailableError } from '../src/unavailable';

describe('the pool gate', () => {
  it('admits up to its size at once and hands a freed place to the longest waiter', async () => {
    const gate = createGate({ size: 2, waitMs: 10_000 });
    const first = await gate.acquire();
    await gate.acquire();
    const order: string[] = [];
    const third = gate.acquire().then((release) => {
      order.push('third');
      return release;
    });
    const fourth = gate.acquire().then((release) => {
      order.push('fourth');
      return release;
    });
    expect(gate.stats).toEqual({ busy: 2, waiting: 2 });
    first();
    first(); // giving a place back twice frees it once
    (await third)();
    (await fourth)();
    expect(order).toEqual(['third', 'fourth']);
    expect(gate.stats).toEqual({ busy: 1, waiting: 0 });
  });

  it('refuses a caller that got no place within the wait, as busy', async () => {
    const gate = createGate({ size: 1, waitMs: 20 });
    const held = await gate.acquire();
    const refused = await gate.acquire().catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DatabaseUnavailableError);
    expect((refused as DatabaseUnavailableError).reason).toBe('busy');
    expect(gate.stats).toEqual({ busy: 1, waiting: 0 });
    held();
    expect(gate.stats).toEqual({ busy: 0, waiting: 0 });
  });

  it('lets a caller whose request ended leave the queue, and refuses one that ended already', async () => {
    const gate = createGate({ size: 1, waitMs: 10_000 });
    const held = await gate.acquire();
    const controller = new AbortController();
    const waiting = gate.acquire(controller.signal).catch((error: unknown) => error);
    expect(gate.stats.waiting).toBe(1);
    controller.abort();
    const left = (await waiting) as DatabaseUnavailableError;
    expect(left.reason).toBe('ended');
    expect(gate.stats).toEqual({ busy: 1, waiting: 0 });
    const late = (await gate
      .acquire(controller.signal)
      .catch((error: unknown) => error)) as DatabaseUnavailableError;
    expect(late.reason).toBe('ended');
    held();
  });

  it('refuses at once when as many callers wait as it allows', async () => {
    const gate = createGate({ size: 1, waitMs: 10_000, maxWaiting: 1, what: 'request slot' });
    const held = await gate.acquire();
    const waiting = gate.acquire();
    const refused = (await gate.acquire().catch((error: unknown) => error)) as DatabaseUnavailableError;
    expect(refused.reason).toBe('busy');
    expect(refused.message).toContain('request slot');
    held();
    (await waiting)();
    expect(gate.stats).toEqual({ busy: 0, waiting: 0 });
  });
});
