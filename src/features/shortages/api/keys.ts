import { queryKeyRoots } from '@/lib/query-keys';
import type { ShortageFilters } from '@/features/shortages/types';

/** Query keys of the shortages feature (one factory; every queryFn variable is in its key). */
export const shortageKeys = {
  all: ['shortages'] as const,
  lists: () => [...shortageKeys.all, 'list'] as const,
  list: (filters: ShortageFilters) => [...shortageKeys.lists(), filters] as const,
  counts: () => [...shortageKeys.all, 'count'] as const,
  count: (filters: ShortageFilters) => [...shortageKeys.counts(), filters] as const,
  detail: (id: string) => [...shortageKeys.all, 'detail', id] as const,
  /** The purchase order behind a shortage (what the clerk follows). */
  order: (id: string) => [...shortageKeys.all, 'order', id] as const,
  /** Under the shared products root: a product created or renamed on /produtos refreshes these searches. */
  productSearch: (term: string) => [...queryKeyRoots.products, 'shortage-search', term] as const,
};

/** Keys of the shortage writes other features' caches depend on (see src/app/freshness.ts). */
export const shortageMutations = {
  create: ['shortages', 'mutation', 'create'] as const,
  update: ['shortages', 'mutation', 'update'] as const,
  updateStatus: ['shortages', 'mutation', 'update-status'] as const,
  delete: ['shortages', 'mutation', 'delete'] as const,
  deleteMany: ['shortages', 'mutation', 'delete-many'] as const,
};
