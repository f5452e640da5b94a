import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { timeClockKeys } from '@/features/time-clock/api/keys';
import type { TermVersion } from '@/features/time-clock/types';

/** Every version of the LGPD term, newest first, with which one is active. */
export async function getTermVersions(signal?: AbortSignal): Promise<(TermVersion & { active: boolean })[]> {
  let query = supabase.from('versoes_termo_lgpd').select('id, versao, texto_termo, texto_sha256, created_at, ativo').order('created_at', { ascending: false });
  if (signal) query = query.abortSignal(signal);
  const { data, error } = await query;
  if (error) throw error;
  return data.map((row) => ({ id: row.id, versao: row.versao, texto: row.texto_termo, sha256: row.texto_sha256, createdAt: row.created_at, active: row.ativo }));
}

export function termVersionsQueryOptions() {
  return queryOptions({ queryKey: timeClockKeys.termVersions(), queryFn: ({ signal }) => getTermVersions(signal) });
}

export function useTermVersions() {
  return useQuery(termVersionsQueryOptions());
}
