import { QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { render, screen } from '@testing-library/react';
import { toast as sonner, Toaster } from 'sonner';
import { vi } from 'vitest';
import { AccountPage } from '../src/features/account/AccountPage';
import { FriendsSection } from '../src/features/friends/FriendsSection';
import { PasskeyRow } from '../src/features/passkey/PasskeyRow';
import { setSessionUser } from '../src/lib/session';
import { queryClient } from '../src/lib/trpc';

export const ME = {
  id: 'aaaaaaaa-0000-4000-8000-000000000001',
  name: 'Demo',
  username: 'demo',
  email: 'demo@example.com',
  telegramUsername: null as string | null,
};

export interface Call {
  path: string;
  input: unknown;
}

export type Answer = { data?: unknown; appCode?: string; status?: number; field?: string };

export const ALL_PROVIDERS = {
  google: true,
  yandex: true,
  telegram: { botUsername: 'dolya_bot' },
  passkey: true,
};

/**
 * The tRPC endpoint at the network edge: records each call and answers from `reply`; by default
 * every provider is offered and nothing is linked. Unknown procedures answer NOT_FOUND.
 */
export function stubApi(reply: (path: string, input: unknown) => Answer | undefined = () => undefined) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const u = new URL(url, 'http://localhost');
      const paths = u.pathname.replace('/trpc/', '').split(',');
      const posted = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
      const queried = u.searchParams.get('input');
      const inputs = queried ? (JSON.parse(queried) as Record<string, unknown>) : {};
      const results = paths.map((path, i) => {
        const input = init?.method === 'POST' ? posted[String(i)] : inputs[String(i)];
        calls.push({ path, input });
        const answer =
          reply(path, input) ??
          (path === 'auth.providers'
            ? { data: ALL_PROVIDERS }
            : path === 'identities.list'
              ? { data: [] }
              : { appCode: 'NOT_FOUND', status: 404 });
        if (answer.appCode) {
          return {
            error: {
              code: -32600,
              message: answer.appCode,
              data: {
                code: 'ERROR',
                httpStatus: answer.status ?? 409,
                appCode: answer.appCode,
                field: answer.field ?? null,
                path,
              },
            },
          };
        }
        return { result: { data: answer.data ?? null } };
      });
      const failed = results.some((r) => 'error' in r);
      return new Response(JSON.stringify(results), {
        status: failed ? (results.length === 1 ? 409 : 207) : 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}

/** The clipboard of the browser: records what the page writes. */
export function stubClipboard() {
  const writes: string[] = [];
  Object.defineProperty(navigator, 'clipboard', {
    configurable: true,
    value: {
      writeText: async (text: string) => {
        writes.push(text);
      },
    },
  });
  return writes;
}

/** Renders /account (with the app's toaster) signed in as `user`, at `url`. */
export async function renderAccount(url = '/account', user = ME, heading = 'Account') {
  setSessionUser(user);
  const root = createRootRoute({
    component: () => (
      <>
        <Outlet />
        <Toaster />
      </>
    ),
  });
  const router = createRouter({
    routeTree: root.addChildren([
      createRoute({ getParentRoute: () => root, path: '/', component: () => <p>groups</p> }),
      createRoute({
        getParentRoute: () => root,
        path: '/account',
        // As its route composes it.
        component: () => <AccountPage passkeyRow={<PasskeyRow />} friends={<FriendsSection />} />,
      }),
    ]),
    history: createMemoryHistory({ initialEntries: [url] }),
  });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  await screen.findByRole('heading', { level: 1, name: heading });
  return router;
}

export const mutations = (calls: Call[]) => calls.filter((c) => c.input !== undefined);

/** Sonner keeps active toasts in a module store and replays them to a new Toaster: forget them. */
export function resetToasts() {
  sonner.dismiss();
}
