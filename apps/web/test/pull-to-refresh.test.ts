import { describe, expect, it } from 'vitest';
import {
  PULL_MAX,
  PULL_RATIO,
  PULL_THRESHOLD,
  pullDistance,
  pullProgress,
  shouldRefresh,
} from '../src/features/shell/pullToRefresh';

describe('pull-to-refresh (spec §9)', () => {
  it('uses the constants of the spec', () => {
    expect([PULL_RATIO, PULL_MAX, PULL_THRESHOLD]).toEqual([0.5, 120, 60]);
  });

  it('follows the finger at half its travel', () => {
    expect(pullDistance(10)).toBe(5);
    expect(pullDistance(100)).toBe(50);
    expect(pullDistance(121)).toBe(60.5);
  });

  it('never goes above 120 px or below 0', () => {
    expect(pullDistance(240)).toBe(120);
    expect(pullDistance(1000)).toBe(120);
    expect(pullDistance(0)).toBe(0);
    expect(pullDistance(-50)).toBe(0);
    expect(pullDistance(Number.NaN)).toBe(0);
  });

  it('refreshes only past 60 px at release', () => {
    expect(shouldRefresh(pullDistance(120))).toBe(false); // exactly 60
    expect(shouldRefresh(pullDistance(122))).toBe(true);
    expect(shouldRefresh(59)).toBe(false);
    expect(shouldRefresh(PULL_MAX)).toBe(true);
  });

  it('reports progress towards the threshold', () => {
    expect(pullProgress(0)).toBe(0);
    expect(pullProgress(30)).toBe(0.5);
    expect(pullProgress(90)).toBe(1);
  });
});
