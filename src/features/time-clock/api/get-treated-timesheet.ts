import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { timeClockKeys } from '@/features/time-clock/api/keys';
import { treatedTimesheetSchema, type TreatedTimesheet } from '@/features/time-clock/treatment';

/** get_treated_timesheet: one employee's treated month (original and treated marks, adjustments, totals, bank). */
export async function getTreatedTimesheet(userId: string, month: string, signal?: AbortSignal): Promise<TreatedTimesheet> {
  let call = supabase.rpc('get_treated_timesheet', { p_user_id: userId, p_month: month });
  if (signal) call = call.abortSignal(signal);
  const { data, error } = await call;
  if (error) throw error;
  return treatedTimesheetSchema.parse(data);
}

export function treatedTimesheetQueryOptions(userId: string, month: string) {
  return queryOptions({
    queryKey: timeClockKeys.treatedTimesheet(userId, month),
    queryFn: ({ signal }) => getTreatedTimesheet(userId, month, signal),
    placeholderData: keepPreviousData,
    enabled: userId !== '',
  });
}

export function useTreatedTimesheet(userId: string, month: string) {
  return useQuery(treatedTimesheetQueryOptions(userId, month));
}
