import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { timeClockKeys } from '@/features/time-clock/api/keys';
import { timeMarksReportSchema, type TimeMarksReport } from '@/features/time-clock/reports/schemas';

export interface MarksReportFilter {
  /** yyyy-MM-dd */
  from: string;
  to: string;
  /** '' for every unit (or employee) in the caller's scope. */
  unitId: string;
  userId: string;
}

/**
 * get_time_marks_report: every mark of the period with its source (original kept, disregarded, included), the adjustment's
 * motive and author, the device, the client address, NSR and hashes. Over 20,000 marks the database refuses (22023) rather
 * than answer part of them.
 */
export async function getTimeMarksReport({ from, to, unitId, userId }: MarksReportFilter, signal?: AbortSignal): Promise<TimeMarksReport> {
  let call = supabase.rpc('get_time_marks_report', { p_from: from, p_to: to, p_unit_id: unitId || undefined, p_user_id: userId || undefined });
  if (signal) call = call.abortSignal(signal);
  const { data, error } = await call;
  if (error) throw error;
  return timeMarksReportSchema.parse(data);
}

export function timeMarksReportQueryOptions({ from, to, unitId, userId }: MarksReportFilter) {
  return queryOptions({
    queryKey: timeClockKeys.marksReport(from, to, unitId, userId),
    queryFn: ({ signal }) => getTimeMarksReport({ from, to, unitId, userId }, signal),
    placeholderData: keepPreviousData,
    // A refusal (period, scope, too many marks) does not change by asking again.
    retry: false,
  });
}

export function useTimeMarksReport(filter: MarksReportFilter, enabled = true) {
  return useQuery({ ...timeMarksReportQueryOptions(filter), enabled });
}
