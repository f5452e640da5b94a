import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { profileNames, UNKNOWN_USER } from '@/lib/profiles';
import { saoPauloDayStart, saoPauloNextDayStart } from '@/lib/dates';
import { supabase } from '@/lib/supabase';
import { timeClockKeys } from '@/features/time-clock/api/keys';
import { evidenceAddress } from '@/features/time-clock/logic';

export interface ConsentEntry {
  id: string;
  employeeName: string;
  versao: string | null;
  at: string;
  origin: string | null;
}

/** Spec §7: accepted consents only, optional São Paulo date range on data_hora, newest first, joined to the version. */
export async function getConsents(from: string, to: string, signal?: AbortSignal): Promise<ConsentEntry[]> {
  let query = supabase
    .from('consentimentos_lgpd')
    .select('id, funcionario_id, data_hora, ip_origem, versao:versoes_termo_lgpd(versao)')
    .eq('aceito', true)
    .order('data_hora', { ascending: false })
    .limit(500);
  if (from) query = query.gte('data_hora', saoPauloDayStart(from));
  if (to) query = query.lt('data_hora', saoPauloNextDayStart(to));
  if (signal) query = query.abortSignal(signal);
  const { data, error } = await query;
  if (error) throw error;
  const names = await profileNames(data.map((row) => row.funcionario_id), signal);
  return data.map((row) => ({
    id: row.id,
    employeeName: names.get(row.funcionario_id) ?? UNKNOWN_USER,
    versao: row.versao?.versao ?? null,
    at: row.data_hora,
    origin: evidenceAddress(row.ip_origem),
  }));
}

export function consentsQueryOptions(from: string, to: string) {
  return queryOptions({ queryKey: timeClockKeys.consents(from, to), queryFn: ({ signal }) => getConsents(from, to, signal), placeholderData: keepPreviousData });
}

export function useConsents(from: string, to: string) {
  return useQuery(consentsQueryOptions(from, to));
}
