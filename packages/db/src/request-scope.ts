import { AsyncLocalStorage } from 'node:async_hooks';
import { requestEnded } from './unavailable';

/**
 * The HTTP request a piece of database work belongs to, found without passing it down every
 * service: the server runs each request's handler inside runInRequestScope, and the client wrapper
 * (guarded-client.ts) and the transaction guard read the signal from here. When the signal aborts
 * (the client went away, or the request's deadline passed), waiting for a connection stops,
 * running statements are cancelled and an open transaction rolls back instead of committing.
 * Work outside any request (start-up, scripts) has no signal and is never cut short.
 */
const scope = new AsyncLocalStorage<AbortSignal>();

export function runInRequestScope<T>(signal: AbortSignal, work: () => T): T {
  return scope.run(signal, work);
}

export function requestSignal(): AbortSignal | undefined {
  return scope.getStore();
}

/** Throws when the current request has ended, so no further database work starts or commits for it. */
export function assertRequestLive(signal: AbortSignal | undefined = requestSignal()): void {
  if (signal?.aborted) throw requestEnded();
}
