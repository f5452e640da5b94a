import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { supabase } from '@/lib/supabase';
import { purchasingKeys } from '@/features/purchasing/api/keys';

/**
 * list_my_work_unit_ids: the units whose deliveries the caller confirms (current and assigned units, the database's
 * private.works_in_unit). The receive dialog counts those lines and leaves the others to their units.
 */
export async function getMyWorkUnits(signal?: AbortSignal): Promise<string[]> {
  let query = supabase.rpc('list_my_work_unit_ids');
  if (signal) query = query.abortSignal(signal);
  const { data, error } = await query;
  if (error) throw error;
  return z.array(z.string()).parse(data);
}

export function myWorkUnitsQueryOptions() {
  return queryOptions({ queryKey: purchasingKeys.myWorkUnits(), queryFn: ({ signal }) => getMyWorkUnits(signal) });
}

export function useMyWorkUnits(enabled = true) {
  return useQuery({ ...myWorkUnitsQueryOptions(), enabled });
}
