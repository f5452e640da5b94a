import { supabase } from '@/lib/supabase';
import type { Database } from '@/types/database.types';

export type ShortageDependency = Database['public']['Functions']['get_shortage_dependencies']['Returns'][number];

/** Per shortage: whether it may be deleted, and what keeps it (order items, quote items, a batch). */
export async function getShortageDependencies(ids: string[]): Promise<ShortageDependency[]> {
  const { data, error } = await supabase.rpc('get_shortage_dependencies', { p_shortage_ids: ids });
  if (error) throw error;
  return data;
}
