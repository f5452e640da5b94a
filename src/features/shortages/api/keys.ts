import type { ShortageFilters } from '@/features/shortages/types';

/** Query keys of the shortages feature (one factory; every queryFn variable is in its key). */
export const shortageKeys = {
  all: ['shortages'] as const,
  lists: () => [...shortageKeys.all, 'list'] as const,
  list: (filters: ShortageFilters) => [...shortageKeys.lists(), filters] as const,
  groups: () => [...shortageKeys.all, 'groups'] as const,
  productSearch: (term: string) => [...shortageKeys.all, 'product-search', term] as const,
};
