import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { shortageKeys } from '@/features/shortages/api/keys';
import type { ShortageProduct } from '@/features/shortages/types';
import type { Tables } from '@/types/database.types';
import { lookupSignal } from '@/lib/network';

const SELECT = 'id, name, barcode, description, product_categories(category_id)';
/** A row selected with SELECT, typed from the generated database types. */
type ProductRow = Pick<Tables<'products'>, 'id' | 'name' | 'barcode' | 'description'> & {
  product_categories: Pick<Tables<'product_categories'>, 'category_id'>[];
};

function toProduct(row: ProductRow): ShortageProduct {
  return { id: row.id, name: row.name, barcode: row.barcode, description: row.description, groupId: row.product_categories[0]?.category_id ?? null };
}

/** The product with exactly this barcode, or null. */
export async function findProductByBarcode(barcode: string, signal?: AbortSignal): Promise<ShortageProduct | null> {
  let query = supabase.from('products').select(SELECT).eq('barcode', barcode).limit(1);
  query = query.abortSignal(lookupSignal(signal));
  const { data, error } = await query;
  if (error) throw error;
  const row = data[0];
  return row ? toProduct(row) : null;
}

/** Escapes PostgREST/LIKE metacharacters so a typed name is matched literally. */
function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`).replace(/[,()]/g, ' ')}%`;
}

/** Up to 20 products whose name contains the term (trigram-indexed ilike), or whose barcode starts with it. */
export async function searchProducts(term: string, signal?: AbortSignal): Promise<ShortageProduct[]> {
  const trimmed = term.trim();
  if (trimmed.length < 2) return [];
  let query = supabase.from('products').select(SELECT).order('name').limit(20);
  query = /^\d+$/.test(trimmed) ? query.like('barcode', `${trimmed}%`) : query.ilike('name', likePattern(trimmed));
  query = query.abortSignal(lookupSignal(signal));
  const { data, error } = await query;
  if (error) throw error;
  return data.map(toProduct);
}

export function productSearchQueryOptions(term: string) {
  return queryOptions({
    queryKey: shortageKeys.productSearch(term.trim()),
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
