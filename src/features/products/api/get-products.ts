import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { productKeys } from '@/features/products/api/keys';
import { loadCatalogue, type Catalogue } from '@/features/products/load-products';

/** The whole catalogue with its groups, in pages of 1000 (spec §7, §9), ordered by name with its search index. */
export function getProducts(signal?: AbortSignal): Promise<Catalogue> {
  return loadCatalogue(supabase, signal);
}

export function productsQueryOptions() {
  return queryOptions({ queryKey: productKeys.list(), queryFn: ({ signal }) => getProducts(signal) });
}

export function useProducts() {
  return useQuery(productsQueryOptions());
}
