import { describe, expect, it } from 'vitest';
import { SlidingWindowLimiter } from '../src/sliding-window-limiter';

/** A limiter on a clock the test moves by hand. */
function limiter(limit: number, windowMs: number, maxKeys?: number) {
  const clock = { now: 1_000_000 };
  const l = new SlidingWindowLimiter({ limit, windowMs, now: () => clock.now, maxKeys });
  return { l, clock };
}

describe('SlidingWindowLimiter', () => {
  it('lets `limit` hits through and refuses the next, without recording the refused one', () => {
    const { l } = limiter(3, 1000);
    expect([l.tryHit('a'), l.tryHit('a'), l.tryHit('a')]).toEqual([true, true, true]);
    expect(l.isLimited('a')).toBe(true);
    expect(l.tryHit('a')).toBe(false);
    expect(l.count('a')).toBe(3);
  });

  it('keeps keys apart', () => {
    const { l } = limiter(1, 1000);
    expect(l.tryHit('a')).toBe(true);
    expect(l.tryHit('b')).toBe(true);
    expect(l.tryHit('a')).toBe(false);
    expect(l.isLimited('c')).toBe(false);
  });

  it('slides: each hit leaves the window on its own, not the whole window at once', () => {
    const { l, clock } = limiter(2, 1000);
    l.tryHit('a'); // t = 0
    clock.now += 600;
    l.tryHit('a'); // t = 600
    expect(l.tryHit('a')).toBe(false);
    expect(l.retryAfterMs('a')).toBe(400); // the first hit leaves at t = 1000

    clock.now += 399; // t = 999
    expect(l.isLimited('a')).toBe(true);
    clock.now += 1; // t = 1000: the first hit is out, the second still in
    expect(l.count('a')).toBe(1);
    expect(l.retryAfterMs('a')).toBe(0);
    expect(l.tryHit('a')).toBe(true); // t = 1000
    expect(l.tryHit('a')).toBe(false);
    expect(l.retryAfterMs('a')).toBe(600); // the hit of t = 600 leaves at t = 1600
    clock.now += 600;
    expect(l.count('a')).toBe(1);
  });

  it('a fixed window would let 2 × limit through around its edge; the sliding one does not', () => {
    const { l, clock } = limiter(5, 60_000);
    clock.now += 59_000;
    for (let i = 0; i < 5; i++) expect(l.tryHit('ip')).toBe(true);
    clock.now += 2_000; // a fixed 60 s window would have reset here
    expect(l.tryHit('ip')).toBe(false);
  });

  it('hit() records even past the limit; undo() gives back one; reset() forgets the key', () => {
    const { l } = limiter(2, 1000);
    l.hit('a');
    l.hit('a');
    l.hit('a');
    expect(l.count('a')).toBe(2); // only the latest `limit` are kept, enough to decide
    expect(l.isLimited('a')).toBe(true);
    l.undo('a');
    expect(l.count('a')).toBe(1);
    expect(l.tryHit('a')).toBe(true);
    l.reset('a');
    expect(l.count('a')).toBe(0);
    expect(l.size).toBe(0);
  });

  it('drops keys whose hits all expired, and caps the number of keys', () => {
    const { l, clock } = limiter(1, 1000, 10);
    for (let i = 0; i < 10; i++) l.tryHit(`old${i}`);
    clock.now += 1000;
    l.tryHit('fresh'); // over the cap: the expired keys go
    expect(l.size).toBe(1);

    for (let i = 0; i < 20; i++) l.tryHit(`k${i}`);
    expect(l.size).toBeLessThanOrEqual(10);
    // The most recently hit keys are the ones kept.
    expect(l.isLimited('k19')).toBe(true);
    expect(l.isLimited('fresh')).toBe(false);
  });

  it('refuses a nonsensical configuration', () => {
    expect(() => new SlidingWindowLimiter({ limit: 0, windowMs: 1000 })).toThrow();
    expect(() => new SlidingWindowLimiter({ limit: 1, windowMs: 0 })).toThrow();
  });
});
