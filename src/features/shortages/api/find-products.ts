import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { supabase } from '@/lib/supabase';
import { shortageKeys } from '@/features/shortages/api/keys';
import type { ShortageProduct } from '@/features/shortages/types';

const SELECT = 'id, name, barcode, description, product_categories(category_id)';
const rowSchema = z.object({
  id: z.string(),
  name: z.string(),
  barcode: z.nullable(z.string()),
  description: z.nullable(z.string()),
  product_categories: z.array(z.object({ category_id: z.string() })),
});

function toProduct(row: z.infer<typeof rowSchema>): ShortageProduct {
  return { id: row.id, name: row.name, barcode: row.barcode, description: row.description, groupId: row.product_categories[0]?.category_id ?? null };
}

/** The product with exactly this barcode, or null. */
export async function findProductByBarcode(barcode: string, signal?: AbortSignal): Promise<ShortageProduct | null> {
  let query = supabase.from('products').select(SELECT).eq('barcode', barcode).limit(1);
  if (signal) query = query.abortSignal(signal);
  const { data, error } = await query;
  if (error) throw error;
  const row = z.array(rowSchema).parse(data)[0];
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
  if (signal) query = query.abortSignal(signal);
  const { data, error } = await query;
  if (error) throw error;
  return z.array(rowSchema).parse(data).map(toProduct);
}

export function productSearchQueryOptions(term: string) {
  return queryOptions({
    queryKey: shortageKeys.productSearch(term.trim()),
    queryFn: ({ signal }) => searchProducts(term, signal),
    enabled: term.trim().length >= 2,
    staleTime: 60_000,
  });
}

export function useProductSearch(term: string) {
  return useQuery(productSearchQueryOptions(term));
}
