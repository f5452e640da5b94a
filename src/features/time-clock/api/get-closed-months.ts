import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { timeClockKeys } from '@/features/time-clock/api/keys';

export interface ClosedMonth {
  id: string;
  month: string;
  closedAt: string;
}

/** ponto_fechamentos: a unit's closed months, newest first. */
export async function getClosedMonths(unitId: string, signal?: AbortSignal): Promise<ClosedMonth[]> {
  let query = supabase.from('ponto_fechamentos').select('id, month, closed_at').eq('unit_id', unitId).order('month', { ascending: false }).limit(60);
  if (signal) query = query.abortSignal(signal);
  const { data, error } = await query;
  if (error) throw error;
  return data.map((row) => ({ id: row.id, month: row.month, closedAt: row.closed_at }));
}

export function closedMonthsQueryOptions(unitId: string) {
  return queryOptions({ queryKey: timeClockKeys.closings(unitId), queryFn: ({ signal }) => getClosedMonths(unitId, signal), enabled: unitId !== '' });
}

export function useClosedMonths(unitId: string) {
  return useQuery(closedMonthsQueryOptions(unitId));
}
