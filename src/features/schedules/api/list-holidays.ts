import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { scheduleKeys } from '@/features/schedules/api/keys';
import { nationalHolidaysSchema } from '@/features/schedules/schemas';
import type { Holiday } from '@/features/schedules/types';

/** A year's holidays: the national ones as the database computes them, then the state and municipal rows, by day. */
export async function listHolidays(year: number, signal?: AbortSignal): Promise<Holiday[]> {
  let national = supabase.rpc('list_national_holidays', { p_year: year });
  let local = supabase.from('holidays').select('id, day, name, scope, unit_id').gte('day', `${year}-01-01`).lte('day', `${year}-12-31`);
  if (signal) {
    national = national.abortSignal(signal);
    local = local.abortSignal(signal);
  }
  const [n, l] = await Promise.all([national, local]);
  if (n.error) throw n.error;
  if (l.error) throw l.error;
  const rows: Holiday[] = [
    ...nationalHolidaysSchema.parse(n.data).map((h) => ({ id: null, day: h.day, name: h.name, scope: 'nacional' as const, unitId: null })),
    ...l.data.map((h) => ({ id: h.id, day: h.day, name: h.name, scope: h.scope === 'estadual' ? ('estadual' as const) : ('municipal' as const), unitId: h.unit_id })),
  ];
  return rows.sort((a, b) => a.day.localeCompare(b.day) || a.name.localeCompare(b.name));
}

export function holidaysQueryOptions(year: number) {
  return queryOptions({ queryKey: scheduleKeys.holidays(year), queryFn: ({ signal }) => listHolidays(year, signal) });
}

export function useHolidays(year: number) {
  return useQuery(holidaysQueryOptions(year));
}
