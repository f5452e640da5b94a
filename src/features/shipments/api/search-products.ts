import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { shipmentKeys } from '@/features/shipments/api/keys';
import { nameSearchPatterns } from '@/features/shipments/product-search';
import type { ProductOption } from '@/features/shipments/types';
import { lookupSignal } from '@/lib/network';

const LIMIT = 20;

/**
 * Up to 20 products by name, case- and accent-insensitive ('acido' finds 'Ácido'), every typed word
 * in any order; a term of digits only matches the start of the barcode instead.
 */
export async function searchProducts(term: string, signal?: AbortSignal): Promise<ProductOption[]> {
  const trimmed = term.trim();
  if (trimmed.length < 2) return [];
  let query = supabase.from('products').select('id, name, barcode').order('name').limit(LIMIT);
  if (/^\d+$/.test(trimmed)) query = query.like('barcode', `${trimmed}%`);
  else for (const pattern of nameSearchPatterns(trimmed)) query = query.filter('name', 'imatch', pattern);
  query = query.abortSignal(lookupSignal(signal));
  const { data, error } = await query;
  if (error) throw error;
  return data;
}

export function productSearchQueryOptions(term: string) {
  return queryOptions({
    queryKey: shipmentKeys.productSearch(term.trim()),
    queryFn: ({ signal }) => searchProducts(term, signal),
    enabled: term.trim().length >= 2,
    staleTime: 60_000,
    // A lookup gives up after LOOKUP_TIMEOUT_MS and says so; retrying would double the wait.
    retry: false,
  });
}

export function useProductSearch(term: string) {
  return useQuery(productSearchQueryOptions(term));
}
