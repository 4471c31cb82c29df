/** The carousel's rules (spec §9): at most 5 slides; a swipe counts past 40 px. */
export const MAX_SLIDES = 5;
export const SWIPE_THRESHOLD_PX = 40;

/**
 * Which way a finger's travel turns the carousel: +1 to the next slide (a swipe to the left), -1 to
 * the previous one, 0 for a short or mostly vertical move (a scroll, or a tap).
 */
export function swipeStep(deltaX: number, deltaY = 0): -1 | 0 | 1 {
  if (!Number.isFinite(deltaX) || Math.abs(deltaX) < SWIPE_THRESHOLD_PX) return 0;
  if (Math.abs(deltaY) > Math.abs(deltaX)) return 0;
  return deltaX < 0 ? 1 : -1;
}

/** The slide after a step, kept within the slides (no wrapping around). */
export function stepSlide(index: number, step: number, count: number): number {
  if (count <= 0) return 0;
  return Math.max(0, Math.min(count - 1, index + step));
}
