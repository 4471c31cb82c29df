import { useSyncExternalStore } from 'react';
import type { RouterOutputs } from './api-types';
import { rememberSession, sessionHeaders } from './session-token';

/** The signed-in user as auth.me returns it. */
export type SessionUser = RouterOutputs['auth']['me'];

/**
 * The signed-in user, or null: decided once at start by the current-user call and kept here, not
 * in react-query, so that the signed-out pages (landing, sign-in) can know it without loading the
 * app's data layer (tRPC client, react-query). Sign-in, sign-out and profile edits set it.
 */
let user: SessionUser | null | undefined;
let pending: Promise<SessionUser | null> | undefined;
const listeners = new Set<() => void>();

function publish(next: SessionUser | null | undefined) {
  user = next;
  for (const listener of listeners) listener();
}

/** auth.me over tRPC's plain HTTP form (GET /trpc/<procedure>); null when nobody is signed in. */
async function fetchSessionUser(): Promise<SessionUser | null> {
  const response = await fetch('/trpc/auth.me', { headers: sessionHeaders(), credentials: 'include' });
  rememberSession(response);
  const body = (await response.json().catch(() => null)) as {
    result?: { data: SessionUser };
    error?: { data?: { appCode?: string } };
  } | null;
  if (response.ok && body?.result) return body.result.data;
  if (body?.error?.data?.appCode === 'UNAUTHORIZED') return null;
  throw new Error(`auth.me failed: HTTP ${response.status}`);
}

/** The session, asked for once; a failed check is asked again on the next call. */
export function loadSession(): Promise<SessionUser | null> {
  if (user !== undefined) return Promise.resolve(user);
  pending ??= fetchSessionUser().then(
    (fresh) => {
      pending = undefined;
      publish(fresh);
      return fresh;
    },
    (error: unknown) => {
      pending = undefined;
      throw error;
    },
  );
  return pending;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The session as far as it is known: undefined until the first check has answered. */
export function useSession(): { data: SessionUser | null | undefined } {
  // The server snapshot is for the landing rendered at build time (src/static): nobody is signed in there.
  const data = useSyncExternalStore(
    subscribe,
    () => user,
    () => undefined,
  );
  return { data };
}

/** The signed-in user; only inside routes under the signed-in layout. */
export function useUser(): SessionUser {
  const { data } = useSession();
  if (!data) throw new Error('useUser outside the signed-in area');
  return data;
}

export function setSessionUser(next: SessionUser | null) {
  publish(next);
}

/** Asks the server again (after a change the server made to the user, e.g. a linked account). */
export async function refreshSession(): Promise<SessionUser | null> {
  const fresh = await fetchSessionUser();
  publish(fresh);
  return fresh;
}

/** The session as last known, without asking (undefined before the first check). */
export function currentSession(): SessionUser | null | undefined {
  return user;
}

/** Forgets the known session, so the next loadSession asks the server again. */
export function forgetSession() {
  publish(undefined);
}
