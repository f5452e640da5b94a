import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { productKeys } from '@/features/products/api/keys';
import { loadAllProducts } from '@/features/products/load-products';
import type { Product } from '@/features/products/types';

/** The whole catalogue with its groups, in pages of 1000 (spec §7, §9). */
export function getProducts(signal?: AbortSignal): Promise<Product[]> {
  return loadAllProducts(supabase, signal);
}

export function productsQueryOptions() {
  return queryOptions({ queryKey: productKeys.list(), queryFn: ({ signal }) => getProducts(signal) });
}

export function useProducts() {
  return useQuery(productsQueryOptions());
}
