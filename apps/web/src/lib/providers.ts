import { useEffect, useState } from 'react';
import { callApi } from './api-call';
import type { RouterOutputs } from './api-types';

/** The sign-in methods this server offers (OAuth providers, the Telegram bot). */
export type Providers = RouterOutputs['auth']['providers'];

let known: Providers | undefined;
let pending: Promise<Providers> | undefined;

/**
 * auth.providers, asked once per page: the server's configuration does not change while it runs.
 * A failure is not kept, so the next screen that needs it asks again.
 */
export function loadProviders(): Promise<Providers> {
  if (known) return Promise.resolve(known);
  pending ??= callApi('auth.providers', undefined, 'query').then(
    (providers) => {
      known = providers;
      return providers;
    },
    (error: unknown) => {
      pending = undefined;
      throw error;
    },
  );
  return pending;
}

/** The providers once known: undefined while loading, null when the call failed or is not wanted. */
export function useProviders(enabled = true): Providers | null | undefined {
  const [state, setState] = useState<Providers | null | undefined>(known);
  useEffect(() => {
    if (!enabled || known) return;
    let live = true;
    loadProviders().then(
      (providers) => live && setState(providers),
      () => live && setState(null),
    );
    return () => {
      live = false;
    };
  }, [enabled]);
  return enabled ? (known ?? state) : null;
}

/** Forgets what the server said, so the next screen asks again (tests run many servers in one page). */
export function forgetProviders() {
  known = undefined;
  pending = undefined;
}
