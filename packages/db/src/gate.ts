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

export interface GateOptions {
  /** Places held at once. */
  size: number;
  /** How long a caller may wait for a place before it is refused. */
  waitMs: number;
  /** Callers that may wait at once; the next is refused at once (default: no limit). */
  maxWaiting?: number;
  /** What a place is, for the refusal's message ("database connection", "request slot"). */
  what?: string;
}

/**
 * A counting semaphore: at most `size` holders at once; a caller that gets no place within
 * `waitMs`, or finds `maxWaiting` callers already waiting, is refused with
 * DatabaseUnavailableError('busy') instead of queueing without bound (postgres-js's own queue has no
 * limit, which let requests whose clients had long gone run minutes later). Places are handed over
 * in arrival order. In front of the connection pool (client.ts) and of the API's requests
 * (the server's request-limits.ts).
 */
export function createGate({
  size,
  waitMs,
  maxWaiting = Number.POSITIVE_INFINITY,
  what = 'database connection',
}: GateOptions): Gate {
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
      if (waiters.length >= maxWaiting) {
        return Promise.reject(
          new DatabaseUnavailableError(
            'busy',
            `All ${size} ${what}s are taken and ${maxWaiting} callers wait already`,
          ),
        );
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
                `No ${what} became free within ${waitMs} ms (${size} in all)`,
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
