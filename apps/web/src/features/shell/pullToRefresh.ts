/** Pull-to-refresh constants of spec §9. */
export const PULL_RATIO = 0.5;
export const PULL_MAX = 120;
export const PULL_THRESHOLD = 60;

/** How far the page follows the finger: half the finger's travel, never negative, at most 120 px. */
export function pullDistance(fingerDelta: number): number {
  if (!Number.isFinite(fingerDelta) || fingerDelta <= 0) return 0;
  return Math.min(fingerDelta * PULL_RATIO, PULL_MAX);
}

/** A release refreshes only when the pull went past the threshold. */
export function shouldRefresh(distance: number): boolean {
  return distance > PULL_THRESHOLD;
}

/** 0…1 towards the threshold, for the indicator's arrow. */
export function pullProgress(distance: number): number {
  return Math.max(0, Math.min(1, distance / PULL_THRESHOLD));
}
