import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { authKeys } from '@/features/auth/api/keys';
import type { Database } from '@/types/database.types';

export type UnitName = Database['public']['Functions']['list_unit_names']['Returns'][number];

/**
 * Unit names for the registration form, which runs before sign-in: the
 * `list_unit_names` RPC is callable by anon, while `store_units` is not.
 */
export async function getUnitNames(signal?: AbortSignal): Promise<UnitName[]> {
  let query = supabase.rpc('list_unit_names');
  if (signal) query = query.abortSignal(signal);
  const { data, error } = await query;
  if (error) throw error;
  return data;
}

export function unitNamesQueryOptions() {
  return queryOptions({ queryKey: authKeys.unitNames(), queryFn: ({ signal }) => getUnitNames(signal) });
}

export function useUnitNames() {
  return useQuery(unitNamesQueryOptions());
}
