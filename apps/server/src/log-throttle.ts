/**
 * At most one log line per interval for a flood of like events. An overloaded server refusing
 * hundreds of requests a second wrote a warning for each (about 900 lines in one bench:load run),
 * spending CPU exactly when it had none to spare; the count of refusals stays exact in /metrics.
 * Returns how many events were left out since the last line, or undefined when this one is.
 */
export function logThrottle(intervalMs: number, now: () => number = Date.now) {
  let nextLineAt = Number.NEGATIVE_INFINITY;
  let leftOut = 0;
  return (): number | undefined => {
    const time = now();
    if (time < nextLineAt) {
      leftOut++;
      return undefined;
    }
    nextLineAt = time + intervalMs;
    const count = leftOut;
    leftOut = 0;
    return count;
  };
}
