import { queryOptions, useQuery } from '@tanstack/react-query';
import { toAppDateString } from '@/lib/dates';
import { supabase } from '@/lib/supabase';
import { timeClockKeys } from '@/features/time-clock/api/keys';
import { DEFAULT_EXPECTED_MINUTES } from '@/features/time-clock/logic';

/** Today's expected minutes from the caller's schedule (Monday-first minutes); without one, spec §9's 480 on weekdays. */
export async function getTodayGoalMinutes(userId: string, signal?: AbortSignal): Promise<number> {
  let query = supabase.from('work_schedules').select('expected_minutes').eq('user_id', userId);
  if (signal) query = query.abortSignal(signal);
  const { data, error } = await query.maybeSingle();
  if (error) throw error;
  // Monday = 0 … Sunday = 6, of today's São Paulo calendar day.
  const index = (new Date(`${toAppDateString(new Date())}T12:00:00Z`).getUTCDay() + 6) % 7;
  if (!data) return index <= 4 ? DEFAULT_EXPECTED_MINUTES : 0;
  return data.expected_minutes[index] ?? DEFAULT_EXPECTED_MINUTES;
}

export function todayGoalQueryOptions(userId: string) {
  return queryOptions({ queryKey: [...timeClockKeys.all, 'goal', userId] as const, queryFn: ({ signal }) => getTodayGoalMinutes(userId, signal) });
}

export function useTodayGoal(userId: string) {
  return useQuery(todayGoalQueryOptions(userId));
}
