import { queryOptions, useQuery } from '@tanstack/react-query';
import { toAppDateString } from '@/lib/dates';
import { supabase } from '@/lib/supabase';
import { timeClockKeys } from '@/features/time-clock/api/keys';
import type { PunchType } from '@/features/time-clock/logic';
import type { TodayPunch } from '@/features/time-clock/types';

/** Spec §9: today's figures are read again every 30 s (and at once after a punch). */
export const TODAY_REFETCH_MS = 30_000;

/**
 * The caller's current journey: the punches of their latest work day if it is today in São Paulo or a
 * journey still open from yesterday (a night shift), as register_punch decides.
 */
export async function getTodayPunches(userId: string, signal?: AbortSignal): Promise<TodayPunch[]> {
  let latest = supabase.from('pontos').select('work_date, punch_type, punched_at').eq('funcionario_id', userId).order('punched_at', { ascending: false }).limit(1);
  if (signal) latest = latest.abortSignal(signal);
  const { data: last, error } = await latest.maybeSingle();
  if (error) throw error;
  if (!last) return [];
  const today = toAppDateString(new Date());
  const open = last.punch_type !== 'SAIDA_FINAL' && Date.now() - Date.parse(last.punched_at) < 16 * 3600_000;
  if (last.work_date !== today && !open) return [];
  let day = supabase.from('pontos').select('id, punch_type, punched_at, nsr, fora_da_unidade').eq('funcionario_id', userId).eq('work_date', last.work_date).order('punched_at');
  if (signal) day = day.abortSignal(signal);
  const { data, error: dayError } = await day;
  if (dayError) throw dayError;
  return data.map((row) => ({ id: row.id, punchType: row.punch_type as PunchType, punchedAt: row.punched_at, nsr: Number(row.nsr), outsideUnit: row.fora_da_unidade === true }));
}

export function todayPunchesQueryOptions(userId: string) {
  return queryOptions({ queryKey: timeClockKeys.today(userId), queryFn: ({ signal }) => getTodayPunches(userId, signal), refetchInterval: TODAY_REFETCH_MS });
}

export function useTodayPunches(userId: string, enabled = true) {
  return useQuery({ ...todayPunchesQueryOptions(userId), enabled });
}
