import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { timeClockKeys } from '@/features/time-clock/api/keys';

export interface TimeClockEmployee {
  id: string;
  name: string;
  unitId: string | null;
}

export interface TimeClockUnit {
  id: string;
  name: string;
}

/** The employees the caller may read (RLS on profiles decides the scope), by name. */
export async function getTimeClockEmployees(signal?: AbortSignal): Promise<TimeClockEmployee[]> {
  let query = supabase.from('profiles').select('id, full_name, unit_id').not('full_name', 'is', null).order('full_name');
  if (signal) query = query.abortSignal(signal);
  const { data, error } = await query;
  if (error) throw error;
  return data.map((row) => ({ id: row.id, name: row.full_name ?? '', unitId: row.unit_id }));
}

/** The chain's units, by name. */
export async function getTimeClockUnits(signal?: AbortSignal): Promise<TimeClockUnit[]> {
  let query = supabase.from('store_units').select('id, name').order('name');
  if (signal) query = query.abortSignal(signal);
  const { data, error } = await query;
  if (error) throw error;
  return data;
}

export function useTimeClockEmployees() {
  return useQuery(queryOptions({ queryKey: timeClockKeys.employees(), queryFn: ({ signal }) => getTimeClockEmployees(signal) }));
}

export function useTimeClockUnits() {
  return useQuery(queryOptions({ queryKey: timeClockKeys.units(), queryFn: ({ signal }) => getTimeClockUnits(signal) }));
}
