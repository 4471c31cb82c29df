/** A job run in this process now and then every interval (the recurring and weekly-summary jobs). */
export interface PeriodicJob<T> {
  /** Runs the job now (the timer's work); resolves when this run is done. */
  runNow(): Promise<T>;
  /** Stops the timer and waits for the run under way. */
  stop(): Promise<void>;
}

/**
 * Runs `run` at once, then every `intervalMs`; one run at a time in a process (a tick during a
 * long run shares it instead of starting another). A failed run goes to `onError` and is tried
 * again on the next tick. The timer does not keep the process alive.
 */
export function startPeriodicJob<T>(
  run: () => Promise<T>,
  { intervalMs, onError }: { intervalMs: number; onError?: (error: unknown) => void },
): PeriodicJob<T> {
  let current: Promise<T> | undefined;
  let stopped = false;
  const runNow = () => {
    current ??= run().finally(() => {
      current = undefined;
    });
    return current;
  };
  const tick = () => {
    if (stopped) return;
    runNow().catch((error) => onError?.(error));
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  tick();
  return {
    runNow,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await current?.catch(() => {});
    },
  };
}
