import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { timeClockKeys } from '@/features/time-clock/api/keys';
import type { AuthorizedComputer } from '@/features/time-clock/types';

/** The authorized computers (ADMIN), newest first, with their unit and last use. */
export async function getComputers(signal?: AbortSignal): Promise<AuthorizedComputer[]> {
  let query = supabase.from('authorized_computers').select('id, name, unit_id, created_at, last_used_at, revoked_at, unit:store_units(name)').order('created_at', { ascending: false });
  if (signal) query = query.abortSignal(signal);
  const { data, error } = await query;
  if (error) throw error;
  return data.map((row) => ({
    id: row.id,
    name: row.name,
    unitId: row.unit_id,
    unitName: row.unit?.name ?? null,
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
    revokedAt: row.revoked_at,
  }));
}

export function computersQueryOptions() {
  return queryOptions({ queryKey: timeClockKeys.computers(), queryFn: ({ signal }) => getComputers(signal) });
}

export function useComputers() {
  return useQuery(computersQueryOptions());
}
