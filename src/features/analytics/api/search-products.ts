import { queryOptions, useQuery } from '@tanstack/react-query';
import { lookupSignal } from '@/lib/network';
import { supabase } from '@/lib/supabase';
import { analyticsKeys } from '@/features/analytics/api/keys';
import type { AnalysisOption } from '@/features/analytics/api/get-analysis-filter-options';

/** Escapes PostgREST/LIKE metacharacters so a typed name is matched literally. */
function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`).replace(/[,()]/g, ' ')}%`;
}

/** The Produto filter: up to 20 products whose name contains the typed text (or whose barcode starts with it). */
export async function searchAnalysisProducts(term: string, signal?: AbortSignal): Promise<AnalysisOption[]> {
  const trimmed = term.trim();
  if (trimmed.length < 2) return [];
  let query = supabase.from('products').select('id, name').order('name').limit(20);
  query = /^\d+$/.test(trimmed) ? query.like('barcode', `${trimmed}%`) : query.ilike('name', likePattern(trimmed));
  const { data, error } = await query.abortSignal(lookupSignal(signal));
  if (error) throw error;
  return data;
}

/** The product a shared link names (its name for the filter box), or null when there is no such product. */
export async function getAnalysisProduct(productId: string, signal?: AbortSignal): Promise<AnalysisOption | null> {
  let query = supabase.from('products').select('id, name').eq('id', productId).limit(1);
  if (signal) query = query.abortSignal(signal);
  const { data, error } = await query;
  if (error) throw error;
  return data[0] ?? null;
}

export function analysisProductSearchQueryOptions(term: string) {
  return queryOptions({
    queryKey: analyticsKeys.productSearch(term.trim()),
    queryFn: ({ signal }) => searchAnalysisProducts(term, signal),
    enabled: term.trim().length >= 2,
    staleTime: 60_000,
    // A lookup gives up after LOOKUP_TIMEOUT_MS and says so; retrying would double the wait.
    retry: false,
  });
}

export function useAnalysisProductSearch(term: string) {
  return useQuery(analysisProductSearchQueryOptions(term));
}

export function analysisProductQueryOptions(productId: string) {
  return queryOptions({
    queryKey: analyticsKeys.product(productId),
    queryFn: ({ signal }) => getAnalysisProduct(productId, signal),
    staleTime: 5 * 60_000,
    retry: false,
  });
}

export function useAnalysisProduct(productId: string | null) {
  return useQuery({ ...analysisProductQueryOptions(productId ?? ''), enabled: productId !== null });
}
