import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { authKeys } from '@/features/auth/api/keys';

export interface AssignedUnit {
  id: string;
  name: string;
}

/**
 * The units an administrator assigned to the user (user_units), by name: the only units the
 * home unit switch offers, since the database refuses a move to any other.
 */
export async function getAssignedUnits(userId: string, signal?: AbortSignal): Promise<AssignedUnit[]> {
  let query = supabase.from('user_units').select('unit:store_units!inner(id, name)').eq('user_id', userId);
  if (signal) query = query.abortSignal(signal);
  const { data, error } = await query;
  if (error) throw error;
  return data.map((row) => row.unit).sort((a, b) => a.name.localeCompare(b.name, 'pt-BR'));
}

export function assignedUnitsQueryOptions(userId: string) {
  return queryOptions({ queryKey: authKeys.assignedUnits(userId), queryFn: ({ signal }) => getAssignedUnits(userId, signal) });
}

export function useAssignedUnits(userId: string | undefined) {
  return useQuery({ ...assignedUnitsQueryOptions(userId ?? ''), enabled: Boolean(userId) });
}
