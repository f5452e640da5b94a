import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { supabase } from '@/lib/supabase';
import { categoryKeys } from '@/features/products/api/keys';
import type { Category } from '@/features/products/types';

const categorySchema = z.object({ id: z.string(), name: z.string(), description: z.nullable(z.string()) });

/** Every category ("grupo"), by name. */
export async function getCategories(signal?: AbortSignal): Promise<Category[]> {
  let query = supabase.from('categories').select('id, name, description').order('name');
  if (signal) query = query.abortSignal(signal);
  const { data, error } = await query;
  if (error) throw error;
  return z.array(categorySchema).parse(data);
}

export function categoriesQueryOptions() {
  return queryOptions({ queryKey: categoryKeys.list(), queryFn: ({ signal }) => getCategories(signal) });
}

export function useCategories() {
  return useQuery(categoriesQueryOptions());
}
