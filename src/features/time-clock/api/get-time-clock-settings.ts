import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { timeClockKeys } from '@/features/time-clock/api/keys';

/** ponto_configuracoes (one row, readable by every signed-in user): the days an employee has to request an adjustment. */
export async function getTimeClockSettings(signal?: AbortSignal): Promise<{ prazoDias: number }> {
  let query = supabase.from('ponto_configuracoes').select('prazo_solicitacao_dias');
  if (signal) query = query.abortSignal(signal);
  const { data, error } = await query.limit(1).maybeSingle();
  if (error) throw error;
  // The database's default (5 days) when the row is missing: the database decides the deadline all the same.
  return { prazoDias: data?.prazo_solicitacao_dias ?? 5 };
}

export function timeClockSettingsQueryOptions() {
  return queryOptions({ queryKey: timeClockKeys.settings(), queryFn: ({ signal }) => getTimeClockSettings(signal) });
}

export function useTimeClockSettings() {
  return useQuery(timeClockSettingsQueryOptions());
}
