import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { purchasingKeys } from '@/features/purchasing/api/keys';
import type { Supplier } from '@/features/purchasing/types';

/** Every supplier by name (any signed-in user reads supplier names; their figures stay behind the RPCs). */
export async function getSuppliers(signal?: AbortSignal): Promise<Supplier[]> {
  let query = supabase.from('suppliers').select('id, name').order('name');
  if (signal) query = query.abortSignal(signal);
  const { data, error } = await query;
  if (error) throw error;
  return data;
}

export function suppliersQueryOptions() {
  return queryOptions({ queryKey: purchasingKeys.suppliers(), queryFn: ({ signal }) => getSuppliers(signal) });
}

export function useSuppliers(enabled = true) {
  return useQuery({ ...suppliersQueryOptions(), enabled });
}
