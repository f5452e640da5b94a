import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { timeClockKeys } from '@/features/time-clock/api/keys';
import { hourBankSchema, type HourBank } from '@/features/time-clock/treatment';

/** get_hour_bank: an employee's hour bank (balance, agreement, the minutes expiring next). */
export async function getHourBank(userId: string, signal?: AbortSignal): Promise<HourBank> {
  let call = supabase.rpc('get_hour_bank', { p_user_id: userId });
  if (signal) call = call.abortSignal(signal);
  const { data, error } = await call;
  if (error) throw error;
  return hourBankSchema.parse(data);
}

export function hourBankQueryOptions(userId: string) {
  return queryOptions({ queryKey: timeClockKeys.hourBank(userId), queryFn: ({ signal }) => getHourBank(userId, signal) });
}

export function useHourBank(userId: string) {
  return useQuery(hourBankQueryOptions(userId));
}
