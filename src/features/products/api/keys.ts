import { queryKeyRoots } from '@/lib/query-keys';

/**
 * Query keys of the products feature (one factory; every queryFn variable is in its key), on the shared
 * roots: writes invalidate `productKeys.all` / `categoryKeys.all`, which also covers other screens' lookups.
 */
export const productKeys = {
  all: queryKeyRoots.products,
  lists: () => [...productKeys.all, 'list'] as const,
  list: () => [...productKeys.lists(), 'all'] as const,
};

export const categoryKeys = {
  all: queryKeyRoots.categories,
  lists: () => [...categoryKeys.all, 'list'] as const,
  list: () => [...categoryKeys.lists(), 'all'] as const,
};
