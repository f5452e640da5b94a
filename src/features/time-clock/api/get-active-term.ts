import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { timeClockKeys } from '@/features/time-clock/api/keys';
import type { TermVersion } from '@/features/time-clock/types';

/** Spec §7: the latest active LGPD term version; null when there is none. */
export async function getActiveTerm(signal?: AbortSignal): Promise<TermVersion | null> {
  let query = supabase.from('versoes_termo_lgpd').select('id, versao, texto_termo, texto_sha256, created_at').eq('ativo', true).order('created_at', { ascending: false }).limit(1);
  if (signal) query = query.abortSignal(signal);
  const { data, error } = await query.maybeSingle();
  if (error) throw error;
  return data ? { id: data.id, versao: data.versao, texto: data.texto_termo, sha256: data.texto_sha256, createdAt: data.created_at } : null;
}

export function activeTermQueryOptions() {
  return queryOptions({ queryKey: timeClockKeys.activeTerm(), queryFn: ({ signal }) => getActiveTerm(signal) });
}

export function useActiveTerm() {
  return useQuery(activeTermQueryOptions());
}
