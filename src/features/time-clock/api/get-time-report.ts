import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { timeClockKeys } from '@/features/time-clock/api/keys';
import { timeReportSchema, type TimeReport } from '@/features/time-clock/reports/schemas';

export interface TimeReportFilters {
  /** yyyy-MM-dd, both days included. */
  from: string;
  to: string;
  /** '' for every unit (employee) in the caller's scope. */
  unitId: string;
  userId: string;
}

/** get_time_report: the period's figures per employee, per unit, per day and in total (docs/time-clock-reports.md). */
export async function getTimeReport(filters: TimeReportFilters, signal?: AbortSignal): Promise<TimeReport> {
  let call = supabase.rpc('get_time_report', {
    p_from: filters.from,
    p_to: filters.to,
    ...(filters.unitId ? { p_unit_id: filters.unitId } : {}),
    ...(filters.userId ? { p_user_id: filters.userId } : {}),
  });
  if (signal) call = call.abortSignal(signal);
  const { data, error } = await call;
  if (error) throw error;
  return timeReportSchema.parse(data);
}

export function timeReportQueryOptions({ from, to, unitId, userId }: TimeReportFilters, enabled = true) {
  return queryOptions({
    queryKey: timeClockKeys.timeReport(from, to, unitId, userId),
    queryFn: ({ signal }) => getTimeReport({ from, to, unitId, userId }, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useTimeReport(filters: TimeReportFilters, enabled = true) {
  return useQuery(timeReportQueryOptions(filters, enabled));
}
