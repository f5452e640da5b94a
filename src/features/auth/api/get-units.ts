import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { authKeys } from '@/features/auth/api/keys';
import type { StoreUnit } from '@/features/auth/types';

/** Every store unit, by name, for signed-in users (the home unit switcher). */
export async function getUnits(signal?: AbortSignal): Promise<StoreUnit[]> {
  let query = supabase.from('store_units').select('id, name, address').order('name');
  if (signal) query = query.abortSignal(signal);
  const { data, error } = await query;
  if (error) throw error;
  return data;
}

export function unitsQueryOptions() {
  return queryOptions({ queryKey: authKeys.units(), queryFn: ({ signal }) => getUnits(signal) });
}

export function useUnits() {
  return useQuery(unitsQueryOptions());
}
