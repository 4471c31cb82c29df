import { describe, expect, it } from 'vitest';
import { logThrottle } from '../src/log-throttle';

describe('logThrottle', () => {
  it('lets the first event through, then one a second, counting the ones left out', () => {
    let now = 10_000;
    const refusals = logThrottle(1000, () => now);
    expect(refusals()).toBe(0);
    const meanwhile = Array.from({ length: 5 }, () => {
      now += 100;
      return refusals();
    });
    expect(meanwhile).toEqual([undefined, undefined, undefined, undefined, undefined]);
    now = 11_000;
    expect(refusals()).toBe(5);
    expect(refusals()).toBeUndefined();
    now = 15_000;
    expect(refusals()).toBe(1);
  });
});
