import type { DataLayer } from './data-layer';

/** Fetches the data layer's chunk (once; later calls get the same modules). */
export function loadDataLayer(): Promise<DataLayer> {
  return import('./trpc').then(({ queryClient, trpc }) => ({ queryClient, trpc }));
}
