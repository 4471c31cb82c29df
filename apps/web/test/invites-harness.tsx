import { QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { queryClient } from '../src/lib/trpc';

export interface Call {
  path: string;
  input: unknown;
}
export type Reply = (path: string, input: unknown) => { data?: unknown; appCode?: string; status?: number };

/** The tRPC endpoint: records each call and answers from `reply` (data, or an error with an app code). */
export function stubApi(reply: Reply) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const u = new URL(url, 'http://localhost');
      const paths = u.pathname.replace('/trpc/', '').split(',');
      const body =
        init?.method === 'POST' && init.body
          ? (JSON.parse(String(init.body)) as Record<string, unknown>)
          : (JSON.parse(u.searchParams.get('input') ?? '{}') as Record<string, unknown>);
      const results = paths.map((path, i) => {
        const input = body[String(i)];
        calls.push({ path, input });
        const answer = reply(path, input);
        if (answer.appCode) {
          return {
            error: {
              code: -32600,
              message: answer.appCode,
              data: { code: 'CONFLICT', httpStatus: answer.status ?? 409, appCode: answer.appCode, path },
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

/** Renders `page` at `path` with a group route and a login route to land on. */
export function renderAt(path: string, routePath: string, page: () => ReactNode) {
  const root = createRootRoute({ component: Outlet });
  const router = createRouter({
    routeTree: root.addChildren([
      createRoute({ getParentRoute: () => root, path: '/', component: () => <p>home</p> }),
      createRoute({ getParentRoute: () => root, path: '/login', component: () => <p>login page</p> }),
      createRoute({
        getParentRoute: () => root,
        path: '/group/$groupId',
        component: () => <p>group page</p>,
      }),
      createRoute({ getParentRoute: () => root, path: routePath, component: page }),
    ]),
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}
