import { DatabaseUnavailableError, requestEnded } from './unavailable';

export interface Gate {
  /** Waits for a place (at most the gate's wait); the returned function gives it back, once. */
  acquire(signal?: AbortSignal): Promise<() => void>;
  /** Places taken and callers waiting now (for tests and diagnostics). */
  readonly stats: { busy: number; waiting: number };
}

interface Waiter {
  admit(): void;
}

/**
 * A counting semaphore in front of the connection pool: at most `size` statements or transactions
 * hold a connection, and a caller that gets no place within `waitMs` is refused with
 * DatabaseUnavailableError('busy') instead of queueing without bound (postgres-js's own queue has no
 * limit, which let requests whose clients had long gone run minutes later). Places are handed over
 * in arrival order.
 */
export function createGate(size: number, waitMs: number): Gate {
  let busy = 0;
  const waiters: Waiter[] = [];

  const release = () => {
    const next = waiters.shift();
    if (next) next.admit();
    else busy--;
  };
  const releaser = () => {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      release();
    };
  };

  return {
    get stats() {
      return { busy, waiting: waiters.length };
    },
    acquire(signal) {
      if (signal?.aborted) return Promise.reject(requestEnded());
      if (busy < size) {
        busy++;
        return Promise.resolve(releaser());
      }
      return new Promise((resolve, reject) => {
        const leave = (error: Error) => {
          const index = waiters.indexOf(waiter);
          if (index >= 0) waiters.splice(index, 1);
          clearTimeout(timer);
          signal?.removeEventListener('abort', onAbort);
          reject(error);
        };
        const onAbort = () => leave(requestEnded());
        const waiter: Waiter = {
          admit() {
            clearTimeout(timer);
            signal?.removeEventListener('abort', onAbort);
            resolve(releaser());
          },
        };
        const timer = setTimeout(
          () =>
            leave(
              new DatabaseUnavailableError(
                'busy',
                `No database connection became free within ${waitMs} ms (pool of ${size})`,
              ),
            ),
          waitMs,
        );
        signal?.addEventListener('abort', onAbort, { once: true });
        waiters.push(waiter);
      });
    },
  };
}
