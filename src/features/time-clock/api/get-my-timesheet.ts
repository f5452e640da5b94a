import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { timeClockKeys } from '@/features/time-clock/api/keys';
import { timesheetDayFromRow, type TimesheetDay } from '@/features/time-clock/logic';


/** get_my_monthly_timesheet (spec §7): one row per day of the month of `month` (YYYY-MM-01), from the treated marks. */
export async function getMyTimesheet(month: string, signal?: AbortSignal): Promise<TimesheetDay[]> {
  let call = supabase.rpc('get_my_monthly_timesheet', { p_month: month });
  if (signal) call = call.abortSignal(signal);
  const { data, error } = await call;
  if (error) throw error;
  return data.map(timesheetDayFromRow);
}

export function myTimesheetQueryOptions(userId: string, month: string) {
  return queryOptions({ queryKey: timeClockKeys.timesheet(userId, month), queryFn: ({ signal }) => getMyTimesheet(month, signal), placeholderData: keepPreviousData });
}

export function useMyTimesheet(userId: string, month: string) {
  return useQuery(myTimesheetQueryOptions(userId, month));
}
