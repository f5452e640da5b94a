import { queryOptions, useQuery } from '@tanstack/react-query';
import { toAppDateString } from '@/lib/dates';
import { supabase } from '@/lib/supabase';
import { timeClockKeys } from '@/features/time-clock/api/keys';

/**
 * Today's expected minutes as the database computes them (expected_day: the schedule in force today, holidays, an excused
 * day, and the §9 default without a schedule); the browser keeps no default of its own.
 */
export async function getTodayGoalMinutes(userId: string, signal?: AbortSignal): Promise<number> {
  let call = supabase.rpc('expected_day', { p_user_id: userId, p_day: toAppDateString(new Date()) });
  if (signal) call = call.abortSignal(signal);
  const { data, error } = await call;
  if (error) throw error;
  return data[0]?.expected_minutes ?? 0;
}

export function todayGoalQueryOptions(userId: string) {
  return queryOptions({ queryKey: [...timeClockKeys.all, 'goal', userId] as const, queryFn: ({ signal }) => getTodayGoalMinutes(userId, signal) });
}

export function useTodayGoal(userId: string) {
  return useQuery(todayGoalQueryOptions(userId));
}
