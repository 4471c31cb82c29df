import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import {
  type PersistedClient,
  persistQueryClientRestore,
  persistQueryClientSave,
  persistQueryClientSubscribe,
} from '@tanstack/query-persist-client-core';
import {
  type DehydrateOptions,
  dehydrate,
  onlineManager,
  type Query,
  type QueryClient,
} from '@tanstack/react-query';
import type { DataLayer } from './data-layer';
// Not used here but by the persister's hydration: importing the data layer's chunk keeps
// react-query's shared code in that chunk, instead of split into a new one the first screen loads.
import './trpc';
import { clear, createStore, del, get, set } from 'idb-keyval';
import { refreshSession, type SessionUser, setSessionUser } from './session';

/**
 * What the signed-in app keeps for reading offline (issue 27), in IndexedDB through idb-keyval:
 * the group list, the groups, balances, categories and expenses opened, the first page of each
 * group's expenses, the writes queued offline (lib/outbox.ts) and who was signed in. Restored when
 * the app starts (awaited when it starts offline), saved as the cache changes, dropped on
 * sign-out. Its own chunk, loaded after the first screen's code: the first screen does not wait
 * for it online.
 */
const store = createStore('dolya-offline', 'keyval');
const USER = 'user';
const CACHE = 'cache';
const MAX_AGE = 7 * 24 * 60 * 60 * 1000;

/** The procedures whose answers are kept (their first page, for the expense list). */
const KEPT = [
  'groups.list',
  'groups.get',
  'balances.get',
  'categories.list',
  'expenses.list',
  'expenses.get',
];

/** tRPC's query key: [['groups', 'get'], { input, type }]. */
type Key = [string[], { input?: { filter?: unknown }; type?: string }?];

function kept(query: Query): boolean {
  const [path, options] = query.queryKey as Key;
  return (
    query.state.status === 'success' &&
    KEPT.includes(path.join('.')) &&
    // A search's pages are not the list seen last.
    !options?.input?.filter
  );
}

const dehydrateOptions: DehydrateOptions = {
  shouldDehydrateQuery: kept,
  // The outbox's writes (lib/outbox.ts: OUTBOX_KEY) until sent.
  shouldDehydrateMutation: (m) => m.options.mutationKey?.[0] === 'outbox' && m.state.status !== 'success',
};

type Pages = { pages: unknown[]; pageParams: unknown[] };
type StoredError = { message: string; data?: unknown };

/**
 * To text: an expense list keeps its first page (the cursors of later ones go stale), a write
 * under way when the page closed is paused (sent again on restore: its key makes that safe), and
 * a refusal keeps its message and the API's error data (the error object itself holds a Response).
 */
function serialize(client: PersistedClient): string {
  const { queries, mutations } = client.clientState;
  return JSON.stringify({
    ...client,
    clientState: {
      queries: queries.map((query) => {
        const data = query.state.data as Pages | undefined;
        return (query.queryKey as Key)[1]?.type === 'infinite' && data?.pages
          ? {
              ...query,
              state: {
                ...query.state,
                data: { pages: data.pages.slice(0, 1), pageParams: data.pageParams.slice(0, 1) },
              },
            }
          : query;
      }),
      mutations: mutations.map((mutation) => {
        const { error } = mutation.state;
        return {
          ...mutation,
          state: {
            ...mutation.state,
            isPaused: mutation.state.status === 'pending' || mutation.state.isPaused,
            error: error
              ? { message: (error as Error).message, data: (error as { data?: unknown }).data }
              : null,
          },
        };
      }),
    },
  });
}

function deserialize(text: string): PersistedClient {
  const client = JSON.parse(text) as PersistedClient;
  for (const mutation of client.clientState.mutations) {
    const error = mutation.state.error as StoredError | null;
    if (error) mutation.state.error = Object.assign(new Error(error.message), { data: error.data });
  }
  return client;
}

const persister = createAsyncStoragePersister({
  storage: {
    getItem: (key) => get<string>(key, store),
    setItem: (key, value) => set(key, value, store),
    removeItem: (key) => del(key, store),
  },
  key: CACHE,
  throttleTime: 500,
  serialize,
  deserialize,
});

/**
 * Saves now, past the persister's throttle: a change of the outbox (a write queued, sent, refused
 * or discarded: a tab closed right after "saved offline" must not lose it), and the page being
 * left or hidden (what was seen last is kept). A throttled save that follows carries a state at
 * least as new.
 */
function saveNowWhenNeeded(queryClient: QueryClient, buster: string) {
  const save = () => {
    const client = { buster, timestamp: Date.now(), clientState: dehydrate(queryClient, dehydrateOptions) };
    void set(CACHE, serialize(client), store).catch(() => undefined);
  };
  const onHide = () => {
    if (document.visibilityState === 'hidden') save();
  };
  const unsubscribe = queryClient.getMutationCache().subscribe((event) => {
    if (event.mutation?.options.mutationKey?.[0] === 'outbox' && event.type !== 'observerAdded') save();
  });
  window.addEventListener('pagehide', save);
  document.addEventListener('visibilitychange', onHide);
  return () => {
    unsubscribe();
    window.removeEventListener('pagehide', save);
    document.removeEventListener('visibilitychange', onHide);
  };
}

let started: Promise<void> | undefined;
let stop: (() => void) | undefined;

/**
 * Restores what was kept (a cache kept for another account is dropped: its buster is the user's
 * id), then keeps saving it and sends the writes queued before. Once per page.
 */
export function startOffline(context: { data: () => Promise<DataLayer>; user: SessionUser }): Promise<void> {
  started ??= (async () => {
    // The outbox is not a dependency the first screen's code names.
    const [{ queryClient }, { setOutboxDefaults }] = await Promise.all([context.data(), import('./outbox')]);
    const { user } = context;
    // react-query takes itself for online until the browser says otherwise by an event: a page
    // opened offline would send its queries (and the outbox) to fail, instead of pausing them
    // until the connection is back (the group page then says what it cannot show).
    onlineManager.setOnline(navigator.onLine);
    setOutboxDefaults(queryClient);
    for (const path of KEPT) queryClient.setQueryDefaults([path.split('.')], { gcTime: MAX_AGE });
    void set(USER, user, store).catch(() => undefined);
    const options = { queryClient, persister, buster: user.id, maxAge: MAX_AGE, dehydrateOptions };
    await persistQueryClientRestore(options).catch(() => undefined);
    const unsubscribe = persistQueryClientSubscribe(options);
    // What came in before the subscription (the first screen's answers) is saved too.
    void persistQueryClientSave(options);
    const unsubscribeNow = saveNowWhenNeeded(queryClient, user.id);
    stop = () => {
      unsubscribe();
      unsubscribeNow();
    };
    void queryClient.resumePausedMutations();
  })();
  return started;
}

/**
 * The account signed in last, when the session cannot be asked for (offline): the app opens with
 * it and what was kept, and asks again once the connection is back. Without one, the session's
 * error stands.
 */
export async function lastUser(error: unknown): Promise<SessionUser> {
  const user = await get<SessionUser>(USER, store).catch(() => undefined);
  if (!user) throw error;
  setSessionUser(user);
  window.addEventListener('online', () => void refreshSession().catch(() => undefined), { once: true });
  return user;
}

/** Sign-out: nothing of the account stays on the device. */
export async function dropOfflineData() {
  stop?.();
  stop = undefined;
  started = undefined;
  await clear(store).catch(() => undefined);
}
