import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { scheduleKeys } from '@/features/schedules/api/keys';
import { shortTime } from '@/features/schedules/logic';
import type { OpeningDay } from '@/features/schedules/types';

/** A unit's opening hours (ISO weekdays; a weekday without a row is closed). */
export async function getOpeningHours(unitId: string, signal?: AbortSignal): Promise<OpeningDay[]> {
  let query = supabase.from('unit_opening_hours').select('weekday, opens, closes').eq('unit_id', unitId).order('weekday');
  if (signal) query = query.abortSignal(signal);
  const { data, error } = await query;
  if (error) throw error;
  return data.map((row) => ({ weekday: row.weekday, opens: shortTime(row.opens), closes: shortTime(row.closes) }));
}

export function openingHoursQueryOptions(unitId: string) {
  return queryOptions({ queryKey: scheduleKeys.openingHours(unitId), queryFn: ({ signal }) => getOpeningHours(unitId, signal), enabled: unitId !== '' });
}

export function useOpeningHours(unitId: string) {
  return useQuery(openingHoursQueryOptions(unitId));
}
