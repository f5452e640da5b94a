import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { categoryKeys } from '@/features/products/api/keys';
import type { Category } from '@/features/products/types';

/** Every category ("grupo"), by name. */
export async function getCategories(signal?: AbortSignal): Promise<Category[]> {
  let query = supabase.from('categories').select('id, name, description').order('name');
  if (signal) query = query.abortSignal(signal);
  const { data, error } = await query;
  if (error) throw error;
  return data;
}

export function categoriesQueryOptions() {
  return queryOptions({ queryKey: categoryKeys.list(), queryFn: ({ signal }) => getCategories(signal) });
}

export function useCategories() {
  return useQuery(categoriesQueryOptions());
}
