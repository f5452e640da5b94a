import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { timeClockKeys } from '@/features/time-clock/api/keys';
import { monthClosingSchema, type MonthClosing } from '@/features/time-clock/treatment';

/** get_month_closing: whether a unit's month is closed, and each employee's acknowledgement of the espelho. */
export async function getMonthClosing(unitId: string, month: string, signal?: AbortSignal): Promise<MonthClosing> {
  let call = supabase.rpc('get_month_closing', { p_unit_id: unitId, p_month: month });
  if (signal) call = call.abortSignal(signal);
  const { data, error } = await call;
  if (error) throw error;
  return monthClosingSchema.parse(data);
}

export function monthClosingQueryOptions(unitId: string, month: string) {
  return queryOptions({
    queryKey: timeClockKeys.acknowledgements(unitId, month),
    queryFn: ({ signal }) => getMonthClosing(unitId, month, signal),
    placeholderData: keepPreviousData,
    enabled: unitId !== '',
  });
}

export function useMonthClosing(unitId: string, month: string) {
  return useQuery(monthClosingQueryOptions(unitId, month));
}
