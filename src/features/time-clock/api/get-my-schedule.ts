import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { toAppDateString } from '@/lib/dates';
import { supabase } from '@/lib/supabase';
import { timeClockKeys } from '@/features/time-clock/api/keys';

/** One row of expected_day: the database's word on the day (schedule in force, holidays, excused days). */
const expectedDaySchema = z.object({
  expected_minutes: z.number(),
  day_kind: z.enum(['work', 'rest', 'holiday', 'excused']),
  holiday_name: z.nullable(z.string()),
});

export interface TodayGoal {
  expectedMinutes: number;
  dayKind: 'work' | 'rest' | 'holiday' | 'excused';
  holidayName: string | null;
}

/** Today's (São Paulo) expected minutes of the user, from the expected_day RPC: the browser keeps no default of its own. */
export async function getTodayGoal(userId: string, signal?: AbortSignal): Promise<TodayGoal> {
  let query = supabase.rpc('expected_day', { p_user_id: userId, p_day: toAppDateString(new Date()) });
  if (signal) query = query.abortSignal(signal);
  const { data, error } = await query;
  if (error) throw error;
  const day = z.array(expectedDaySchema).check(z.minLength(1)).parse(data)[0]!;
  return { expectedMinutes: day.expected_minutes, dayKind: day.day_kind, holidayName: day.holiday_name };
}

export function todayGoalQueryOptions(userId: string) {
  return queryOptions({ queryKey: [...timeClockKeys.all, 'goal', userId, toAppDateString(new Date())] as const, queryFn: ({ signal }) => getTodayGoal(userId, signal) });
}

export function useTodayGoal(userId: string) {
  return useQuery(todayGoalQueryOptions(userId));
}
