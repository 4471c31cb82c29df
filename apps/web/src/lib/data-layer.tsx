import type { QueryClient } from '@tanstack/react-query';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryClient, type trpc } from './trpc';

/**
 * The app's data layer: react-query's client and the tRPC proxy. It is a chunk of its own, loaded
 * by the screens that call the API (the signed-in area, sign-in, invites), so the landing does
 * without it. Route loaders reach it through the router context (`context.data()`).
 */
export interface DataLayer {
  queryClient: QueryClient;
  trpc: typeof trpc;
}

/** react-query's provider for a screen that uses the API; the one client the whole app shares. */
export function DataProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
