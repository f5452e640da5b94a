import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { timeClockKeys } from '@/features/time-clock/api/keys';
import type { TimesheetDay } from '@/features/time-clock/logic';

/** get_my_monthly_timesheet (spec §7): one row per day of the month of `month` (YYYY-MM-01). */
export async function getMyTimesheet(month: string, signal?: AbortSignal): Promise<TimesheetDay[]> {
  let call = supabase.rpc('get_my_monthly_timesheet', { p_month: month });
  if (signal) call = call.abortSignal(signal);
  const { data, error } = await call;
  if (error) throw error;
  return data.map((row) => ({
    date: row.date,
    entrada: row.entrada,
    saidaIntervalo: row.saida_intervalo,
    retornoIntervalo: row.retorno_intervalo,
    saidaFinal: row.saida_final,
    extras: row.extras ?? [],
    workedMinutes: row.horas_trabalhadas_minutos,
    expectedMinutes: row.horas_esperadas_minutos,
    outsideUnit: row.fora_da_unidade,
  }));
}

export function myTimesheetQueryOptions(userId: string, month: string) {
  return queryOptions({ queryKey: timeClockKeys.timesheet(userId, month), queryFn: ({ signal }) => getMyTimesheet(month, signal), placeholderData: keepPreviousData });
}

export function useMyTimesheet(userId: string, month: string) {
  return useQuery(myTimesheetQueryOptions(userId, month));
}
