import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { supabase } from '@/lib/supabase';
import { authKeys } from '@/features/auth/api/keys';
import type { StoreUnit } from '@/features/auth/types';

const unitSchema = z.object({ id: z.string(), name: z.string(), address: z.nullable(z.string()) });

/** Every store unit, by name, for signed-in users (the home unit switcher). */
export async function getUnits(signal?: AbortSignal): Promise<StoreUnit[]> {
  let query = supabase.from('store_units').select('id, name, address').order('name');
  if (signal) query = query.abortSignal(signal);
  const { data, error } = await query;
  if (error) throw error;
  return z.array(unitSchema).parse(data);
}

export function unitsQueryOptions() {
  return queryOptions({ queryKey: authKeys.units(), queryFn: ({ signal }) => getUnits(signal) });
}

export function useUnits() {
  return useQuery(unitsQueryOptions());
}
